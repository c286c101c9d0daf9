/**
 * Timers (DESIGN §7: a flow's wait ends on time under load): a worker wakes for every delayed job
 * at its due time, not only for the first it was told of; and a due timer (JOB_PRIORITY_TIMER) is
 * claimed before a backlog of immediate jobs that were queued earlier.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import { JOB_PRIORITY_TIMER } from '../../src/jobs/types.js';
import type { JobHandlers } from '../../src/jobs/types.js';
import { createDeps, createWorker } from '../../src/runtime.js';
import { describeEachDatabase } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

async function until(what: string, done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase('job timers', (env) => {
  it('runs each of several delayed jobs at its own due time, not at the next idle poll', async () => {
    const database = await env.database();
    const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
    const lateness: number[] = [];
    const handlers: JobHandlers = new Map();
    handlers.set('test.timer', async (job) => {
      lateness.push(Date.now() - (job.payload as { due: number }).due);
    });
    // The idle poll is far longer than any delay: only the worker's own timers can be on time.
    const worker = createWorker(deps, handlers, { idlePollMs: 10_000 });
    await worker.start();
    try {
      const delays = [300, 500, 700, 900, 1100];
      const now = Date.now();
      await deps.db.transaction().execute((trx) =>
        testQueue(deps.queue).enqueueMany(
          trx,
          delays.map((delayMs) => ({ type: 'test.timer', payload: { due: now + delayMs }, runAt: new Date(now + delayMs) })),
        ),
      );
      await until('every timer ran', () => lateness.length === delays.length);
      // Generous for a loaded CI machine; without re-arming, all but the first wait for the 10 s poll.
      assert.ok(
        lateness.every((ms) => ms >= 0 && ms < 1000),
        `each ran within a second of its due time: ${lateness.join(', ')} ms late`,
      );
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });

  it('claims a due timer before a backlog of immediate jobs queued earlier', async () => {
    const database = await env.database();
    const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
    const order: string[] = [];
    const handlers: JobHandlers = new Map();
    handlers.set('test.slow', async (job) => {
      order.push((job.payload as { name: string }).name);
      await new Promise((r) => setTimeout(r, 30));
    });
    const worker = createWorker(deps, handlers, { concurrency: 1, idlePollMs: 10_000 });
    try {
      await deps.db.transaction().execute(async (trx) => {
        // Forty immediate jobs of 30 ms each: a backlog of at least 1.2 s for one slot, due a
        // millisecond apart (already due), since jobs due at the same instant have no order among
        // themselves (on PostgreSQL, a reused database's free space can put later rows first)...
        const due = Date.now() - 1000;
        await testQueue(deps.queue).enqueueMany(
          trx,
          Array.from({ length: 40 }, (_, i) => ({ type: 'test.slow', payload: { name: `now-${i}` }, runAt: new Date(due + i) })),
        );
        // ...and a timer due after 200 ms, later than all of them by run_at.
        await testQueue(deps.queue).enqueue(trx, {
          type: 'test.slow',
          payload: { name: 'timer' },
          delayMs: 200,
          priority: JOB_PRIORITY_TIMER,
        });
      });
      await worker.start();
      await until('every job ran', () => order.length === 41);
      const position = order.indexOf('timer');
      assert.ok(position > 0 && position < 25, `the timer ran once due, ahead of the backlog (position ${position} of 41)`);
      assert.deepEqual(
        order.filter((name) => name !== 'timer'),
        Array.from({ length: 40 }, (_, i) => `now-${i}`),
        'the immediate jobs ran in their run_at order',
      );
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });

  it('runs a due timer in a reserved slot while every slot is held by immediate work', async () => {
    const database = await env.database();
    const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
    const events: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const handlers: JobHandlers = new Map();
    handlers.set('test.hold', async () => {
      events.push('hold started');
      await released;
      events.push('hold ended');
    });
    handlers.set('test.timer', async () => {
      events.push('timer');
    });
    const worker = createWorker(deps, handlers, { concurrency: 1, idlePollMs: 10_000 });
    await worker.start();
    try {
      await deps.db.transaction().execute((trx) => testQueue(deps.queue).enqueue(trx, { type: 'test.hold', payload: {} }));
      await until('the only slot is taken', () => events.includes('hold started'));
      await deps.db
        .transaction()
        .execute((trx) =>
          testQueue(deps.queue).enqueue(trx, { type: 'test.timer', payload: {}, delayMs: 200, priority: JOB_PRIORITY_TIMER }),
        );
      await until('the timer ran', () => events.includes('timer'), 5000);
      assert.deepEqual(events, ['hold started', 'timer'], 'the timer ran while the slot was still held');
    } finally {
      release();
      await worker.stop();
      await deps.database.close();
    }
  });
});
