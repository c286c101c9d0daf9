/**
 * SQLite with a second writer on the same file (another process: `conversa worker` beside `serve`,
 * CLI commands run side by side; here a worker thread). A transaction that reads and then writes
 * must wait for the other writer and succeed, not fail with "database is locked": connection.ts
 * starts every transaction with BEGIN IMMEDIATE, where busy_timeout applies.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';

// The other writer: takes the write lock, holds it 300 ms, commits.
const OTHER_WRITER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
// It may itself meet the main connection's lock for a moment (its table's creation just committed).
db.pragma('busy_timeout = 5000');
db.exec('begin immediate');
db.prepare("insert into counters (name) values ('other')").run();
parentPort.postMessage('locked');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
db.exec('commit');
db.close();
`;

describe('SQLite transactions beside another writer', () => {
  it('waits for the other writer instead of failing a read-then-write transaction', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-writers-')), 'test.db');
    const database = openDatabase({ dialect: 'sqlite', file });
    try {
      await sql`create table counters (name text not null)`.execute(database.db);
      const other = new Worker(OTHER_WRITER, {
        eval: true,
        workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file },
      });
      // A failure in the other writer fails this test with its own error, not as an uncaught one.
      const failed = new Promise<never>((_, reject) => other.once('error', reject));
      const exited = new Promise((resolve) => other.once('exit', resolve));
      await Promise.race([new Promise((resolve) => other.once('message', resolve)), failed]);
      await database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`select count(*) as n from counters`.execute(trx);
        await sql`insert into counters (name) values (${`ours after ${rows[0]!.n}`})`.execute(trx);
      });
      await exited;
      const { rows } = await sql<{ name: string }>`select name from counters order by rowid`.execute(database.db);
      assert.deepEqual(
        rows.map((row) => row.name),
        ['other', 'ours after 1'],
      );
    } finally {
      await database.close();
    }
  });
});
