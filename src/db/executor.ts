import type { Kysely, Transaction } from 'kysely';
import type { DB } from './schema.js';

/** Anything that can run a query: the root database or a caller's open transaction. */
export type Executor = Kysely<DB> | Transaction<DB>;
