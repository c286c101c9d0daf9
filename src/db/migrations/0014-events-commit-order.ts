/**
 * The event log read in an order that never skips a late commit, without holding events back
 * (PostgreSQL; the rule itself is explained in modules/events/event-read.ts):
 *
 * - `events.xid` (xid8): the inserting transaction, `pg_current_xact_id()` by default. The rows that
 *   exist when this runs get 0: the ALTER waits for every transaction that wrote events (it needs
 *   the table's exclusive lock), so they are all committed, and they come first, in seq order. A
 *   constant default is stored once, not written into every row (no table rewrite).
 * - index (organization_id, xid, seq): the order in which the feed and the stream read. It replaces
 *   (organization_id, seq), which nothing reads on PostgreSQL any more (one index fewer per insert).
 * - a statement-level trigger notifies channel `conversa_events` with the organizations of the rows
 *   inserted (comma-separated; `*` for more than 100), delivered by PostgreSQL only at commit: the
 *   wake-up of the realtime stream in every process (event-log/event-wakeups.ts), as migration 0007
 *   does for jobs.
 *
 * SQLite has one writer at a time, so seq order is commit order there: `xid` stays null and the
 * stream is woken in process.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) {
    await db.schema.alterTable('events').addColumn('xid', 'text').execute();
    return;
  }
  await sql`alter table events add column xid xid8 not null default '0'`.execute(db);
  await sql`alter table events alter column xid set default pg_current_xact_id()`.execute(db);
  await sql`create index events_org_xid_seq_idx on events (organization_id, xid, seq)`.execute(db);
  await sql`drop index if exists events_org_seq_idx`.execute(db);
  await sql`
    create function conversa_events_notify() returns trigger language plpgsql as $$
    declare
      organizations text;
    begin
      select case when count(distinct organization_id) > 100 then '*' else string_agg(distinct organization_id, ',') end
        into organizations from inserted_events;
      if organizations is not null then
        perform pg_notify('conversa_events', organizations);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger events_notify after insert on events
    referencing new table as inserted_events
    for each statement execute function conversa_events_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`drop trigger if exists events_notify on events`.execute(db);
    await sql`drop function if exists conversa_events_notify()`.execute(db);
    await sql`create index if not exists events_org_seq_idx on events (organization_id, seq)`.execute(db);
    await sql`drop index if exists events_org_xid_seq_idx`.execute(db);
  }
  await db.schema.alterTable('events').dropColumn('xid').execute();
}
