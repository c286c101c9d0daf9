/**
 * Event sinks (DESIGN §13, issue 27): the event log streamed into NATS JetStream, RabbitMQ or Kafka.
 * Each sink keeps its place in the log (`cursor_xid`, `cursor_seq`: the log's global order, the same
 * (transaction, sequence) pair the feed uses, without an organization) and a lease, so one process
 * at a time streams it and another takes over when that one dies.
 *
 * PostgreSQL: a sink without an organization reads the whole log in (xid, seq) order, which the
 * per-organization index cannot serve, so the log gets that index. SQLite reads by `seq`, its
 * primary key.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('event_sinks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text')
    .addColumn('events', t.json)
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('cursor_xid', 'text', (c) => c.notNull())
    .addColumn('cursor_seq', 'bigint', (c) => c.notNull())
    .addColumn('published_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_published_at', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', t.timestamp)
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  if (t.postgres) await sql`create index events_xid_seq_idx on events (xid, seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists events_xid_seq_idx`.execute(db);
  await db.schema.dropTable('event_sinks').ifExists().execute();
}
