/**
 * Hot queries built once. Kysely builds every query anew from immutable nodes; on the send path
 * that building cost about as much CPU as SQLite running the statements (CPU profile of the send
 * benchmark, docs/messaging.md). A prepared query is written with the same typed builder, but with
 * named placeholders where its values go; it is compiled once per dialect and later runs only put
 * the values in place of the placeholders.
 *
 *   const byId = prepareQuery<{ id: string }>()((db, p) => db.selectFrom('messages').selectAll().where('id', '=', p('id')));
 *   const rows = await byId.execute(trx, { id });
 *
 * A placeholder may stand wherever Kysely sends a parameter (a compared value, an inserted or set
 * value, a limit); it cannot stand for a list (`in`), a column or anything else written into the SQL.
 * Values not given as placeholders are fixed by the first compilation.
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { DB } from './schema.js';
import type { Executor } from './executor.js';

/** A placeholder's stand-in value during the one compilation: a string no caller sends. */
const MARK = '\u0000prepared-placeholder:';

type Slot<P> = { param: keyof P } | { value: unknown };

interface Compiled<P> {
  sql: string;
  slots: Slot<P>[];
}

export interface PreparedQuery<P, R> {
  /** Runs the query with the caller's executor (pass the open transaction) and these values. */
  execute(executor: Executor, params: P): Promise<QueryResult<R>>;
}

/**
 * `prepareQuery<Params>()(build)`: `build` receives a query creator and `p(name)`, which stands for
 * the value of `params[name]` at each run (typed as that value, so the builder checks it).
 */
export function prepareQuery<P extends Record<string, unknown>>() {
  return function build<R>(
    builder: (db: Kysely<DB>, p: <K extends keyof P & string>(name: K) => P[K]) => Compilable<R>,
  ): PreparedQuery<P, R> {
    // Compiled per dialect adapter (one per database handle and its transactions).
    const byAdapter = new WeakMap<object, Compiled<P>>();
    const compile = (executor: Executor): Compiled<P> => {
      const placeholder = <K extends keyof P & string>(name: K) => `${MARK}${name}` as P[K];
      const compiled = builder(executor as Kysely<DB>, placeholder).compile();
      const slots = compiled.parameters.map((value): Slot<P> =>
        typeof value === 'string' && value.startsWith(MARK) ? { param: value.slice(MARK.length) as keyof P } : { value },
      );
      return { sql: compiled.sql, slots };
    };
    return {
      async execute(executor, params) {
        const adapter = executor.getExecutor().adapter;
        let compiled = byAdapter.get(adapter);
        if (!compiled) byAdapter.set(adapter, (compiled = compile(executor)));
        const parameters = compiled.slots.map((slot) => ('param' in slot ? params[slot.param] : slot.value));
        return executor.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>);
      },
    };
  };
}

/**
 * A row type's columns, in the order given, checked by the compiler to be all of them: prepared
 * inserts name every column, so one added to the table must be added to its list (the call then
 * fails to compile, asking for the missing column as an extra argument).
 */
export function everyColumn<Row>() {
  return <const C extends readonly (keyof Row & string)[]>(
    columns: C,
    ..._missing: Exclude<keyof Row, C[number]> extends never ? [] : [missing: Exclude<keyof Row, C[number]>]
  ): C => columns;
}
