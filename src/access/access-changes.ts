/**
 * "Someone's rights changed": what tells every process to forget what its access cache
 * (access-cache.ts) holds, so a revoked key, a removed member or a signed-out session fails on its
 * next request in any process.
 *
 * - PostgreSQL: triggers notify `conversa_access` with `profile:<id>` at the commit of every change
 *   that can take a right away (migration 0016), whoever made it (the API, the CLI, a cascade, SQL
 *   by hand). Every process hears it on one LISTEN connection (db/pg-channel.ts), opened at start like the job
 *   worker's (jobs/worker.ts) and the event wake-ups' (event-log/event-wakeups.ts); a lost
 *   connection is opened again a second later. While it is not listening the cache is not trusted
 *   (`live` is false: every request reads the database) and it is emptied when listening again, so
 *   a notification missed meanwhile cannot leave a right in place.
 *   The process that made a change (`changed`) forgets at once, then sends a `sync:<id>`
 *   notification of its own after the change's commit and waits (at most SYNC_WAIT_MS) until its own
 *   connection hears it: notifications reach each listener in commit order, so by then every
 *   process's connection has been handed the change too, before the answer that reports it leaves.
 * - SQLite: the process that made a change forgets at once (rights: `changed`; channels and
 *   organizations: temporary triggers, db/sqlite-change-notices.ts). Another process on the same file (the
 *   CLI, a second `serve`) is noticed by `PRAGMA data_version` (it changes when another connection
 *   commits), looked at before every cached answer: any commit of another process empties the cache.
 */
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database$ } from '../db/connection.js';
import { PgChannel } from '../db/pg-channel.js';
import type { DB } from '../db/schema.js';
import { newId } from '../lib/ids.js';

/** The LISTEN/NOTIFY channel; the triggers of migration 0016 name it too. */
export const ACCESS_CHANNEL = 'conversa_access';

/** The longest a change waits for its own sync notification (a slow server: the answer goes anyway). */
const SYNC_WAIT_MS = 1000;
const RELISTEN_MS = 1000;

/**
 * What to forget: one profile's cached rights; one organization's cached settings, plan and send
 * limit (access/default-countries.ts, access/kept-channels.ts; migrations 0049 and 0050 notify
 * `organization:<id>`); one channel as a send resolves it (migration 0050 notifies `channel:<id>`);
 * or everything.
 */
export type Forget = { profileId: string } | { organizationId: string } | { channelId: string } | 'all';

export interface AccessChangesOptions {
  database: Pick<Database$, 'db' | 'dialect' | 'pgPool' | 'dataVersion' | 'hearChanges'>;
  logger: Logger;
}

export class AccessChanges {
  private readonly listeners = new Set<(forget: Forget) => void>();
  private readonly syncs = new Map<string, () => void>();
  /** PostgreSQL: the LISTEN (db/pg-channel.ts); the cache is trusted only while it is in place. */
  private readonly notifications: PgChannel | undefined;
  private dataVersion: number | undefined;
  /** SQLite: whether `start` installed the notices of this process's own writes (db/sqlite-change-notices.ts). */
  private hearing = false;
  private readonly db: Kysely<DB>;

  constructor(private readonly options: AccessChangesOptions) {
    this.db = options.database.db;
    const { pgPool } = options.database;
    if (pgPool) {
      this.notifications = new PgChannel({
        pool: pgPool,
        channel: ACCESS_CHANNEL,
        logger: options.logger,
        name: 'access',
        onNotification: (payload) => this.heard(payload),
        // Whatever changed while nobody listened is unknown: forget everything, then trust the cache again.
        onListening: () => this.emit('all'),
        onLost: () => this.emit('all'),
        retryMs: RELISTEN_MS,
      });
    }
  }

  /**
   * Whether cached rights may be used now: PostgreSQL, while LISTEN is in place; SQLite, once
   * `start` installed the notices of this process's own writes, after looking whether another
   * process committed (which empties the cache first). A process that never starts it (`conversa
   * worker`, the admin CLI) keeps nothing: its own writes to channels would go unheard.
   */
  get live(): boolean {
    const { dataVersion } = this.options.database;
    if (!dataVersion) return this.notifications?.listening ?? false;
    if (!this.hearing) return false;
    const version = dataVersion();
    if (version !== this.dataVersion) {
      if (this.dataVersion !== undefined) this.emit('all');
      this.dataVersion = version;
    }
    return true;
  }

  /** Hears every change to rights (in this process and, on PostgreSQL, in every other). */
  subscribe(listener: (forget: Forget) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** PostgreSQL: opens the LISTEN connection (a failure is logged and retried; the cache stays off meanwhile). */
  async start(): Promise<void> {
    if (!this.notifications) {
      this.dataVersion = this.options.database.dataVersion?.();
      // This process's own writes to channels and organizations, heard as the triggers notify on PostgreSQL.
      this.options.database.hearChanges?.((payload) => this.heard(payload));
      this.hearing = true;
      return;
    }
    await this.notifications.start();
  }

  /**
   * After a change to these profiles' rights has committed: forget here at once, and (PostgreSQL)
   * return once every process's LISTEN connection has been handed it (see above).
   */
  async changed(profileIds: readonly string[]): Promise<void> {
    for (const profileId of profileIds) this.emit({ profileId });
    await this.synced();
  }

  /** As `changed`, after a change to the organization's settings (or its deletion) has committed. */
  async organizationChanged(organizationId: string): Promise<void> {
    this.emit({ organizationId });
    await this.synced();
  }

  /**
   * As `changed`, after a change to a channel through the API has committed: whatever kept it
   * (kept-channels.ts) reads it again in every process before the change's answer leaves.
   */
  async channelChanged(channelId: string): Promise<void> {
    this.emit({ channelId });
    await this.synced();
  }

  /** PostgreSQL: returns once this process's LISTEN connection heard its own sync notification (see above). */
  private async synced(): Promise<void> {
    if (!this.notifications?.listening) return;
    const token = newId();
    const heard = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SYNC_WAIT_MS);
      timer.unref();
      this.syncs.set(token, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    try {
      await sql`select pg_notify(${ACCESS_CHANNEL}, ${`sync:${token}`})`.execute(this.db);
      await heard;
    } catch (err) {
      this.options.logger.warn({ err }, 'access change sync notification failed');
    } finally {
      this.syncs.delete(token);
    }
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.notifications?.close();
  }

  private emit(forget: Forget): void {
    for (const listener of this.listeners) listener(forget);
  }

  private heard(payload: string): void {
    if (payload.startsWith('sync:')) return this.syncs.get(payload.slice('sync:'.length))?.();
    if (payload.startsWith('profile:')) return this.emit({ profileId: payload.slice('profile:'.length) });
    if (payload.startsWith('organization:')) return this.emit({ organizationId: payload.slice('organization:'.length) });
    if (payload.startsWith('channel:')) return this.emit({ channelId: payload.slice('channel:'.length) });
    this.emit('all');
  }
}
