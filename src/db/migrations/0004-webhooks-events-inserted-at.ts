/**
 * `events.inserted_at` (PostgreSQL): the database's own clock when the row was inserted. There,
 * `seq` is taken at insert but rows become visible at commit, so a reader could see seq 12 while
 * seq 11 is still uncommitted and move its cursor past 11 for ever. The catch-up feed therefore
 * hands out a row only once it is older than the time any transaction of ours stays open after
 * writing an event (events.service.ts). SQLite has one writer at a time, so seq order is commit
 * order there: the column stays null.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql`alter table events add column inserted_at timestamptz default clock_timestamp()`.execute(db);
  } else {
    await db.schema.alterTable('events').addColumn('inserted_at', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('inserted_at').execute();
}
