/**
 * The message index (migration 0037): each message's text or caption, folded, under a word index
 * (SQLite FTS5 unicode61, PostgreSQL tsvector), kept by triggers; a deleted message leaves it.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { ftsWordPrefixes, tsPrefixQuery } from '../../lib/search-text.js';

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The newest messages whose text holds every word (as a word prefix), newest first. */
export async function messageIdsMatching(
  db: Executor,
  organizationId: string,
  words: readonly string[],
  limit: number,
): Promise<{ messageId: string; chatId: string }[]> {
  if (words.length === 0) return [];
  const { rows } = isPostgres(db)
    ? await sql<{ messageId: string; chatId: string }>`select s.message_id as "messageId", s.chat_id as "chatId" from message_search s
        where s.organization_id = ${organizationId}
          and to_tsvector('simple', s.body) @@ to_tsquery('simple', unaccent(${tsPrefixQuery(words)}))
        order by s.message_id desc limit ${limit}`.execute(db)
    : await sql<{ messageId: string; chatId: string }>`select s.message_id as messageId, s.chat_id as chatId from message_search s
        where s.body match ${ftsWordPrefixes(words)} and s.organization_id = ${organizationId}
        order by s.rowid desc limit ${limit}`.execute(db);
  return rows;
}
