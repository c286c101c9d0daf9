/**
 * Streams each enabled event sink from its place in the log to its broker, in the processes that run
 * the job worker. One process at a time holds a sink: a lease on its row (`lease_owner`, renewed
 * with every batch and every idle look), taken over by another process once it expires (a killed
 * process's sinks resume within JOB_LEASE_MS).
 *
 * A batch: read the settled events after the place (log-reader.ts: the log's order, never skipping
 * one that commits later), publish those the sink wants, in order, and only once the broker has
 * taken them all move the place, in an update that holds only while the lease is still ours. So a
 * failure or a crash re-sends from the last confirmed place (at least once; every copy carries the
 * event id), and a process that lost its lease cannot move the place of the one that took it over.
 * Nothing here runs inside a database transaction while it waits on the broker.
 */
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Dialect } from '../../db/connection.js';
import type { DB, EventSinksTable } from '../../db/schema.js';
import { readLogAfter, type LogRow } from '../../event-log/log-reader.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import type { Metrics } from '../../lib/metrics.js';
import { kafkaPublisher } from './kafka-publisher.js';
import { natsPublisher } from './nats-publisher.js';
import { rabbitmqPublisher } from './rabbitmq-publisher.js';
import type { SinkKind, SinkMessage, SinkPublisher, SinkTarget } from './sink-publisher.js';
import { leasedTo, leaseTakeable } from '../../db/row-lease.js';
import { LeasedRows, reconnectDelayMs } from '../../jobs/leased-rows.js';

export type PublisherFactory = (target: SinkTarget) => Promise<SinkPublisher>;

export const connectPublisher: PublisherFactory = ({ kind, url, target }) => {
  switch (kind) {
    case 'nats':
      return natsPublisher(url, target);
    case 'rabbitmq':
      return rabbitmqPublisher(url, target);
    case 'kafka':
      return kafkaPublisher(url, target);
  }
};

export interface SinkRunnerOptions {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** How long a sink stays this process's without renewal (JOB_LEASE_MS). */
  leaseMs: number;
  /** How often an idle sink looks at the log again (EVENT_SINK_POLL_MS). */
  pollMs: number;
  /** Events read per batch (EVENT_SINK_BATCH). */
  batchSize: number;
  publisherFor?: PublisherFactory;
}

function toMessage(row: LogRow): SinkMessage {
  const event = {
    id: row.id,
    organizationId: row.organizationId,
    type: row.type,
    data: fromJson(row.payload, {}),
    createdAt: row.createdAt,
  };
  return { id: row.id, organizationId: row.organizationId, type: row.type, body: Buffer.from(JSON.stringify(event)) };
}

export class SinkRunner {
  private readonly publisherFor: PublisherFactory;
  private readonly rows: LeasedRows<{ id: string }>;

  constructor(private readonly options: SinkRunnerOptions) {
    this.publisherFor = options.publisherFor ?? connectPublisher;
    this.rows = new LeasedRows({
      name: 'event sinks',
      table: 'event_sinks',
      db: options.db,
      logger: options.logger,
      clock: options.clock,
      leaseMs: options.leaseMs,
      candidates: () => options.db.selectFrom('event_sinks').select('id').where('enabled', '=', 1).execute(),
      lease: async ({ id }) => (await this.lease(id)) !== undefined,
      work: ({ id }) => this.stream(id),
    });
  }

  start(): void {
    this.rows.start();
  }

  /** Stops streaming, waits for the batches under way, and hands the sinks back at once. */
  stop(): Promise<void> {
    return this.rows.stop();
  }

  /** Takes or renews the sink's lease; the row when it is ours (and enabled), else undefined. */
  private async lease(id: string): Promise<Selectable<EventSinksTable> | undefined> {
    const now = this.options.clock.now();
    return this.options.db
      .updateTable('event_sinks')
      .set(leasedTo(this.rows.owner, now, this.options.leaseMs))
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .where(leaseTakeable(this.rows.owner, now))
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * The sink as this process holds it, or undefined once it is not ours (removed, disabled, taken
   * over). The lease is renewed when a third of it has passed; between renewals a read suffices, so
   * an idle sink costs a read per look, not a write.
   */
  private async held(id: string, renewal: { due: number }): Promise<Selectable<EventSinksTable> | undefined> {
    const now = this.options.clock.now().getTime();
    if (now >= renewal.due) {
      renewal.due = now + this.options.leaseMs / 3;
      return this.lease(id);
    }
    return this.options.db
      .selectFrom('event_sinks')
      .selectAll()
      .where('id', '=', id)
      .where('enabled', '=', 1)
      .where('lease_owner', '=', this.rows.owner)
      .executeTakeFirst();
  }

  private async stream(id: string): Promise<void> {
    const { db, dialect, batchSize, pollMs, logger, metrics } = this.options;
    let publisher: SinkPublisher | undefined;
    let connectedTo: string | undefined;
    let failures = 0;
    // Just leased by scan(): the first renewal is due a third of the lease from now.
    const renewal = { due: this.options.clock.now().getTime() + this.options.leaseMs / 3 };
    try {
      while (!this.rows.stopping) {
        const sink = await this.held(id, renewal);
        if (!sink) return; // removed, disabled or taken over
        const target: SinkTarget = { kind: sink.kind as SinkKind, url: sink.url, target: sink.target };
        const targetKey = JSON.stringify(target);
        if (publisher && connectedTo !== targetKey) {
          await publisher.close().catch(() => undefined); // the old address: nothing more to send there
          publisher = undefined;
        }
        const scope = sink.organization_id === null ? {} : { organizationId: sink.organization_id };
        const read = await readLogAfter(db, dialect, scope, { xid: sink.cursor_xid, seq: Number(sink.cursor_seq) }, batchSize);
        if (read.rows.length === 0) {
          await this.rows.sleep(read.heldBack ? 20 : pollMs);
          continue;
        }
        const wanted = sink.events === null ? undefined : new Set(fromJson<string[]>(sink.events, []));
        const messages = read.rows.filter((row) => !wanted || wanted.has(row.type)).map(toMessage);
        try {
          if (!publisher) {
            publisher = await this.publisherFor(target);
            connectedTo = targetKey;
          }
          await publisher.publish(messages);
        } catch (err) {
          failures++;
          metrics.eventSinkFailures.inc({ sink: id });
          logger.warn({ err, sink: id, failures }, 'event sink: publishing failed; retrying from its place');
          await this.recordFailure(id, err);
          await publisher?.close().catch(() => undefined); // a broken connection: opened again next time
          publisher = undefined;
          await this.rows.sleep(reconnectDelayMs(failures));
          continue;
        }
        failures = 0;
        const last = read.rows.at(-1)!.place;
        const now = this.options.clock.now().toISOString();
        const moved = await db
          .updateTable('event_sinks')
          .set({
            cursor_xid: last.xid,
            cursor_seq: last.seq,
            published_count: sql<number>`published_count + ${messages.length}`,
            last_published_at: now,
          })
          .where('id', '=', id)
          .where('lease_owner', '=', this.rows.owner)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 0) return; // taken over meanwhile: the new holder re-sends from its place
        metrics.eventSinkPublished.inc({ sink: id }, messages.length);
        if (!read.full) await this.rows.sleep(pollMs);
      }
    } finally {
      await publisher?.close().catch(() => undefined);
    }
  }

  private async recordFailure(id: string, err: unknown): Promise<void> {
    const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await this.options.db
      .updateTable('event_sinks')
      .set({ failure_count: sql<number>`failure_count + 1`, last_error: message, last_error_at: this.options.clock.now().toISOString() })
      .where('id', '=', id)
      .where('lease_owner', '=', this.rows.owner)
      .execute()
      .catch((dbErr: unknown) => this.options.logger.warn({ err: dbErr, sink: id }, 'event sink: recording a failure failed'));
  }
}
