/**
 * A fresh database for every test, on every dialect under test (STYLE.md 11, after Kysely's test
 * matrix). SQLite always; PostgreSQL when TEST_DATABASE_URL is set. Set but unreachable fails the
 * test — it never skips.
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

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
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
  await ensureTemplate();
  const name = `conversa_t_${suffix}`;
  await withAdminClient(async (client) => {
    await client.query(`create database ${name} template ${TEMPLATE}`);
    // A commit need not wait for the server's WAL flush (7-8 ms a commit at load 15 here, 2-4 ms
    // without): tests kill the service, never PostgreSQL, so no test can tell. A clone does not
    // inherit the template's settings, hence per database.
    await client.query(`alter database ${name} set synchronous_commit = off`);
  });
  return {
    config: { dialect: 'postgres', url: urlFor(name), poolSize: 10 },
    drop: async () => void toDrop.push(name),
  };
}

/**
 * PostgreSQL databases a test is done with, dropped together when the file's tests have run.
 * DROP DATABASE forces a checkpoint of the whole server and waits for it (4.2 s a drop measured
 * here beside a bulk load): dropped one by one, every PostgreSQL test waited for one. Drops sent
 * side by side share checkpoints.
 */
const toDrop: string[] = [];
after(async () => {
  const names = toDrop.splice(0);
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
