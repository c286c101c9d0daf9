/**
 * The governor's shared state in the database (migration 0033), so every process keeps the same
 * budgets: the channel's throughput cursor, advanced with a compare-and-set (no lock held, no
 * transaction, safe across processes on both databases); what it knows of each recipient; the
 * portfolio's business-initiated log. No clock here: every function takes the instant.
 */
import type { Executor } from '../../db/executor.js';
import { tenantQueries } from '../../db/tenant.js';
import { newId } from '../../lib/ids.js';

const DAY_MS = 86_400_000;
/** Compare-and-set attempts before a reservation gives up and holds the message briefly instead. */
const CAS_ATTEMPTS = 50;

export interface ChannelState {
  nextAtMs: number;
  slowedUntil: number;
  pausedUntil: number;
  signal: { code: string; message: string | null; at: string } | null;
}

export interface RecipientState {
  nextBulkAt: number;
  delayedUntil: number;
  marketingCappedUntil: number;
  firstBulkAt: number | null;
}

const ms = (iso: string | null | undefined) => (iso ? Date.parse(iso) : 0);
const iso = (at: number) => new Date(at).toISOString();

export class GovernorStore {
  constructor(private readonly db: Executor) {}

  async channel(organizationId: string, channelId: string): Promise<ChannelState | undefined> {
    const row = await tenantQueries(this.db, organizationId)
      .selectFrom('governor_channels')
      .selectAll()
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      nextAtMs: Number(row.next_at_ms),
      slowedUntil: ms(row.slowed_until),
      pausedUntil: ms(row.paused_until),
      signal: row.signal_code ? { code: row.signal_code, message: row.signal_message, at: row.signal_at ?? '' } : null,
    };
  }

  /**
   * Inside the caller's transaction: the channel's row locked (a no-op write) until it commits, so
   * the bulk decisions of every process on this channel take turns. On SQLite the write takes the
   * database's write lock, on PostgreSQL the row's.
   */
  async lockChannel(organizationId: string, channelId: string, nowMs: number): Promise<void> {
    await this.ensureChannel(organizationId, channelId, nowMs);
    await tenantQueries(this.db, organizationId)
      .updateTable('governor_channels')
      .set((eb) => ({ next_at_ms: eb.ref('next_at_ms') }))
      .where('channel_id', '=', channelId)
      .execute();
  }

  private async ensureChannel(organizationId: string, channelId: string, nowMs: number): Promise<void> {
    await this.db
      .insertInto('governor_channels')
      .values({ channel_id: channelId, organization_id: organizationId, next_at_ms: nowMs })
      .onConflict((oc) => oc.column('channel_id').doNothing())
      .execute();
  }

  /**
   * Takes the channel's next send slot: `max(cursor, now)`, moving the cursor one `intervalMs` past
   * it. `horizonMs` (bulk) declines a slot further away than that: it answers the slot without
   * taking it, so a long bulk backlog never pushes ahead of replies. Answers the slot (epoch ms) and
   * whether it was taken.
   */
  async reserveSlot(
    organizationId: string,
    channelId: string,
    nowMs: number,
    intervalMs: number,
    horizonMs = Infinity,
  ): Promise<{ slotMs: number; taken: boolean }> {
    for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
      const state = await this.channel(organizationId, channelId);
      if (!state) {
        await this.ensureChannel(organizationId, channelId, nowMs);
        continue;
      }
      const slotMs = Math.max(state.nextAtMs, nowMs);
      if (slotMs - nowMs > horizonMs) return { slotMs, taken: false };
      const moved = await tenantQueries(this.db, organizationId)
        .updateTable('governor_channels')
        .set({ next_at_ms: slotMs + intervalMs })
        .where('channel_id', '=', channelId)
        .where('next_at_ms', '=', state.nextAtMs)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) return { slotMs, taken: true };
    }
    return { slotMs: nowMs + intervalMs, taken: false };
  }

  /** A provider's signal about the whole channel: slowed (130429) or bulk paused (463) until `untilMs`. */
  async signalChannel(
    organizationId: string,
    channelId: string,
    nowMs: number,
    signal: { code: string; message: string; slowUntilMs?: number; pauseUntilMs?: number },
  ): Promise<void> {
    await this.ensureChannel(organizationId, channelId, nowMs);
    await tenantQueries(this.db, organizationId)
      .updateTable('governor_channels')
      .set({
        signal_code: signal.code,
        signal_message: signal.message.slice(0, 500),
        signal_at: iso(nowMs),
        ...(signal.slowUntilMs ? { slowed_until: iso(signal.slowUntilMs) } : {}),
        ...(signal.pauseUntilMs ? { paused_until: iso(signal.pauseUntilMs) } : {}),
      })
      .where('channel_id', '=', channelId)
      .execute();
  }

  async recipient(organizationId: string, channelId: string, recipient: string): Promise<RecipientState | undefined> {
    const row = await tenantQueries(this.db, organizationId)
      .selectFrom('governor_recipients')
      .selectAll()
      .where('channel_id', '=', channelId)
      .where('recipient', '=', recipient)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      nextBulkAt: ms(row.next_bulk_at),
      delayedUntil: ms(row.delayed_until),
      marketingCappedUntil: ms(row.marketing_capped_until),
      firstBulkAt: row.first_bulk_at ? ms(row.first_bulk_at) : null,
    };
  }

  /** Sets some of a recipient's fields (the row made when missing). */
  async markRecipient(
    organizationId: string,
    channelId: string,
    recipient: string,
    fields: { nextBulkAt?: number; delayedUntil?: number; marketingCappedUntil?: number; firstBulkAt?: number },
  ): Promise<void> {
    const values = {
      ...(fields.nextBulkAt !== undefined ? { next_bulk_at: iso(fields.nextBulkAt) } : {}),
      ...(fields.delayedUntil !== undefined ? { delayed_until: iso(fields.delayedUntil) } : {}),
      ...(fields.marketingCappedUntil !== undefined ? { marketing_capped_until: iso(fields.marketingCappedUntil) } : {}),
    };
    await this.db
      .insertInto('governor_recipients')
      .values({
        organization_id: organizationId,
        channel_id: channelId,
        recipient,
        ...values,
        ...(fields.firstBulkAt !== undefined ? { first_bulk_at: iso(fields.firstBulkAt) } : {}),
      })
      .onConflict((oc) =>
        oc.columns(['channel_id', 'recipient']).doUpdateSet((eb) => ({
          ...values,
          // The first bulk message is the first: a later one never moves it.
          ...(fields.firstBulkAt !== undefined
            ? { first_bulk_at: eb.fn.coalesce('governor_recipients.first_bulk_at', eb.val(iso(fields.firstBulkAt))) }
            : {}),
        })),
      )
      .execute();
  }

  /** Recipients of the channel whose first bulk message fell in [fromMs, toMs): the warm-up day's new ones. */
  async newBulkRecipients(organizationId: string, channelId: string, fromMs: number, toMs: number): Promise<number> {
    const row = await tenantQueries(this.db, organizationId)
      .selectFrom('governor_recipients')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('channel_id', '=', channelId)
      .where('first_bulk_at', '>=', iso(fromMs))
      .where('first_bulk_at', '<', iso(toMs))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The portfolio's business-initiated recipients in the 24 hours before `nowMs`: how many, whether
   * `recipient` is one of them, and when the oldest leaves the window.
   */
  async portfolioWindow(
    organizationId: string,
    portfolioId: string,
    recipient: string,
    nowMs: number,
  ): Promise<{ count: number; counted: boolean; oldestMs: number | null }> {
    const since = iso(nowMs - DAY_MS);
    const q = tenantQueries(this.db, organizationId)
      .selectFrom('governor_business_initiated')
      .where('portfolio_id', '=', portfolioId)
      .where('sent_at', '>', since);
    const totals = await q
      .select((eb) => [eb.fn.count<number>('recipient').distinct().as('n'), eb.fn.min('sent_at').as('oldest')])
      .executeTakeFirstOrThrow();
    const mine = await q.select('id').where('recipient', '=', recipient).limit(1).executeTakeFirst();
    return { count: Number(totals.n), counted: mine !== undefined, oldestMs: totals.oldest ? ms(String(totals.oldest)) : null };
  }

  async recordBusinessInitiated(organizationId: string, portfolioId: string, channelId: string, recipient: string, nowMs: number) {
    await this.db
      .insertInto('governor_business_initiated')
      .values({
        id: newId(),
        organization_id: organizationId,
        portfolio_id: portfolioId,
        channel_id: channelId,
        recipient,
        sent_at: iso(nowMs),
      })
      .execute();
  }

  /** The channel's queue: pending messages the governor holds, and the earliest release. */
  async queue(organizationId: string, channelId: string): Promise<{ length: number; bulk: number; nextRelease: string | null }> {
    const row = await tenantQueries(this.db, organizationId)
      .selectFrom('messages')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(eb.case().when('traffic', '=', 'bulk').then(1).else(0).end()).as('bulk'),
        eb.fn.min('held_until').as('next'),
      ])
      .where('channel_id', '=', channelId)
      .where('held_until', 'is not', null)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return {
      length: Number(row.n),
      bulk: Number(row.bulk ?? 0),
      nextRelease: row.next ? new Date(ms(String(row.next))).toISOString() : null,
    };
  }
}
