import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/** Anything that can run a query: the root database or a caller's open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** Whether the executor is PostgreSQL: the few queries written per dialect branch on it. */
export function isPostgres(executor: Executor): boolean {
  return executor.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Starts a statement PostgreSQL must plan for its own parameters on every run. The service names
 * its statements (connection.ts), and after five runs PostgreSQL may keep a generic plan costed for
 * an average organization: the capacity bench's search read 5.1M entries of the organization index
 * (600 ms) because the generic plan expected 14,689 messages there; planned for the large
 * organization, it reads the 17 matches alone. For reads whose best plan depends on how large the
 * organization is, or how rare a word.
 */
export const PLAN_EACH_RUN = '/* plan each run */';
export const planEachRun = sql.raw(PLAN_EACH_RUN);
