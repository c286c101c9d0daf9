/**
 * PostgreSQL: inserting jobs notifies listening workers from a trigger (migration 0007), with the
 * earliest run_at of the statement's rows in epoch milliseconds, and only when the transaction
 * commits. On SQLite the queue wakes its in-process worker directly (test/jobs/queue.test.ts).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import { JOBS_CHANNEL } from '../../src/jobs/queue.js';
import { describeEachDatabase } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

describeEachDatabase('job insert notification', (env) => {
  it(
    'notifies on commit with the earliest run_at, and not for a rolled-back insert',
    { skip: env.dialect !== 'postgres' && 'PostgreSQL only' },
    async () => {
      const svc = await env.start({ startWorker: false });
      const listener = new pg.Client({ connectionString: (svc.config.database as { url: string }).url });
      await listener.connect();
      const payloads: string[] = [];
      listener.on('notification', (message) => payloads.push(String(message.payload)));
      await listener.query(`LISTEN ${JOBS_CHANNEL}`);
      try {
        await assert.rejects(
          svc.db.transaction().execute(async (trx) => {
            await testQueue(svc.deps.queue).enqueue(trx, { type: 'test.rolled-back', payload: {} });
            throw new Error('roll back');
          }),
        );
        const before = Date.now();
        await svc.db.transaction().execute(async (trx) => {
          await testQueue(svc.deps.queue).enqueueMany(trx, [
            { type: 'test.later', payload: {}, delayMs: 60_000 },
            { type: 'test.sooner', payload: {}, delayMs: 5_000 },
          ]);
        });
        const deadline = Date.now() + 3000;
        while (payloads.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        assert.equal(payloads.length, 1, 'one notification, for the committed insert only');
        const runAt = Number(payloads[0]);
        assert.ok(runAt >= before + 5_000 - 5 && runAt < before + 60_000, `carries the earliest run_at (${runAt - before} ms ahead)`);
      } finally {
        await listener.end();
      }
    },
  );
});
