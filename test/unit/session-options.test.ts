/**
 * The settings of every PostgreSQL session the service opens (src/db/connection.ts,
 * `sessionOptions`): JIT and parallel workers off, and the URL's own `options` after them, so an
 * operator's value wins.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase, SESSION_OPTIONS, sessionOptions } from '../../src/db/connection.js';
import { POSTGRES_URL } from '../support/databases.js';
import { TestEnv } from '../support/harness.js';

describe('PostgreSQL session options', () => {
  it("puts the URL's own options after the service's", () => {
    assert.equal(sessionOptions('postgres://postgres@127.0.0.1:5432/conversa'), SESSION_OPTIONS);
    assert.equal(
      sessionOptions('postgres://postgres@127.0.0.1:5432/conversa?options=-c%20statement_timeout%3D5000'),
      `${SESSION_OPTIONS} -c statement_timeout=5000`,
    );
    assert.equal(sessionOptions('not a url'), SESSION_OPTIONS);
  });
});

describe(
  'PostgreSQL session options [postgres]',
  { skip: POSTGRES_URL ? false : 'PostgreSQL tests skipped: TEST_DATABASE_URL is not set' },
  () => {
    const env = new TestEnv('postgres');
    afterEach(() => env.cleanup());

    it("runs the service's sessions without JIT or parallel workers, unless the URL asks for them", async () => {
      const svc = await env.start({ startWorker: false });
      const { rows } = await sql<{ jit: string }>`show jit`.execute(svc.db);
      assert.equal(rows[0]!.jit, 'off');
      const { rows: parallel } = await sql<{ max_parallel_workers_per_gather: string }>`show max_parallel_workers_per_gather`.execute(
        svc.db,
      );
      assert.equal(parallel[0]!.max_parallel_workers_per_gather, '0');

      const database = await env.database();
      if (database.config.dialect !== 'postgres') throw new Error('a PostgreSQL database was expected');
      const url = new URL(database.config.url);
      url.searchParams.set('options', '-c jit=on');
      const own = openDatabase({ ...database.config, url: url.toString() });
      try {
        const { rows: asked } = await sql<{ jit: string }>`show jit`.execute(own.db);
        assert.equal(asked[0]!.jit, 'on');
      } finally {
        await own.close();
      }
    });
  },
);
