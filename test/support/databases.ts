/**
 * A fresh database for every test, on every dialect under test (STYLE.md 11, after Kysely's test
 * matrix): a new one, or on PostgreSQL one a finished test left emptied and as the template was.
 * SQLite always; PostgreSQL when TEST_DATABASE_URL is set. Set but unreachable fails the test — it
 * never skips.
 *
 * PostgreSQL databases are cloned from a migrated template (`CREATE DATABASE … TEMPLATE`), which
 * costs tens of milliseconds instead of a full migration per test. SQLite files are copies of a
 * migrated template file in the same way: a file copy instead of twenty migrations per test.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import pg from 'pg';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../../src/config.js';
import { migrateToLatest, migrationNames, migrator } from '../../src/db/migrate.js';

export type TestDialect = 'sqlite' | 'postgres';

export const POSTGRES_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

export const DIALECTS: { dialect: TestDialect; skip: string | false }[] = [
  { dialect: 'sqlite', skip: false },
  { dialect: 'postgres', skip: POSTGRES_URL ? false : 'PostgreSQL tests skipped: TEST_DATABASE_URL is not set' },
];

export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

/**
 * Named after the set of migrations, so checkouts with different migrations (worktrees, branches)
 * sharing one server never clone, or drop, each other's template.
 */
const TEMPLATE = `conversa_test_template_${crypto.createHash('sha256').update(migrationNames().join('\n')).digest('hex').slice(0, 12)}`;

function urlFor(database: string): string {
  const url = new URL(POSTGRES_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(POSTGRES_URL!, fn);
}

async function withClient<T>(connectionString: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let templateReady: Promise<void> | undefined;

/** Creates (or refreshes, when migrations changed) the template once; an advisory lock serializes test processes. */
function ensureTemplate(): Promise<void> {
  templateReady ??= withAdminClient(async (client) => {
    await client.query('select pg_advisory_lock(872301)');
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [TEMPLATE]);
      if (exists.rowCount && (await templateIsCurrent())) return;
      await client.query(`drop database if exists ${TEMPLATE} with (force)`);
      await client.query(`create database ${TEMPLATE}`);
      const db = new Kysely<unknown>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: urlFor(TEMPLATE), max: 1 }) }),
      });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
    } finally {
      await client.query('select pg_advisory_unlock(872301)');
    }
  });
  return templateReady;
}

async function templateIsCurrent(): Promise<boolean> {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: urlFor(TEMPLATE), max: 1 }) }) });
  try {
    const list = await migrator(db).getMigrations();
    return list.every((m) => m.executedAt !== undefined);
  } catch {
    return false;
  } finally {
    await db.destroy();
  }
}

/**
 * The migrated SQLite template, shared by every test process of this set of migrations. Built
 * under a private name and renamed into place, so a process never copies a half-written file;
 * two processes racing both build one and the last rename wins with an identical file.
 */
const SQLITE_TEMPLATE = path.join(os.tmpdir(), `${TEMPLATE}.wal.db`);
let sqliteTemplateReady: Promise<void> | undefined;

function ensureSqliteTemplate(): Promise<void> {
  sqliteTemplateReady ??= (async () => {
    if (fs.existsSync(SQLITE_TEMPLATE)) return;
    const building = `${SQLITE_TEMPLATE}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    const sqlite = new Database(building);
    // Migrated with a rollback journal, then switched to WAL, the mode the service opens it in
    // (src/db/connection.ts): WAL is kept in the file's header, and a clean close folds the WAL
    // back and removes it, so the template is still one file to copy, and each test's copy opens
    // without converting its journal (about 10 ms less per SQLite test).
    sqlite.pragma('journal_mode = DELETE');
    const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    try {
      await migrateToLatest(db);
      sqlite.pragma('journal_mode = WAL');
    } finally {
      await db.destroy();
    }
    if (fs.existsSync(`${building}-wal`)) throw new Error(`the SQLite template kept a WAL beside it: ${building}-wal`);
    fs.renameSync(building, SQLITE_TEMPLATE);
  })();
  return sqliteTemplateReady;
}

export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  const suffix = crypto.randomBytes(6).toString('hex');
  if (dialect === 'sqlite') {
    await ensureSqliteTemplate();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-test-'));
    const file = path.join(dir, `test-${suffix}.db`);
    fs.copyFileSync(SQLITE_TEMPLATE, file);
    return {
      config: { dialect: 'sqlite', file },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = emptied.pop() ?? (await cloneTemplate(`conversa_t_${suffix}`));
  return {
    config: { dialect: 'postgres', url: urlFor(name), poolSize: 10 },
    drop: async () => void ((await emptyForReuse(name)) ? emptied.push(name) : toDrop.push(name)),
  };
}

async function cloneTemplate(name: string): Promise<string> {
  await ensureTemplate();
  await withAdminClient(async (client) => {
    await client.query(`create database ${name} template ${TEMPLATE}`);
    // A commit need not wait for the server's WAL flush (7-8 ms a commit at load 15 here, 2-4 ms
    // without): tests kill the service, never PostgreSQL, so no test can tell. A clone does not
    // inherit the template's settings, hence per database.
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  templateShape ??= withClient(urlFor(name), shapeOf);
  await templateShape;
  return name;
}

/**
 * PostgreSQL databases a finished test left exactly as the template was: emptied, and handed to
 * the next test of this process. A clone costs the server about 190 ms of processor time (the
 * template's 10 MB written to the WAL, the first connection building the catalog cache, the drop);
 * emptying one about 60 ms, connections included (measured on the 2-core development machine).
 */
const emptied: string[] = [];

/**
 * The template's schema (tables, columns, triggers, functions, constraints) and the migrator's
 * rows (a test may record a migration this build does not know), as a digest.
 */
let templateShape: Promise<string> | undefined;

const SHAPE_SQL = `
  select md5(string_agg(item, ',' order by item)) as shape from (
    select 'r:' || c.relname || ':' || c.relkind::text || ':' || coalesce((
      select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull, ';' order by a.attnum)
      from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
    from pg_class c where c.relnamespace = 'public'::regnamespace
    union all select 't:' || tgrelid::regclass || '.' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
    union all select 'p:' || p.oid::regprocedure || ':' || md5(p.prosrc) from pg_proc p where p.pronamespace = 'public'::regnamespace
    union all select 'c:' || conrelid::regclass || '.' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = 'public'::regnamespace
    union all select 'm:' || name from kysely_migration
    union all select 'l:' || id || ':' || is_locked from kysely_migration_lock
  ) s`;

async function shapeOf(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ shape: string }>(SHAPE_SQL);
  return rows[0]!.shape;
}

/**
 * Empties a database a test is done with, if it may be reused: nobody else is connected (a process
 * a test started may still hold it), and its schema and migrations are still the template's (some
 * tests add a trigger, a column or a migration this build does not know). Every table but the migrator's loses its rows and every sequence restarts,
 * as in a fresh clone. Anything unexpected answers false, and the database is dropped instead.
 */
async function emptyForReuse(name: string): Promise<boolean> {
  try {
    return await withClient(urlFor(name), async (client) => {
      const others = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      if (others.rows[0]!.n > 0 || (await shapeOf(client)) !== (await templateShape)) return false;
      const tables = await client.query<{ name: string }>(
        "select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename not like 'kysely\\_%'",
      );
      const sequences = await client.query<{ name: string }>(
        "select quote_ident(sequencename) as name from pg_sequences where schemaname = 'public'",
      );
      // Replica mode skips the foreign-key and user triggers, so tables empty in any order; DELETE
      // rather than TRUNCATE, which writes new files for every table and index (three times the processor time here, and eight times the wait).
      await client.query(
        [
          'begin',
          'set local session_replication_role = replica',
          ...tables.rows.map((t) => `delete from ${t.name}`),
          ...sequences.rows.map((s) => `alter sequence ${s.name} restart`),
          'commit',
        ].join(';\n'),
      );
      return true;
    });
  } catch {
    return false;
  }
}

/**
 * PostgreSQL databases a test is done with, dropped together when the file's tests have run.
 * DROP DATABASE forces a checkpoint of the whole server and waits for it (4.2 s a drop measured
 * here beside a bulk load): dropped one by one, every PostgreSQL test waited for one. Drops sent
 * side by side share checkpoints.
 */
const toDrop: string[] = [];
after(async () => {
  const names = [...toDrop.splice(0), ...emptied.splice(0)];
  if (names.length === 0) return;
  const DROPS_AT_ONCE = 8;
  for (let i = 0; i < names.length; i += DROPS_AT_ONCE) {
    await Promise.all(
      names
        .slice(i, i + DROPS_AT_ONCE)
        .map((name) => withAdminClient((client) => client.query(`drop database if exists ${name} with (force)`))),
    );
  }
});
