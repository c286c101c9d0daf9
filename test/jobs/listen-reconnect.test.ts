/**
 * PostgreSQL only: a worker whose LISTEN connection is killed (server restart, failover, an admin's
 * pg_terminate_backend) neither crashes nor goes deaf: it listens again and still picks up new jobs
 * promptly.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import pino from 'pino';
import type { JobHandlers } from '../../src/jobs/types.js';
import { createDeps, createWorker } from '../../src/runtime.js';
import { POSTGRES_URL } from '../support/databases.js';
import { TestEnv } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

describe(
  'job worker LISTEN connection [postgres]',
  { skip: POSTGRES_URL ? false : 'PostgreSQL tests skipped: TEST_DATABASE_URL is not set' },
  () => {
    const env = new TestEnv('postgres');
    afterEach(() => env.cleanup());

    it('survives its LISTEN connection being terminated and keeps picking jobs up promptly', async () => {
      const database = await env.database();
      const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
      const handlers: JobHandlers = new Map();
      const other = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
      const ran: number[] = [];
      handlers.set('test.after-kill', async () => {
        ran.push(Date.now());
      });
      // A long idle poll: only notifications can make pickup prompt.
      const worker = createWorker(deps, handlers, { idlePollMs: 30_000 });
      await worker.start();
      try {
        const killed = await sql<{ pid: number }>`
        select pid from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`.execute(deps.db);
        assert.equal(killed.rows.length, 1, 'the worker had one LISTEN connection');
        await sql`select pg_terminate_backend(${killed.rows[0]!.pid})`.execute(deps.db);
        // The worker listens again after about a second: on a new connection, its LISTEN run.
        const listening = sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'LISTEN%' and state = 'idle' and pid <> pg_backend_pid() and pid <> ${killed.rows[0]!.pid}`;
        const listenDeadline = Date.now() + 10_000;
        while ((await listening.execute(deps.db)).rows[0]!.n === 0) {
          assert.ok(Date.now() < listenDeadline, 'the worker listens again within 10 s');
          await new Promise((r) => setTimeout(r, 20));
        }
        // Enqueued by another process (its own pool and queue): only NOTIFY can wake this worker.
        const enqueuedAt = Date.now();
        await other.db.transaction().execute((trx) => testQueue(other.queue).enqueue(trx, { type: 'test.after-kill', payload: {} }));
        const deadline = Date.now() + 5000;
        while (ran.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        assert.equal(ran.length, 1, 'the job ran');
        assert.ok(ran[0]! - enqueuedAt < 1000, `picked up in ${ran[0]! - enqueuedAt} ms`);
      } finally {
        await worker.stop();
        await deps.database.close();
        await other.database.close();
      }
    });
  },
);
