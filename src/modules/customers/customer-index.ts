/**
 * The customer index (migration 0037): each customer's name, e-mail, document and contacts, folded,
 * under a trigram index (SQLite FTS5, PostgreSQL pg_trgm), kept by triggers.
 */
import { PostgresAdapter, sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../db/executor.js';
import { escapeLike, ftsPhrase } from '../../lib/search-text.js';

function isPostgres(db: Executor): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The condition "customer `idColumn` matches the needle" (a folded substring or a phone's digits,
 * 3 characters or more: `customerNeedle`).
 */
export function customerMatches(db: Executor, organizationId: string, idColumn: string, needle: string): RawBuilder<SqlBool> {
  const id = sql.ref(idColumn);
  if (isPostgres(db)) {
    const pattern = `%${escapeLike(needle)}%`;
    return sql<SqlBool>`${id} in (select s.customer_id from customer_search s
      where s.organization_id = ${organizationId} and s.body like unaccent(lower(${pattern})))`;
  }
  return sql<SqlBool>`${id} in (select s.customer_id from customer_search s
    where s.body match ${ftsPhrase(needle)} and s.organization_id = ${organizationId})`;
}
