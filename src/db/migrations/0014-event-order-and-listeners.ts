/**
 * The event log read in an order that never skips a late commit, without holding events back, and
 * the realtime stream's wake-ups (PostgreSQL; the rule is explained in modules/events/events.service.ts):
 *
 * - `events.xid` (xid8): the inserting transaction, `pg_current_xact_id()` by default. The rows that
 *   exist when this runs get 0: the ALTER waits for every transaction that wrote events (it needs
 *   the table's exclusive lock), so they are all committed, and they come first, in seq order. A
 *   constant default is stored once, not written into every row (no table rewrite).
 * - index (organization_id, xid, seq): the order in which the feed and the stream read. It replaces
 *   (organization_id, seq), which nothing reads on PostgreSQL any more (one index fewer per insert).
 * - `event_listeners`: the organizations that some process streams (one row per organization and
 *   process, refreshed while its streams are open). Only their events send a notification
 *   (event-log/event-listeners.ts): NOTIFY serializes the commits of every notifying transaction on
 *   the server, and a trigger notifying for every event cut event-recording transactions from about
 *   1,100/s to 400/s with 10 writers.
 *
 * SQLite has one writer at a time, so seq order is commit order there and streams are woken in
 * process: `xid` stays null and `event_listeners` empty (created for one schema on both dialects).
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('event_listeners')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('listener_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('event_listeners_pkey', ['organization_id', 'listener_id'])
    .execute();
  if (!t.postgres) {
    await db.schema.alterTable('events').addColumn('xid', 'text').execute();
    return;
  }
  await sql`alter table events add column xid xid8 not null default '0'`.execute(db);
  await sql`alter table events alter column xid set default pg_current_xact_id()`.execute(db);
  await sql`create index events_org_xid_seq_idx on events (organization_id, xid, seq)`.execute(db);
  await sql`drop index if exists events_org_seq_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`create index if not exists events_org_seq_idx on events (organization_id, seq)`.execute(db);
    await sql`drop index if exists events_org_xid_seq_idx`.execute(db);
  }
  await db.schema.alterTable('events').dropColumn('xid').execute();
  await db.schema.dropTable('event_listeners').execute();
}
