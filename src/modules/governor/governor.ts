/**
 * The outbound governor (DESIGN.md §10; docs/governor.md). ChatDelivery asks it, at the one point
 * where a message is handed to its provider, whether the message may go now (`admit`): the answer
 * is go, hold until a time (the message stays `pending`; a durable job releases it then), or fail.
 * It hears the provider's answer when it is an error (`afterError`) and turns Meta's and the
 * gateways' signals into state every process shares (governor-store.ts). Replies are never held
 * by the bulk rules; the channel's throughput holds everything.
 *
 * Order of the checks: the recipient's pair-rate delay (131056, any traffic); the bulk rules (a
 * paused or disconnected channel, quiet hours, a marketing-capped recipient, the per-recipient
 * gap, warm-up); the portfolio's business-initiated limit (templates outside the 24-hour window);
 * last the channel's throughput, whose slot is only taken when everything else lets it go.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/schema.js';
import { contactsMarketingCapped, customerMarketingCapped } from './marketing-cap.js';
import { tenantQueries } from '../../db/tenant.js';
import { RateLimitedError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import type { Metrics } from '../../lib/metrics.js';
import { DEFAULT_TIME_ZONE } from '../business-hours/index.js';
import { channelHealth, type GovernorChannelSettings } from '../channel-records/index.js';
import { activeChatLastInbound, WHATSAPP_WINDOW_MS } from '../shared/index.js';
import { budgetOf, isGateway, type ChannelBudget, type QuietHours } from './governor-settings.js';
import { GovernorStore, type RecipientState } from './governor-store.js';
import { quietUntil } from './quiet-hours.js';
import { isBulk } from './traffic.js';

const DAY_MS = 86_400_000;
/** Meta 130429: the channel runs at half its rate this long. */
export const SLOW_DOWN_MS = 60_000;
/** Meta 131056 without a configured gap: Meta's pair rate, one message every 6 s. */
const PAIR_RATE_MS = 6000;
/** A gateway's time-lock or cap (WAHA 463): its bulk traffic pauses this long. */
export const GATEWAY_PAUSE_MS = 30 * 60_000;
/** A disconnected channel's bulk traffic looks again this often. */
const DISCONNECTED_RECHECK_MS = 60_000;
/** A held message released within this of its slot goes (the job queue wakes a few ms late, never early). */
const SLOT_TOLERANCE_MS = 15;
/** Bulk traffic takes a send slot at most this far ahead (or two intervals), so replies never queue behind a campaign. */
const BULK_HORIZON_MS = 2000;

export const HOLD_REASONS = [
  'rate',
  'rate_backlog',
  'recipient_gap',
  'recipient_delayed',
  'quiet_hours',
  'paused',
  'disconnected',
  'warmup',
  'messaging_limit',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** The channel as the governor needs it; `settings` are read when the caller has none. */
export interface GovernedChannel {
  organizationId: string;
  channelId: string;
  kind: string;
  config: Record<string, unknown>;
  settings?: GovernorChannelSettings;
}

/** The message: its recipient and type, its traffic class, and the hold it is released from (if any). */
export interface GovernedMessage {
  id: string;
  recipient: string;
  type: string;
  traffic: string;
  held?: { until: string | null; reason: string | null };
}

export type Admission =
  { verdict: 'go' } | { verdict: 'hold'; untilMs: number; reason: HoldReason } | { verdict: 'fail'; code: string; message: string };

const GO: Admission = { verdict: 'go' };

export interface GovernorDeps {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
}

export class Governor {
  readonly store: GovernorStore;

  constructor(private readonly deps: GovernorDeps) {
    this.store = new GovernorStore(deps.db);
  }

  /** Whether the message may go now. A `go` has taken its send slot and done its bookkeeping. */
  async admit(channel: GovernedChannel, message: GovernedMessage): Promise<Admission> {
    const settings = channel.settings ?? (await this.settingsOf(channel));
    const budget = budgetOf(channel.kind, channel.config, settings);
    const bulk = isBulk(message.traffic);
    const official = channel.kind === 'whatsapp_official' && channel.config.sandbox !== true;
    const template = message.type === 'template';
    // The common case of a sandbox or unlimited channel: nothing to read, nothing to write.
    if (!budget.maxPerSecond && !bulk && !official && !(template && budget.portfolio)) return this.count(channel, message, GO);
    const facts = { budget, bulk, official, template };
    // Bulk decisions read and write the recipient's state: one transaction behind the channel's row
    // lock, so two processes (or two jobs) never both take the same recipient's gap or warm-up place.
    const admission = bulk
      ? await this.deps.db.transaction().execute(async (trx) => {
          await new GovernorStore(trx).lockChannel(channel.organizationId, channel.channelId, this.deps.clock.now().getTime());
          return this.decide(trx, channel, message, facts);
        })
      : await this.decide(this.deps.db, channel, message, facts);
    return this.count(channel, message, admission);
  }

  private async decide(
    db: Executor,
    channel: GovernedChannel,
    message: GovernedMessage,
    { budget, bulk, official, template }: { budget: ChannelBudget; bulk: boolean; official: boolean; template: boolean },
  ): Promise<Admission> {
    const store = new GovernorStore(db);
    const now = this.deps.clock.now().getTime();
    const { organizationId: org, channelId } = channel;
    const heldUntil = message.held?.until ? Date.parse(message.held.until) : 0;
    const ownsSlot = message.held?.reason === 'rate' && heldUntil <= now + SLOT_TOLERANCE_MS;
    const recipient = bulk || official ? await store.recipient(org, channelId, message.recipient) : undefined;
    if (recipient && recipient.delayedUntil > now) return hold(recipient.delayedUntil, 'recipient_delayed');
    if (bulk) {
      const held = await this.bulkHold(db, channel, budget, message, recipient, now, ownsSlot);
      if (held) return held;
    }
    let businessInitiated = false;
    if (template && budget.portfolio && (await this.outsideWindow(db, channel, message.recipient, now))) {
      const window = await store.portfolioWindow(org, budget.portfolio.id, message.recipient, now);
      if (!window.counted && window.count >= budget.portfolio.messagingLimit)
        return hold((window.oldestMs ?? now) + DAY_MS, 'messaging_limit');
      businessInitiated = !window.counted;
    }
    let sendAt = now;
    if (budget.maxPerSecond && !ownsSlot) {
      const state = await store.channel(org, channelId);
      const interval = (1000 / budget.maxPerSecond) * (state && state.slowedUntil > now ? 2 : 1);
      const jittered = interval * (1 + (Math.random() * 2 - 1) * budget.jitter);
      const horizon = bulk ? Math.max(BULK_HORIZON_MS, 2 * interval) : Infinity;
      const slot = await store.reserveSlot(org, channelId, now, jittered, horizon);
      if (!slot.taken) {
        // Bulk behind a backlog: come back around when a slot is near, spread over the backlog so the waiting messages do not all wake at once.
        const backlog = (await store.queue(org, channelId)).bulk * interval;
        return hold(slot.slotMs - horizon + Math.random() * Math.max(horizon, backlog), 'rate_backlog');
      }
      sendAt = slot.slotMs;
    }
    if (bulk) {
      // The recipient is taken from the slot on, so a second bulk message waits its gap even while this one waits its slot.
      await store.markRecipient(org, channelId, message.recipient, {
        ...(budget.minRecipientGapMs > 0 ? { nextBulkAt: sendAt + budget.minRecipientGapMs } : {}),
        firstBulkAt: now,
      });
    }
    if (businessInitiated) await store.recordBusinessInitiated(org, budget.portfolio!.id, channelId, message.recipient, now);
    if (sendAt > now + SLOT_TOLERANCE_MS) return hold(sendAt, 'rate');
    if (message.held?.until) {
      await tenantQueries(db, org)
        .updateTable('messages')
        .set({ held_until: null, held_reason: null })
        .where('id', '=', message.id)
        .execute();
    }
    return GO;
  }

  /** The bulk rules, in order; undefined when none holds the message. */
  private async bulkHold(
    db: Executor,
    channel: GovernedChannel,
    budget: ChannelBudget,
    message: GovernedMessage,
    recipient: RecipientState | undefined,
    now: number,
    ownsSlot: boolean,
  ): Promise<Admission | undefined> {
    const { organizationId: org, channelId } = channel;
    const store = new GovernorStore(db);
    const state = await store.channel(org, channelId);
    if (state && state.pausedUntil > now) return hold(state.pausedUntil, 'paused');
    const health = await channelHealth(db, org, channelId);
    if (health?.health === 'disconnected') return hold(now + DISCONNECTED_RECHECK_MS, 'disconnected');
    const quiet = await this.quietHoursEnd(db, org, now);
    if (quiet) return hold(quiet, 'quiet_hours');
    if (message.type === 'template' && recipient && recipient.marketingCappedUntil > now)
      return {
        verdict: 'fail',
        code: 'MARKETING_CAPPED',
        message: 'The recipient reached their marketing message cap (Meta 131049): no marketing template goes to them for 24 hours',
      };
    if (!ownsSlot && recipient && recipient.nextBulkAt > now) return hold(recipient.nextBulkAt, 'recipient_gap');
    if (budget.warmup && !recipient?.firstBulkAt) {
      // Day 1 starts at warmupStartedAt; past the last cap the warm-up is over.
      const day = Math.floor((now - budget.warmup.startedAt) / DAY_MS);
      const cap = day >= 0 ? budget.warmup.caps[day] : undefined;
      if (cap !== undefined) {
        const dayStart = budget.warmup.startedAt + day * DAY_MS;
        if ((await store.newBulkRecipients(org, channelId, dayStart, dayStart + DAY_MS)) >= cap) return hold(dayStart + DAY_MS, 'warmup');
      }
    }
    return undefined;
  }

  /**
   * What a provider's refusal means to the governor (DESIGN.md §10, the signals of §9). Answers a
   * hold when the message should wait instead of failing or retrying on the usual backoff.
   */
  async afterError(
    channel: GovernedChannel,
    message: GovernedMessage,
    error: { code: string; message: string },
  ): Promise<Admission | undefined> {
    const now = this.deps.clock.now().getTime();
    const { organizationId: org, channelId } = channel;
    const signal = (code: string) => this.deps.metrics.governorSignals.inc({ channel: channelId, code });
    switch (error.code) {
      case '130429':
        signal(error.code);
        await this.store.signalChannel(org, channelId, now, { code: error.code, message: error.message, slowUntilMs: now + SLOW_DOWN_MS });
        return undefined;
      case '131056': {
        signal(error.code);
        const settings = channel.settings ?? (await this.settingsOf(channel));
        const until = now + (budgetOf(channel.kind, channel.config, settings).minRecipientGapMs || PAIR_RATE_MS);
        await this.store.markRecipient(org, channelId, message.recipient, { delayedUntil: until });
        return this.count(channel, message, hold(until, 'recipient_delayed'));
      }
      case '131049':
        signal(error.code);
        await this.store.markRecipient(org, channelId, message.recipient, { marketingCappedUntil: now + DAY_MS });
        return undefined;
      case '131047':
        signal(error.code);
        return undefined;
    }
    if (isGateway(channel.kind) && error.code === 'HTTP_463') {
      signal('463');
      await this.store.signalChannel(org, channelId, now, { code: '463', message: error.message, pauseUntilMs: now + GATEWAY_PAUSE_MS });
      if (isBulk(message.traffic)) return this.count(channel, message, hold(now + GATEWAY_PAUSE_MS, 'paused'));
    }
    return undefined;
  }

  /**
   * An API or console template send over the portfolio's messaging limit is refused before it is
   * stored: 429 MESSAGING_LIMIT with Retry-After (when the oldest counted recipient leaves the
   * rolling 24 hours). Bulk traffic is not refused: `admit` holds it.
   */
  async assertMessagingBudget(channel: GovernedChannel, recipient: string): Promise<void> {
    const settings = channel.settings ?? (await this.settingsOf(channel));
    const { portfolio } = budgetOf(channel.kind, channel.config, settings);
    if (!portfolio) return;
    const now = this.deps.clock.now().getTime();
    if (!(await this.outsideWindow(this.deps.db, channel, recipient, now))) return;
    const window = await this.store.portfolioWindow(channel.organizationId, portfolio.id, recipient, now);
    if (window.counted || window.count < portfolio.messagingLimit) return;
    const retryAfter = Math.max(1, Math.ceil(((window.oldestMs ?? now) + DAY_MS - now) / 1000));
    throw new RateLimitedError(
      `The portfolio's messaging limit (${portfolio.messagingLimit} people a day outside their 24-hour window) is reached; try again later`,
      retryAfter,
      'MESSAGING_LIMIT',
    );
  }

  /** Whether a customer (any of their contacts) or a contact is capped for marketing (Meta 131049) now. Campaigns count them `capped`. */
  async isMarketingCapped(organizationId: string, who: { customerId: string } | { contact: string }): Promise<boolean> {
    const q = tenantQueries(this.deps.db, organizationId);
    const now = this.deps.clock.now().toISOString();
    return 'contact' in who ? contactsMarketingCapped(q, [who.contact], now) : customerMarketingCapped(q, who.customerId, now);
  }

  /** Whether the contact's active chat on the channel is outside WhatsApp's 24-hour window (or the contact never wrote). */
  private async outsideWindow(db: Executor, channel: GovernedChannel, recipient: string, now: number): Promise<boolean> {
    const lastInbound = await activeChatLastInbound(db, channel, recipient);
    return !lastInbound || Date.parse(lastInbound) + WHATSAPP_WINDOW_MS <= now;
  }

  private async quietHoursEnd(db: Executor, organizationId: string, now: number): Promise<number | undefined> {
    const org = await db.selectFrom('organizations').select('settings').where('id', '=', organizationId).executeTakeFirst();
    const settings = fromJson<{ quietHours?: QuietHours | null; timezone?: string }>(org?.settings, {});
    return quietUntil(now, settings.quietHours, settings.timezone ?? DEFAULT_TIME_ZONE);
  }

  async settingsOf(channel: { organizationId: string; channelId: string }): Promise<GovernorChannelSettings> {
    const row = await tenantQueries(this.deps.db, channel.organizationId)
      .selectFrom('channels')
      .select('settings')
      .where('id', '=', channel.channelId)
      .executeTakeFirst();
    return fromJson<GovernorChannelSettings>(row?.settings, {});
  }

  private count(channel: GovernedChannel, message: GovernedMessage, admission: Admission): Admission {
    const { metrics } = this.deps;
    if (admission.verdict === 'go') metrics.governorAdmitted.inc({ channel: channel.channelId, traffic: message.traffic });
    else if (admission.verdict === 'hold') metrics.governorHeld.inc({ channel: channel.channelId, reason: admission.reason });
    return admission;
  }
}

function hold(untilMs: number, reason: HoldReason): Admission {
  return { verdict: 'hold', untilMs: Math.ceil(untilMs), reason };
}
