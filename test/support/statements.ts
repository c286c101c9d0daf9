/**
 * The statements the service sends to its database while `run` runs, transactions included: the
 * query-plan tests and bench/explain-hot-queries.ts explain what it captures. A transaction's
 * executor is a copy of the database's (Kysely), so the prototype they share is what is wrapped,
 * and it is put back when `run` ends. Anything else using the database meanwhile (the in-process
 * job worker) is captured too.
 */
import type { CompiledQuery, Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';

type Executing = { executeQuery: (query: CompiledQuery) => Promise<unknown> };

export async function statementsWhile(db: Kysely<DB>, run: () => Promise<unknown>): Promise<CompiledQuery[]> {
  const prototype = Object.getPrototypeOf(db.getExecutor()) as Executing;
  const original = prototype.executeQuery;
  const statements: CompiledQuery[] = [];
  prototype.executeQuery = function (this: unknown, ...args: [CompiledQuery]) {
    statements.push(args[0]);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    prototype.executeQuery = original;
  }
  return statements;
}

/** The reads among them (what an EXPLAIN of a plan's index use is about), leading comments such as PLAN_EACH_RUN aside. */
export async function readsWhile(db: Kysely<DB>, run: () => Promise<unknown>): Promise<CompiledQuery[]> {
  return (await statementsWhile(db, run)).filter((statement) => /^\s*(\/\*[\s\S]*?\*\/\s*)*select\b/i.test(statement.sql));
}
