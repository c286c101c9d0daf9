/**
 * The customer index (migration 0037): each customer's name, e-mail, document and contacts, folded,
 * under a trigram index (SQLite FTS5, PostgreSQL pg_trgm), kept by triggers.
 */
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { escapeLike, ftsPhrase } from '../../lib/search-text.js';

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The ids (`id`) of the organization's customers matching the needle (a folded substring or a
 * phone's digits, 3 characters or more: `customerNeedle`), as a parenthesized subquery.
 */
export function customerMatchIds(db: Executor, organizationId: string, needle: string): RawBuilder<{ id: string }> {
  if (isPostgres(db)) {
    const pattern = `%${escapeLike(needle)}%`;
    return sql`(select s.customer_id as id from customer_search s
      where s.organization_id = ${organizationId} and s.body like unaccent(lower(${pattern})))`;
  }
  return sql`(select s.customer_id as id from customer_search s
    where s.body match ${ftsPhrase(needle)} and s.organization_id = ${organizationId})`;
}
