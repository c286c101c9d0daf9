/**
 * The customer index (migration 0037): each customer's name, e-mail, document and contacts, folded,
 * under a trigram index (SQLite FTS5, PostgreSQL pg_trgm), kept by triggers.
 */
import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Executor } from '../../db/executor.js';
import { escapeLike, ftsPhrase, trigramWordPatterns } from '../../lib/search-text.js';

/**
 * The ids (`id`) of the organization's customers matching the needle (a folded substring or a
 * phone's digits, 3 characters or more: `customerNeedle`), as a parenthesized subquery.
 */
export async function customerMatchIds(db: Executor, organizationId: string, needle: string): Promise<RawBuilder<{ id: string }>> {
  if (isPostgres(db))
    return sql`(select s.customer_id as id from customer_search s
    where s.organization_id = ${organizationId} and ${await postgresMatch(db, needle)})`;
  return sql`(select s.customer_id as id from customer_search s
    where s.body match ${ftsPhrase(needle)} and s.organization_id = ${organizationId})`;
}

/**
 * PostgreSQL's condition for a needle. As one pattern (`like '%cliente 123456%'`) GIN read the
 * posting lists of the common word's trigrams almost whole (71 ms and 1,800 pages for 1 match among
 * 1.1M rows, docs/capacity.md); asked a word at a time, the rarest first, it skips through them
 * (1-7 ms). The planner's estimate of each word says which is rarest; the needle itself is then a
 * plain substring test of the few rows the words leave.
 */
async function postgresMatch(db: Executor, needle: string): Promise<RawBuilder<unknown>> {
  const patterns = trigramWordPatterns(needle);
  if (patterns.length === 0) return sql`s.body like unaccent(lower(${`%${escapeLike(needle)}%`}))`;
  const estimates = await Promise.all(patterns.map((pattern) => estimatedMatches(db, pattern)));
  const rarestFirst = patterns.map((pattern, i) => ({ pattern, rows: estimates[i]! })).sort((a, b) => a.rows - b.rows);
  // GIN intersects the keys in the order written: the first one drives, the others are skipped through.
  const words = rarestFirst.map(({ pattern }) => sql`s.body like unaccent(lower(${pattern}))`);
  return sql`${sql.join(words, sql` and `)} and strpos(s.body, unaccent(lower(${needle}))) > 0`;
}

/** How many rows of the index the planner expects a pattern to match (from its statistics: no read). */
async function estimatedMatches(db: Executor, pattern: string): Promise<number> {
  // JSON comes back as text (src/db/connection.ts).
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (format json)
    select 1 from customer_search s where s.body like unaccent(lower(${pattern}))`.execute(db);
  const plan = JSON.parse(rows[0]!['QUERY PLAN']) as [{ Plan: { 'Plan Rows': number } }];
  return plan[0].Plan['Plan Rows'];
}
