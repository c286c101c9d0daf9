/**
 * The message index (migration 0037): each message's text or caption, folded, under a word index
 * (SQLite FTS5 unicode61, PostgreSQL tsvector), kept by triggers; a deleted message leaves it.
 *
 * A search answers the newest matches and stops at the page (docs/search.md "Speed"), however
 * many messages match (the capacity bench's word is in 1 message in 10: 500,000 of 5,000,000):
 * - SQLite: FTS5 reads a whole term's list newest first and stops at the LIMIT, but a prefix term
 *   (`"garantia"*`) is first merged from every term it covers, each entry of each. So the last
 *   word, the one searched as a prefix, is asked as the terms it covers (found in the index's
 *   vocabulary, migration 0047) whenever they are few. The organization is a term of the index
 *   too (migration 0048), so only its own matches are read, never the newer ones of others. A word
 *   in few messages of the whole index is read alone instead, and the others checked on its texts.
 * - PostgreSQL: the GIN index answers every match before the newest can be picked. A common word
 *   is found sooner by walking the organization's messages newest first and testing each
 *   (message_search_org_idx, migration 0047); a rare one by the index. The walk goes first, over a
 *   bounded window, and what it found says how far a further walk would go; past that the index
 *   answers the rest, older than what was walked.
 */
import { sql } from 'kysely';
import { isPostgres, planEachRun, type Executor } from '../../db/executor.js';
import {
  ftsOrganizationTerm,
  ftsPhrase,
  ftsWords,
  holdsWords,
  longerTermsRange,
  splitsAsTheIndex,
  tsWords,
} from '../../lib/search-text.js';

type Match = { messageId: string; chatId: string };

/** At most this many terms stand for the last word on SQLite; more and it is asked as a prefix. */
const MAX_TERMS = 16;
/**
 * SQLite: a word in at most this many messages of the whole index (every organization's) is read
 * alone, and the other words are checked on those texts in the process.
 */
const RARE_WORD_MESSAGES = 200;
/** PostgreSQL: the first walk's window, and the most messages walked before the index answers. */
const FIRST_WALK = 2_000;
const MAX_WALK = 20_000;

/** The newest messages whose text holds every word (whole, the last as a word prefix), newest first. */
export async function messageIdsMatching(db: Executor, organizationId: string, words: readonly string[], limit: number): Promise<Match[]> {
  if (words.length === 0) return [];
  return isPostgres(db) ? postgresMatching(db, organizationId, tsWords(words), limit) : sqliteMatching(db, organizationId, words, limit);
}

async function sqliteMatching(db: Executor, organizationId: string, words: readonly string[], limit: number): Promise<Match[]> {
  const { from, before } = longerTermsRange(words.at(-1)!);
  const { rows: longer } = await sql<{ term: string }>`select term from message_search_terms
    where term >= ${from} and term < ${before} and col = 'body' limit ${MAX_TERMS + 1}`.execute(db);
  const lastTerms = longer.length > MAX_TERMS ? undefined : longer.map((r) => r.term);
  const wordsQuery = ftsWords(words, lastTerms);
  const rare = await sqliteRareWord(db, words, lastTerms);
  if (rare !== undefined) return sqliteRareWordMatching(db, organizationId, words, { rare, all: `body : (${wordsQuery})` }, limit);
  // The organization's term and the words: FTS5 skips through both lists (migration 0048); the
  // organization_id check beside it costs a look per answered row and keeps the rule in plain sight.
  const query = `organization : ${ftsPhrase(ftsOrganizationTerm(organizationId))} AND body : (${wordsQuery})`;
  const { rows } = await sql<Match>`select message_id as messageId, chat_id as chatId from message_search
    where message_search match ${query} and organization_id = ${organizationId}
    order by rowid desc limit ${limit}`.execute(db);
  return rows;
}

/**
 * The first word (as its FTS5 query) found in at most RARE_WORD_MESSAGES messages, if any. Each word
 * is counted up to that bound, so a common one costs a few hundred entries of its list; a last word
 * asked as a prefix (more than MAX_TERMS terms) is not counted.
 *
 * Why: FTS5 answers `a AND b` by seeking each list to the other's entries, and a seek into a list of
 * millions (the large organization's own term, a word in every message) costs about 0.3 ms at the
 * capacity bench's full size: `Cliente 5000` took 25 ms there against 1.4 ms at 1/100 of the size.
 * Read alone, the rare word's few entries cost under 1 ms, and the rest is checked on them.
 */
async function sqliteRareWord(
  db: Executor,
  words: readonly string[],
  lastTerms: readonly string[] | undefined,
): Promise<string | undefined> {
  const counted = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const last = i === words.length - 1;
    // A prefix's entries are all merged before the first is answered: never counted.
    if (last && !lastTerms) break;
    if (!last && counted.has(words[i]!)) continue;
    counted.add(words[i]!);
    const query = `body : (${last ? ftsWords([words[i]!], lastTerms) : ftsPhrase(words[i]!)})`;
    const { rows } = await sql<{ n: number }>`select count(*) as n from (select 1 from message_search
      where message_search match ${query} limit ${RARE_WORD_MESSAGES + 1})`.execute(db);
    if (rows[0]!.n <= RARE_WORD_MESSAGES) return query;
  }
  return undefined;
}

/**
 * The organization's messages holding the rare word (at most RARE_WORD_MESSAGES) that hold every
 * word, newest first. A text is checked in the process where it splits as the index does, else by
 * the index itself (`all`, the whole query, for those rows only: one statement, a few seeks a row).
 */
async function sqliteRareWordMatching(
  db: Executor,
  organizationId: string,
  words: readonly string[],
  query: { rare: string; all: string },
  limit: number,
): Promise<Match[]> {
  const { rows } = await sql<Match & { rowid: number; body: unknown }>`select rowid, message_id as messageId, chat_id as chatId, body
    from message_search where message_search match ${query.rare} and organization_id = ${organizationId}
    order by rowid desc`.execute(db);
  const candidates = rows.map((row) => {
    const text = String(row.body); // a message's text may be a JSON number, stored as one
    return { ...row, text, splits: splitsAsTheIndex(text) };
  });
  const held = await heldByTheIndex(
    db,
    query.all,
    candidates.filter((row) => !row.splits).map((row) => row.rowid),
  );
  return candidates
    .filter((row) => (row.splits ? holdsWords(row.text, words) : held.has(row.rowid)))
    .slice(0, limit)
    .map(({ messageId, chatId }) => ({ messageId, chatId }));
}

/** Which of these rows of the SQLite message index the FTS5 query answers: one statement for them all. */
async function heldByTheIndex(db: Executor, query: string, rowids: number[]): Promise<Set<number>> {
  if (rowids.length === 0) return new Set();
  // The rowids as JSON: a JS number is bound as a REAL, and FTS5 does not apply `rowid = ?` to a
  // REAL (it answered every match); json_each gives integers.
  const { rows } = await sql<{ rowid: number }>`select rowid from message_search where message_search match ${query}
    and rowid in (select value from json_each(${JSON.stringify(rowids)}))`.execute(db);
  return new Set(rows.map((row) => row.rowid));
}

async function postgresMatching(db: Executor, organizationId: string, tsQuery: string, limit: number): Promise<Match[]> {
  const matches = sql`to_tsvector('simple', s.body) @@ to_tsquery('simple', unaccent(${tsQuery}))`;
  const olderThan = (id: string | null) => (id === null ? sql`true` : sql`s.message_id collate "C" < ${id}`);
  const found = new Map<string, Match>();
  let walked = 0;
  let window = FIRST_WALK;
  let before: string | null = null;
  for (;;) {
    // The window's newest messages tested one by one; the LIMIT stops the walk once the page is full.
    // In message_search_org_idx's order (byte order: the same for ids), which the primary key cannot give.
    const { rows } = await sql<Match>`${planEachRun}select w.message_id as "messageId", w.chat_id as "chatId" from (
        select s.message_id, s.chat_id, s.body from message_search s
        where s.organization_id = ${organizationId} and ${olderThan(before)}
        order by s.message_id collate "C" desc limit ${window}) as w
      where to_tsvector('simple', w.body) @@ (select to_tsquery('simple', unaccent(${tsQuery})))
      order by w.message_id collate "C" desc limit ${limit - found.size}`.execute(db);
    const foundBefore = found.size;
    for (const row of rows) found.set(row.messageId, row);
    if (found.size >= limit) return [...found.values()];
    // Where the window ended (a message written meanwhile may move it: a match met twice counts once).
    const { rows: edge } = await sql<{ id: string }>`${planEachRun}select s.message_id as id from message_search s
      where s.organization_id = ${organizationId} and ${olderThan(before)}
      order by s.message_id collate "C" desc offset ${window - 1} limit 1`.execute(db);
    if (edge.length === 0) return [...found.values()]; // the organization's oldest message was walked
    before = edge[0]!.id;
    walked += window;
    // At the rate found so far, how far the page still is. Unknown (nothing found) means far, and so
    // does a window that met nothing new: the word has thinned out (a customer's number, met in its
    // own recent chat and nowhere since), and walking on to MAX_WALK cost 150-230 ms where the index
    // answers in about 1.
    const rest = found.size === foundBefore ? Infinity : Math.ceil(((limit - found.size) * walked) / found.size);
    if (walked + rest > MAX_WALK) break;
    window = Math.max(rest, FIRST_WALK);
  }
  // The rest through the word index: its matches older than the walk, newest first. Materialized so
  // the planner reads the matches from the index rather than walking again in id order.
  // Planned for this organization: a generic plan, costed for an average one, ANDed the matches with
  // the whole organization's index entries (5.1M in the capacity bench, 600 ms; docs/capacity.md).
  const { rows } = await sql<Match>`${planEachRun}with indexed as materialized (
      select s.message_id, s.chat_id from message_search s where s.organization_id = ${organizationId} and ${matches})
    select message_id as "messageId", chat_id as "chatId" from indexed
    where message_id collate "C" < ${before} order by message_id collate "C" desc limit ${limit - found.size}`.execute(db);
  for (const row of rows) found.set(row.messageId, row);
  return [...found.values()].sort((a, b) => (a.messageId < b.messageId ? 1 : a.messageId > b.messageId ? -1 : 0)).slice(0, limit);
}
