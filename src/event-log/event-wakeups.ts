/**
 * "New events of these organizations were committed": the wake-up of readers that wait on the event
 * log (the realtime stream, modules/events/event-streams.ts). A wake-up is a hint, never data: the
 * reader reads the log after its own cursor, so a spurious wake-up costs one read and a lost one is
 * caught by the next.
 *
 * - PostgreSQL: an event of an organization that some process streams notifies EVENTS_CHANNEL at
 *   commit with the organization id (event-listeners.ts: `watch` registers an organization, the
 *   event log's subscriber notifies); every process hears it on one LISTEN connection shared by all
 *   its readers, opened when the first reader subscribes (a worker-only process never opens it).
 *   Like the job worker's (jobs/worker.ts), a lost connection is opened again a second later; until
 *   then readers are woken every `pollMs`, and once more when it is back.
 * - SQLite: the event log hands every event recorded by this process to `subscriber()`,
 *   inside the recording transaction; the wake-up runs after the current microtasks, and the
 *   reader's query queues behind that transaction on SQLite's single connection, so it sees the
 *   commit. Events written by another process on the same file (a separate `conversa worker`) are
 *   noticed every `pollMs` by `PRAGMA data_version`, which changes when another connection commits.
 */
import type pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Dialect } from '../db/connection.js';
import { PgChannel } from '../db/pg-channel.js';
import type { DB } from '../db/schema.js';
import type { EventSubscriber } from './event-log.js';
import { EVENTS_CHANNEL, EventListeners } from './event-listeners.js';

/** The organizations whose events changed, or every organization. */
export type WakeTarget = readonly string[] | 'all';

export type WakeListener = (target: WakeTarget) => void;

export interface EventWakeupsOptions {
  dialect: Dialect;
  db: Kysely<DB>;
  pgPool?: pg.Pool;
  logger: Logger;
  /** How often to look without a notification: PostgreSQL while LISTEN is down; SQLite for other processes' commits. */
  pollMs: number;
}

export class EventWakeups {
  private readonly listeners = new Set<WakeListener>();
  /** PostgreSQL: the LISTEN (db/pg-channel.ts), opened with the first reader. */
  private readonly notifications: PgChannel | undefined;
  private listening: Promise<void> | undefined;
  private poll: NodeJS.Timeout | undefined;
  private dataVersion: number | undefined;
  private closed = false;
  /** PostgreSQL: the organizations this process streams, whose events notify. */
  private readonly registrations: EventListeners | undefined;

  constructor(private readonly options: EventWakeupsOptions) {
    if (options.pgPool) {
      this.notifications = new PgChannel({
        pool: options.pgPool,
        channel: EVENTS_CHANNEL,
        logger: options.logger,
        name: 'event',
        onNotification: (payload) => this.wake(payload === '*' || payload === '' ? 'all' : payload.split(',')),
        // Until it is back readers are woken every pollMs; once back, once more, for what came meanwhile.
        onListening: (again) => {
          this.stopPolling();
          if (again) this.wake('all');
        },
        onLost: () => this.startPolling(),
      });
    }
    if (options.dialect === 'postgres') {
      this.registrations = new EventListeners({
        db: options.db,
        logger: options.logger,
        pollMs: options.pollMs,
        wake: (organizationIds) => this.wake(organizationIds),
      });
    }
  }

  /**
   * Counts a reader of the organization; resolves once its events will wake this process (the
   * PostgreSQL registration, event-listeners.ts). Call the returned function when the reader leaves.
   */
  async watch(organizationId: string): Promise<() => void> {
    return this.registrations ? this.registrations.watch(organizationId) : () => undefined;
  }

  /** Starts hearing wake-ups with the first listener; returns the unsubscribe. */
  subscribe(listener: WakeListener): () => void {
    this.listeners.add(listener);
    if (this.options.dialect === 'postgres') void this.ready();
    else this.startPolling();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.options.dialect === 'sqlite') this.stopPolling();
    };
  }

  /**
   * Resolves once every later commit will be heard, so a reader that reads its starting point after
   * this misses none: PostgreSQL, once LISTEN is in place (or has failed, the poll then standing in);
   * SQLite, once the data version the poll compares with has been read.
   */
  ready(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.options.dialect === 'sqlite') return this.dataVersion === undefined ? this.look() : Promise.resolve();
    this.listening ??= this.notifications?.start() ?? Promise.resolve();
    return this.listening;
  }

  /**
   * The event log's subscriber: PostgreSQL, the notification of a streamed organization's events;
   * SQLite, the in-process wake-up after each recording.
   */
  subscriber(): EventSubscriber {
    if (this.registrations) return this.registrations.subscriber();
    return {
      name: 'realtime',
      onRecorded: async (_trx, event) => {
        if (this.listeners.size === 0) return;
        const target = [event.organizationId];
        setImmediate(() => this.wake(target));
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopPolling();
    this.listeners.clear();
    await this.notifications?.close();
    await this.registrations?.close();
  }

  private wake(target: WakeTarget): void {
    for (const listener of this.listeners) listener(target);
  }

  private startPolling(): void {
    if (this.poll || this.closed) return;
    this.poll = setInterval(() => void this.look(), this.options.pollMs);
    this.poll.unref();
  }

  private stopPolling(): void {
    clearInterval(this.poll);
    this.poll = undefined;
    this.dataVersion = undefined;
  }

  private async look(): Promise<void> {
    if (this.options.dialect === 'postgres') return this.wake('all');
    try {
      const { rows } = await sql<{ data_version: number }>`pragma data_version`.execute(this.options.db);
      const version = rows[0]?.data_version;
      const changed = this.dataVersion !== undefined && version !== this.dataVersion;
      this.dataVersion = version;
      if (changed) this.wake('all');
    } catch (err) {
      this.options.logger.warn({ err }, 'looking for events of other processes failed');
    }
  }
}
