/**
 * A message search answers its newest matches and stops at the page (chats/message-index.ts):
 * - SQLite: `message_search_terms`, the FTS5 vocabulary of the message index (`fts5vocab`, read
 *   from the index itself, nothing stored), so the word searched as a prefix is asked as the whole
 *   terms it covers, which FTS5 reads newest first and stops at the LIMIT;
 * - PostgreSQL: `message_search_org_idx`, an organization's indexed messages newest first, so a
 *   common word is found by walking them instead of reading every match from the GIN index. Its ids
 *   are ordered `collate "C"` (byte order, the order of UUIDs in any collation) so that only this
 *   index gives the walk's order: in the primary key's, the planner may walk every organization's
 *   newest messages, testing each for the organization.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres)
    await sql`create index message_search_org_idx on message_search (organization_id, message_id collate "C")`.execute(db);
  else await sql`create virtual table message_search_terms using fts5vocab(message_search, 'row')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) await sql`drop index message_search_org_idx`.execute(db);
  else await sql`drop table message_search_terms`.execute(db);
}
