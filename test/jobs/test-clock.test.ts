/**
 * Time as a capability: the queue, the claims and the worker read the injected clock, and a test
 * clock's `advance` wakes the worker, so a job due in ten minutes runs at once without a real wait.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import type { JobHandlers } from '../../src/jobs/types.js';
import { TestClock } from '../../src/lib/clock.js';
import { createDeps, createWorker } from '../../src/runtime.js';
import { describeEachDatabase } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

const TEN_MINUTES = 10 * 60_000;

describeEachDatabase('test clock', (env) => {
  it('advancing the clock past a delayed job wakes the worker, which runs it at once', async () => {
    const database = await env.database();
    const clock = new TestClock();
    const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }), clock });
    const ran: number[] = [];
    const handlers: JobHandlers = new Map([['test.later', async () => void ran.push(Date.now())]]);
    // An idle poll longer than the test: only the clock's wake-up can make the job run in time.
    const worker = createWorker(deps, handlers, { idlePollMs: 60_000 });
    await worker.start();
    try {
      const id = await testQueue(deps.queue).enqueue(deps.db, { type: 'test.later', payload: {}, delayMs: TEN_MINUTES });
      const row = await deps.db.selectFrom('jobs').select('run_at').where('id', '=', id).executeTakeFirstOrThrow();
      assert.ok(Math.abs(Date.parse(row.run_at) - (clock.now().getTime() + TEN_MINUTES)) < 1000, 'due by the injected clock');
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(ran, [], 'not before its time');
      clock.advance(TEN_MINUTES - 60_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(ran, [], 'a minute early is still early');
      const advancedAt = Date.now();
      clock.advance(60_000);
      for (const deadline = Date.now() + 5000; ran.length === 0 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 10));
      assert.equal(ran.length, 1, 'ran after the advance');
      assert.ok(ran[0]! - advancedAt < 1000, `ran ${ran[0]! - advancedAt} ms after the advance`);
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });
});
