/**
 * Tag names are unique per organization regardless of case ("VIP" and "vip" are one tag). The
 * service checks before writing, but two concurrent creates or renames both passed that check: this
 * unique index on (organization_id, lower(name)) settles the race (the loser answers 409
 * TAG_NAME_TAKEN) and serves the service's case-insensitive lookup. The case-sensitive
 * `tags_name_uq` constraint stays (SQLite cannot drop a table constraint; it is implied anyway).
 * A database that already holds two names differing only in case fails this migration: rename one first.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index tags_name_lower_uq on tags (organization_id, lower(name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tags_name_lower_uq`.execute(db);
}
