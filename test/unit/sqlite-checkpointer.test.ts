/**
 * SQLite WAL checkpoints run in a worker thread (src/db/sqlite-checkpointer.ts): the service's own
 * connection checkpoints only at a high threshold (no 10-15 ms commits on the event loop), yet the
 * WAL's pages reach the database file, and the WAL starts over once past that threshold.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/connection.js';
import { startCheckpointer } from '../../src/db/sqlite-checkpointer.js';

function scratchFile(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-ckpt-')), 'test.db');
}

async function writeMany(file: string, transactions: number, options: Parameters<typeof openDatabase>[1]) {
  const database = openDatabase({ dialect: 'sqlite', file }, options);
  await sql`create table rows (id integer primary key, body text not null)`.execute(database.db);
  const body = 'x'.repeat(3000);
  for (let i = 0; i < transactions; i++) {
    await database.db.transaction().execute((trx) => sql`insert into rows (body) values (${body})`.execute(trx));
    if (i % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return database;
}

async function eventually(check: () => boolean, timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return check();
}

describe('SQLite background checkpoints', () => {
  it('copies the WAL into the database file from the thread while the connection itself never checkpoints', async () => {
    const file = scratchFile();
    const database = await writeMany(file, 600, { backgroundCheckpoints: { intervalMs: 20 } });
    try {
      const { wal_autocheckpoint } = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db)).rows[0]!;
      assert.ok(wal_autocheckpoint > 10_000, 'the service connection does not checkpoint in its commits at this size');
      // 600 rows of 3 KB (~1,200 frames, far below that threshold): without the thread the
      // database file would hold only its first pages.
      assert.ok(
        await eventually(() => fs.statSync(file).size > 1_000_000),
        `database file holds the rows (${fs.statSync(file).size} bytes)`,
      );
    } finally {
      await database.close();
    }
  });

  it('lets the WAL start over past its frame limit', async () => {
    const framesInWal = async (walResetFrames: number) => {
      const file = scratchFile();
      const database = await writeMany(file, 1500, { backgroundCheckpoints: { intervalMs: 20, walResetFrames } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      try {
        const probe = new Database(file);
        try {
          // PASSIVE reports the frames in the WAL since it last started over; -1 while the thread
          // is checkpointing at the same moment (SQLITE_BUSY), so ask again.
          for (let attempt = 0; ; attempt++) {
            const [{ log }] = probe.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
            if (log !== -1 || attempt === 100) return log;
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        } finally {
          probe.close();
        }
      } finally {
        await database.close();
      }
    };
    const withoutRestarts = await framesInWal(1_000_000_000);
    const withRestarts = await framesInWal(200);
    assert.ok(
      withRestarts < withoutRestarts / 2,
      `the WAL started over (${withRestarts} frames in it, ${withoutRestarts} without restarts)`,
    );
  });

  it('starts its thread only once the WAL has grown', async () => {
    const file = scratchFile();
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('create table rows (id integer primary key, body text not null)');
    const checkpointer = startCheckpointer(file, { startAfterWalBytes: 200_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 700));
      assert.equal(checkpointer.started, false, `a WAL of ${fs.statSync(`${file}-wal`).size} bytes needs no thread yet`);
      const insert = writer.prepare('insert into rows (body) values (?)');
      for (let i = 0; i < 100; i++) insert.run('x'.repeat(3000));
      assert.ok(await eventually(() => checkpointer.started), 'the thread started once the WAL passed the threshold');
      assert.ok(
        await eventually(() => fs.statSync(file).size > 250_000),
        `the rows reached the database file (${fs.statSync(file).size} bytes)`,
      );
    } finally {
      await checkpointer.stop();
      writer.close();
    }
  });
});
