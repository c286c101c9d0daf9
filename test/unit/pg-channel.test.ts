/**
 * PostgreSQL only: the one LISTEN helper (src/db/pg-channel.ts) that the job worker, the event
 * wake-ups and the access cache use. It listens on a connection of its own (the pool stays free),
 * hears notifications, and after its connection is killed tells its owner (`onLost`), listens again
 * and says so (`onListening(true)`), so the owner can catch up. The channels of one pool share one
 * connection.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import pg from 'pg';
import pino from 'pino';
import { PgChannel } from '../../src/db/pg-channel.js';
import { POSTGRES_URL } from '../support/databases.js';
import { TestEnv } from '../support/harness.js';

async function until(what: string, done: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe(
  'PostgreSQL LISTEN channel [postgres]',
  { skip: POSTGRES_URL ? false : 'PostgreSQL tests skipped: TEST_DATABASE_URL is not set' },
  () => {
    const env = new TestEnv('postgres');
    afterEach(() => env.cleanup());

    it('listens beside the pool, hears notifications, and listens again after its connection is killed', async () => {
      const database = await env.database();
      if (database.config.dialect !== 'postgres') throw new Error('a PostgreSQL database was expected');
      const pool = new pg.Pool({ connectionString: database.config.url, max: 2 });
      const admin = new pg.Client({ connectionString: database.config.url });
      await admin.connect();
      const heard: string[] = [];
      const listening: boolean[] = [];
      let lost = 0;
      const channel = new PgChannel({
        pool,
        channel: 'conversa_test_channel',
        logger: pino({ level: 'silent' }),
        name: 'test',
        onNotification: (payload) => heard.push(payload),
        onListening: (again) => listening.push(again),
        onLost: () => lost++,
        retryMs: 200,
      });
      try {
        await channel.start();
        assert.equal(channel.listening, true);
        assert.deepEqual(listening, [false], 'listening, the first time');
        assert.equal(pool.totalCount, 0, 'no pool connection is held by the LISTEN');

        await admin.query(`select pg_notify('conversa_test_channel', 'one')`);
        await until('the first notification', () => heard.includes('one'));

        const killed = await admin.query(
          `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
        );
        assert.equal(killed.rows[0].n, 1, 'one LISTEN connection');
        await until('the loss noticed', () => lost === 1);
        await until('listening again', () => listening.length === 2);
        assert.deepEqual(listening, [false, true], 'listening again, said so');
        assert.equal(channel.listening, true);

        await admin.query(`select pg_notify('conversa_test_channel', 'two')`);
        await until('a notification after the reconnect', () => heard.includes('two'));
      } finally {
        await channel.close();
        assert.equal(channel.listening, false);
        await admin.end();
        await pool.end();
      }
    });

    it('listens on one connection for every channel of a pool, each told of a loss and of listening again', async () => {
      const database = await env.database();
      if (database.config.dialect !== 'postgres') throw new Error('a PostgreSQL database was expected');
      const pool = new pg.Pool({ connectionString: database.config.url, max: 2 });
      const admin = new pg.Client({ connectionString: database.config.url });
      await admin.connect();
      const listenConnections = async () =>
        (
          await admin.query<{ pid: number }>(
            `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
             and backend_type = 'client backend' and query ilike '%LISTEN%'`,
          )
        ).rows.map((r) => r.pid);
      const events = { a: [] as string[], b: [] as string[] };
      const channel = (name: 'a' | 'b') =>
        new PgChannel({
          pool,
          channel: `conversa_test_${name}`,
          logger: pino({ level: 'silent' }),
          name,
          onNotification: (payload) => events[name].push(`heard ${payload}`),
          onListening: (again) => events[name].push(again ? 'listening again' : 'listening'),
          onLost: () => events[name].push('lost'),
          retryMs: 200,
        });
      const a = channel('a');
      const b = channel('b');
      try {
        await Promise.all([a.start(), b.start()]);
        assert.ok(a.listening && b.listening);
        const pids = await listenConnections();
        assert.equal(pids.length, 1, 'one LISTEN connection for both channels');
        await admin.query(`select pg_notify('conversa_test_a', 'one'), pg_notify('conversa_test_b', 'two')`);
        await until('both notifications', () => events.a.includes('heard one') && events.b.includes('heard two'));

        await admin.query('select pg_terminate_backend($1)', [pids[0]]);
        await until('both listening again', () => events.a.includes('listening again') && events.b.includes('listening again'));
        assert.deepEqual(events.a, ['listening', 'heard one', 'lost', 'listening again']);
        assert.deepEqual(events.b, ['listening', 'heard two', 'lost', 'listening again']);
        assert.equal((await listenConnections()).length, 1, 'one connection again');

        // One channel closed: the other keeps listening on the same connection; the closed one hears nothing.
        await a.close();
        assert.equal(a.listening, false);
        await admin.query(`select pg_notify('conversa_test_a', 'three'), pg_notify('conversa_test_b', 'four')`);
        await until('the open channel hears', () => events.b.includes('heard four'));
        assert.ok(!events.a.includes('heard three'));
        await b.close();
        const deadline = Date.now() + 5000;
        while ((await listenConnections()).length > 0) {
          assert.ok(Date.now() < deadline, 'the connection is closed with the last channel');
          await new Promise((r) => setTimeout(r, 20));
        }
      } finally {
        await a.close();
        await b.close();
        await admin.end();
        await pool.end();
      }
    });
  },
);
