import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/** Anything that can run a query: the root database or a caller's open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;

/** Whether the executor is PostgreSQL: the few queries written per dialect branch on it. */
export function isPostgres(executor: Executor): boolean {
  return executor.getExecutor().adapter instanceof PostgresAdapter;
}
