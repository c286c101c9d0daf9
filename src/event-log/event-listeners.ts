/**
 * PostgreSQL: which organizations' events send a notification. NOTIFY serializes the commits of
 * every notifying transaction on the server (one lock held through each commit), and notifying for
 * every event cut event-recording transactions from about 1,100/s to 400/s with 10 writers. So only
 * organizations that some process streams notify: each process keeps a row in `event_listeners` per
 * organization it streams (refreshed every REFRESH_MS while its streams are open, expiring after
 * TTL_SECONDS, deleted when the process closes), and the event log's gated subscriber counts the
 * organization's live rows inside the event's own insert (event-log.ts): without one, recording an
 * event costs nothing more; with one, it sends `pg_notify` once per transaction and organization,
 * delivered at commit.
 *
 * A transaction that inserted its event before a registration committed found no row and will not
 * notify. So after registering, `watch` waits in the background until every transaction of this
 * database that was running then has ended (the horizon, horizon.ts, passes the snapshot's xmax taken
 * after the registration) and then wakes the organization's readers once; their read after the
 * cursor finds those events.
 */
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DB } from '../db/schema.js';
import type { Executor } from '../db/executor.js';
import { newId } from '../lib/ids.js';
import type { EventSubscriber } from './event-log.js';
import { TRANSACTION_HORIZON } from './horizon.js';

/** The LISTEN/NOTIFY channel of event wake-ups; the payload is the organization id. */
export const EVENTS_CHANNEL = 'conversa_events';

/** A registration outlives its last refresh by this long (a process that died stops counting then). */
const TTL_SECONDS = 120;
const REFRESH_MS = 30_000;
const FIRST_CATCH_UP_WAIT_MS = 2;

export interface EventListenersOptions {
  db: Kysely<DB>;
  logger: Logger;
  /** Wakes this process's readers of these organizations. */
  wake: (organizationIds: readonly string[]) => void;
  /** The longest wait between two looks while catching up. */
  pollMs: number;
}

export class EventListeners {
  /** This process, as its rows name it. */
  readonly listenerId = newId();
  /** Streams open per organization, and when its row was last written (ms). */
  private readonly watched = new Map<string, { streams: number; registered: Promise<void>; refreshedAt: number }>();
  private refresh: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: EventListenersOptions) {}

  /** The event log's subscriber: notifies, at commit, for an organization that some process streams. */
  subscriber(): EventSubscriber {
    const notified = new WeakMap<Executor, Set<string>>();
    return {
      name: 'realtime',
      interest: (db, organizationId) =>
        db
          .selectFrom('event_listeners')
          .select((count) => count.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId)
          .where('expires_at', '>', sql<string>`now()`),
      async onRecorded(trx, event) {
        // PostgreSQL folds equal notifications of one transaction; one round trip per organization is enough.
        let organizations = notified.get(trx);
        if (!organizations) notified.set(trx, (organizations = new Set()));
        if (organizations.has(event.organizationId)) return;
        organizations.add(event.organizationId);
        await sql`select pg_notify(${EVENTS_CHANNEL}, ${event.organizationId})`.execute(trx);
      },
    };
  }

  /** Counts a stream of the organization, registering it if needed; call the returned function when the stream ends. */
  async watch(organizationId: string): Promise<() => void> {
    let entry = this.watched.get(organizationId);
    if (!entry) {
      entry = { streams: 0, registered: Promise.resolve(), refreshedAt: 0 };
      this.watched.set(organizationId, entry);
    }
    entry.streams++;
    if (Date.now() - entry.refreshedAt > (TTL_SECONDS * 1000) / 2) {
      entry.refreshedAt = Date.now();
      entry.registered = this.register([organizationId]);
    }
    this.refresh ??= setInterval(() => void this.refreshAll(), REFRESH_MS);
    this.refresh.unref();
    const current = entry;
    try {
      await current.registered;
    } catch (err) {
      current.refreshedAt = 0;
      this.release(organizationId, current);
      throw err;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(organizationId, current);
    };
  }

  /** Removes this process's rows (shutdown); writers stop notifying for it at once. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.refresh);
    this.watched.clear();
    await this.options.db
      .deleteFrom('event_listeners')
      .where('listener_id', '=', this.listenerId)
      .execute()
      .catch((err) => this.options.logger.warn({ err }, 'removing event listener registrations failed'));
  }

  /** A released organization's row is left to expire: a stream opening again soon needs no new registration. */
  private release(organizationId: string, entry: { streams: number }): void {
    entry.streams--;
    if (entry.streams === 0 && this.watched.get(organizationId) === entry) this.watched.delete(organizationId);
  }

  private async register(organizationIds: readonly string[]): Promise<void> {
    const rows = organizationIds.map((organizationId) => ({
      organization_id: organizationId,
      listener_id: this.listenerId,
      expires_at: sql<string>`now() + make_interval(secs => ${TTL_SECONDS})`,
    }));
    await this.options.db
      .insertInto('event_listeners')
      .values(rows as never)
      .onConflict((conflict) =>
        conflict.columns(['organization_id', 'listener_id']).doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') }),
      )
      .execute();
    void this.catchUp(organizationIds);
  }

  /** Wakes the organizations once every transaction running at the registration has ended (see above). */
  private async catchUp(organizationIds: readonly string[]): Promise<void> {
    try {
      const { rows } = await sql<{ xmax: string }>`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`.execute(this.options.db);
      const registeredAt = rows[0]!.xmax; // a select without `from` answers one row
      for (let wait = FIRST_CATCH_UP_WAIT_MS; !this.closed; wait = Math.min(wait * 2, this.options.pollMs)) {
        const passed = await sql<{ passed: boolean }>`select ${TRANSACTION_HORIZON} >= ${registeredAt}::xid8 as passed`.execute(
          this.options.db,
        );
        if (passed.rows[0]!.passed) break;
        await new Promise((resolve) => setTimeout(resolve, wait).unref());
      }
    } catch (err) {
      this.options.logger.warn({ err }, 'waiting for transactions older than an event listener registration failed');
    }
    if (!this.closed) this.options.wake(organizationIds);
  }

  /** Keeps the rows of streamed organizations alive; clears expired rows of processes gone. */
  private async refreshAll(): Promise<void> {
    const organizationIds = [...this.watched.keys()];
    if (organizationIds.length === 0 || this.closed) return;
    try {
      // Rows not refreshed within their lifetime may have expired meanwhile: registering them again catches up.
      await this.register(organizationIds);
      const now = Date.now();
      for (const entry of this.watched.values()) entry.refreshedAt = now;
      await this.options.db
        .deleteFrom('event_listeners')
        .where('expires_at', '<', sql<string>`now()`)
        .execute();
    } catch (err) {
      this.options.logger.warn({ err }, 'refreshing event listener registrations failed; trying again shortly');
    }
  }
}
