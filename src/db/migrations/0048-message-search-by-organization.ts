/**
 * SQLite's message index gains the organization as a term (`organization`, one token per
 * organization: `o` and its id's hex digits), so a search asks FTS5 for the organization's matches
 * only (chats/message-index.ts). Before, the organization was an UNINDEXED column: FTS5 read a
 * word's matches newest first across every organization and each was dropped after a look at its
 * row, so an organization searching a common word read every newer match of the others first (at
 * the capacity bench's size: the 10,000 newest `garantia` messages, p50 46 ms). FTS5 now intersects
 * the word's list with the organization's, skipping through both.
 *
 * The vocabulary (`message_search_terms`, migration 0047) becomes per column, so the organization
 * terms never stand for a word searched as a prefix.
 *
 * An FTS5 table cannot gain an indexed column, so it is made again and filled from the messages
 * (minutes for millions of messages: the whole index is written once). PostgreSQL's index is
 * unchanged (it already reads by organization: message_search_org_idx).
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';
import { sqliteMessageText } from './0037-search-index.js';

/** The organization's term, as `lib/search-text.ts` (`ftsOrganizationTerm`) asks for it. */
const organizationTerm = (m: string) => `'o' || replace(${m}.organization_id, '-', '')`;

const messageSearch = (withOrganization: boolean) => {
  const columns = withOrganization ? 'body, organization, organization_id' : 'body, organization_id';
  const values = (m: string) =>
    withOrganization
      ? `${m}.rowid, ${sqliteMessageText(m)}, ${organizationTerm(m)}, ${m}.organization_id, ${m}.id, ${m}.chat_id`
      : `${m}.rowid, ${sqliteMessageText(m)}, ${m}.organization_id, ${m}.id, ${m}.chat_id`;
  return [
    'drop table message_search_terms',
    'drop trigger message_search_ai',
    'drop trigger message_search_au',
    'drop trigger message_search_ad',
    'drop table message_search',
    `create virtual table message_search using fts5(${withOrganization ? 'body, organization,' : 'body,'} organization_id unindexed,
       message_id unindexed, chat_id unindexed, tokenize = 'unicode61 remove_diacritics 2')`,
    `create trigger message_search_ai after insert on messages when ${sqliteMessageText('new')} is not null begin
       insert into message_search (rowid, ${columns}, message_id, chat_id) values (${values('new')}); end`,
    `create trigger message_search_au after update of content, deleted_at on messages begin
       delete from message_search where rowid = old.rowid;
       insert into message_search (rowid, ${columns}, message_id, chat_id)
         select ${values('new')} where ${sqliteMessageText('new')} is not null; end`,
    `create trigger message_search_ad after delete on messages begin delete from message_search where rowid = old.rowid; end`,
    `insert into message_search (rowid, ${columns}, message_id, chat_id)
       select ${values('m')} from messages m where ${sqliteMessageText('m')} is not null`,
    `create virtual table message_search_terms using fts5vocab(message_search, ${withOrganization ? "'col'" : "'row'"})`,
  ];
};

export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  for (const statement of messageSearch(true)) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) return;
  for (const statement of messageSearch(false)) await sql.raw(statement).execute(db);
}
