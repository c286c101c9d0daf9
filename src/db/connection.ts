/**
 * One Kysely instance per process, over better-sqlite3 (embedded default) or pg (scaled).
 * Both dialects see the same column shapes: JSON and timestamps travel as strings, flags as 0/1
 * (docs/architecture.md, Data layer), so services never branch on the dialect.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient, type SqliteDatabase } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { DB } from './schema.js';
import { PLAN_EACH_RUN } from './executor.js';
import { installChangeNotices } from './sqlite-change-notices.js';
import { startCheckpointer, type Checkpointer, type CheckpointerOptions } from './sqlite-checkpointer.js';

export type Dialect = DatabaseConfig['dialect'];

export interface Database$ {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Present on PostgreSQL: the pool, for LISTEN/NOTIFY clients. */
  pgPool?: pg.Pool;
  /**
   * Present on SQLite: `PRAGMA data_version` of the connection, which changes when another
   * connection (another process) commits; synchronous, a few microseconds, never queued behind a query.
   */
  dataVersion?: () => number;
  /**
   * Present on SQLite: hears this process's own writes to what the caches keep, as PostgreSQL's
   * triggers notify (sqlite-change-notices.ts). Call once, after the migrations.
   */
  hearChanges?: (onNotice: (payload: string) => void) => void;
  close(): Promise<void>;
}

// pg would turn jsonb into objects, timestamptz into Date and int8 into strings; keep one shape on both dialects.
pg.types.setTypeParser(pg.types.builtins.JSONB, (v) => v);
pg.types.setTypeParser(pg.types.builtins.JSON, (v) => v);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/**
 * WAL frames (4 KiB pages) at which the service's connection checkpoints by itself, letting the WAL
 * start over: 256 MiB, about every 5 s of the send benchmark's full load.
 */
const WAL_RESET_FRAMES = 65_536;

export interface OpenOptions {
  /**
   * SQLite: checkpoint the WAL from a worker thread instead of inside commits (sqlite-checkpointer.ts).
   * For the long-running service and worker; a short CLI command keeps SQLite's own checkpoints.
   */
  backgroundCheckpoints?: CheckpointerOptions & { walResetFrames?: number };
}

/**
 * Server settings of every session the service opens. The URL's own `options` come after them, and
 * PostgreSQL takes the last `-c` of a setting, so an operator can still ask for another value
 * (`?options=-c%20jit%3Don`).
 *
 * The service's statements read a page at a time; none runs long enough to repay either of the
 * two things PostgreSQL does for a statement it estimates as large, and an OLTP statement is
 * estimated large whenever the planner overestimates its rows. The name search's read of the word
 * index, estimated at 100,000 rows and finding none in under 1 ms of index work, paid both at the
 * capacity bench's full size:
 * - `jit=off`: JIT compiled it to machine code for 189 ms (past `jit_above_cost`);
 * - `max_parallel_workers_per_gather=0`: without JIT, it still took about 50 ms, starting two
 *   parallel workers (each a new server process) for a bitmap scan that found nothing: 0.85 ms
 *   without them.
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

/** The service's session options, then the URL's own (if any), which win where they overlap. */
export function sessionOptions(url: string): string {
  let own: string | null = null;
  try {
    own = new URL(url).searchParams.get('options');
  } catch {
    own = null; // not a URL: pg reads no options from it either
  }
  return own ? `${SESSION_OPTIONS} ${own}` : SESSION_OPTIONS;
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Database$ {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize, options: sessionOptions(config.url) });
    // An idle client that loses its server must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    return { db, dialect: 'postgres', pgPool: pool, close: () => db.destroy() };
  }
  if (config.file !== ':memory:') fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const sqlite = new Database(config.file);
  // WAL lets readers run beside the single writer; NORMAL is durable across process crashes in WAL mode.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // A second process (a `conversa worker` beside `serve`) waits for the write lock instead of failing at once.
  sqlite.pragma('busy_timeout = 5000');
  let checkpointer: Checkpointer | undefined;
  if (options.backgroundCheckpoints && config.file !== ':memory:') {
    // The thread copies the WAL as it grows; this connection's own checkpoint only lets the WAL
    // start over under sustained writes (see sqlite-checkpointer.ts), and the file is then cut back.
    sqlite.pragma(`wal_autocheckpoint = ${options.backgroundCheckpoints.walResetFrames ?? WAL_RESET_FRAMES}`);
    sqlite.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    checkpointer = startCheckpointer(config.file, options.backgroundCheckpoints);
  }
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    dialect: 'sqlite',
    dataVersion: dataVersionOf(sqlite),
    hearChanges: (onNotice) => installChangeNotices(sqlite, onNotice),
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** `PRAGMA data_version` through one prepared statement (`sqlite.pragma()` would prepare it on every call). */
function dataVersionOf(sqlite: Database.Database): () => number {
  const statement = sqlite.prepare('pragma data_version').pluck();
  return () => statement.get() as number;
}

/** Distinct SQL texts are few (Kysely builds them from code); past this many, start over. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew, which on better-sqlite3 costs about as much as running it; a
 * statement can be reused, so each SQL text is prepared once (measured: about a quarter less CPU
 * per send request). Kysely holds the single connection for the whole of each query, so a cached
 * statement is never used by two queries at once.
 *
 * Kysely's `begin` becomes `begin immediate`: a transaction takes the write lock at its start, where
 * busy_timeout makes it wait for another process's writer. A deferred transaction that read first
 * and wrote later failed at once with "database is locked" when another process had committed
 * meanwhile (SQLite cannot wait there: its snapshot is stale), e.g. CLI commands run side by side,
 * or `conversa worker` beside `serve`. In one process nothing changes: there is one connection.
 */
function withStatementCache(sqlite: Database.Database): SqliteDatabase {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = sqlite.prepare(sql === 'begin' ? 'begin immediate' : sql);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Per pooled PostgreSQL connection, the statements it has prepared (the server keeps them per session). */
const PREPARED_PER_CONNECTION = 500;
const statementNames = new Map<string, string>();
let statementCounter = 0;
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    // Never reuse a name for another text: a connection may still hold the old one.
    if (statementNames.size >= STATEMENT_CACHE_SIZE) statementNames.clear();
    name = `k${(statementCounter++).toString(36)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A statement whose result columns follow a table's (`select *`, `t.*`, `returning *`): PostgreSQL
 * refuses to run such a prepared statement once its table has gained a column ("cached plan must
 * not change result type", 0A000), as after a migration run by a newer process beside this one.
 */
const RESULT_FOLLOWS_TABLE = /(\bselect\s+\*|\.\*|\breturning\s+\*)/i;

/**
 * Errors after which a connection's prepared statements cannot be trusted: 0A000 (a cached plan's
 * result type changed) and 26000 (the statement is gone: DISCARD ALL, a pooler between us and the
 * server, or a statement pg closed after a failed bind). Such a connection is destroyed on release.
 * Both come before the statement runs: outside a transaction it is run again, unnamed.
 */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

/** 0A000 is the whole "feature not supported" class: only the plan check's is a stale statement. */
function isStaleStatement(err: { code?: string; routine?: string } | undefined): boolean {
  if (!err?.code || !STALE_STATEMENT_CODES.has(err.code)) return false;
  return err.code !== '0A000' || err.routine === 'RevalidateCachedQuery';
}

/**
 * Whether a statement runs as a named (prepared) statement on PostgreSQL: one with parameters that
 * is not to be planned for each run's values, and, inside a transaction, whose result does not
 * follow a table's columns (there a stale plan's error would abort the transaction; outside one the
 * statement is simply run again unnamed). A cursor and a statement without parameters (begin,
 * commit) go unnamed. bench/count-statements.ts lists the hot statements that do not run named.
 */
export function runsNamed(text: string, parameters: readonly unknown[] | undefined, inTransaction = false): boolean {
  return !!parameters && parameters.length > 0 && !text.startsWith(PLAN_EACH_RUN) && !(inTransaction && RESULT_FOLLOWS_TABLE.test(text));
}

/** Whether a connection is inside a transaction after `text` (Kysely's begin, commit and rollback go through `query`). */
function inTransactionAfter(text: string, before: boolean): boolean {
  if (/^\s*(begin|start\s+transaction)\b/i.test(text)) return true;
  if (/^\s*(commit|end|abort)\b/i.test(text) || /^\s*rollback\b(?!\s+to\b)/i.test(text)) return false;
  return before;
}

/**
 * Kysely sends every query as an unnamed statement, which PostgreSQL parses and plans each time.
 * Named, a statement is parsed once per connection and later runs skip the Parse step (and, after a
 * few runs, planning): less server CPU per query on the hot paths, which repeat a few texts. Each
 * connection prepares at most PREPARED_PER_CONNECTION texts; past that, queries go unnamed as before.
 * A statement that starts with PLAN_EACH_RUN stays unnamed, so it is planned for its parameters.
 * Not for a transaction-pooling proxy (PgBouncer in transaction mode): connect to PostgreSQL or to a
 * session-pooling proxy.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const stale = new WeakSet<pg.PoolClient>();
  const named = (client: pg.PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    return {
      // A cursor (streamed query) or a query without parameters (begin, commit) goes through as it is.
      query: ((text: unknown, parameters?: readonly unknown[]) => {
        const values = parameters as unknown[] | undefined;
        if (typeof text === 'string') inTransaction = inTransactionAfter(text, inTransaction);
        if (typeof text !== 'string' || !runsNamed(text, values, inTransaction)) return client.query(text as never, values);
        let prepared = preparedOn.get(client);
        if (!prepared) preparedOn.set(client, (prepared = new Set()));
        const name = statementName(text);
        if (!prepared.has(name)) {
          if (prepared.size >= PREPARED_PER_CONNECTION) return client.query(text, values);
          prepared.add(name);
        }
        const outsideTransaction = !inTransaction;
        return client.query({ name, text, values }).catch((err: { code?: string; routine?: string }) => {
          if (!isStaleStatement(err)) throw err;
          stale.add(client);
          if (outsideTransaction) return client.query(text, values);
          throw err;
        });
      }) as unknown as PostgresPoolClient['query'],
      release: (err?: Error | boolean) => client.release(stale.has(client) ? true : err),
    };
  };
  return {
    connect: async () => named(await pool.connect()),
    end: () => pool.end(),
  };
}
