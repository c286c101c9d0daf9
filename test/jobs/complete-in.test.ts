/**
 * A job that ends in the transaction of its effect (JobContext.completeIn): the job is gone exactly
 * when the effect committed, and a worker that no longer holds the job cannot commit the effect.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import type { AppDeps } from '../../src/deps.js';
import type { JobHandler, JobHandlers } from '../../src/jobs/types.js';
import { JobLeaseLost } from '../../src/jobs/types.js';
import { createDeps, createWorker } from '../../src/runtime.js';
import { describeEachDatabase, type TestEnv } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * Runs one `test.complete` job with `handler` on a worker whose lease is 900 ms (renewed every
 * 300 ms), until `ended` holds. A shorter lease failed on a loaded 2-core machine: a heartbeat
 * 200 ms late took a live job's lease for lost.
 */
async function runOneShortLeaseJob(
  env: TestEnv,
  handler: (deps: AppDeps) => JobHandler,
  ended: () => boolean,
  logger = pino({ level: 'silent' }),
): Promise<void> {
  const deps = await createDeps(env.config(await env.database()), { logger });
  const worker = createWorker(deps, new Map([['test.complete', handler(deps)]]), { idlePollMs: 50, leaseMs: 900 });
  await worker.start();
  try {
    await deps.db.transaction().execute((trx) => testQueue(deps.queue).enqueue(trx, { type: 'test.complete', payload: { stolen: false } }));
    await until('the job ended', async () => ended());
  } finally {
    await worker.stop();
    await deps.database.close();
  }
}

describeEachDatabase('jobs completed in their own transaction', (env) => {
  it('deletes the job with its effect; a lost lease rolls the effect back and leaves the job to its new holder', async () => {
    const database = await env.database();
    const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
    const handlers: JobHandlers = new Map();
    const outcomes: string[] = [];
    // The effect: a marker job (type test.effect, never run here) written in the handler's transaction.
    handlers.set('test.complete', async (job, context) => {
      const { stolen } = job.payload as { stolen: boolean };
      // Another worker took the job over (this one stalled past its lease).
      if (stolen) await deps.db.updateTable('jobs').set({ locked_by: 'another-worker' }).where('id', '=', job.id).execute();
      try {
        await deps.db.transaction().execute(async (trx) => {
          await testQueue(deps.queue).enqueue(trx, { type: 'test.effect', payload: { from: job.id }, delayMs: 3_600_000 });
          await context.completeIn(trx);
        });
        outcomes.push('committed');
      } catch (err) {
        outcomes.push(err instanceof JobLeaseLost ? 'lease lost' : String(err));
        throw err;
      }
    });
    const worker = createWorker(deps, handlers, { idlePollMs: 50 });
    await worker.start();
    try {
      const [kept, stolen] = await deps.db.transaction().execute((trx) =>
        testQueue(deps.queue).enqueueMany(trx, [
          { type: 'test.complete', payload: { stolen: false } },
          { type: 'test.complete', payload: { stolen: true } },
        ]),
      );
      await until('both jobs ran', async () => outcomes.length === 2);
      assert.deepEqual([...outcomes].sort(), ['committed', 'lease lost']);

      const rows = await deps.db.selectFrom('jobs').select(['id', 'type', 'payload', 'status', 'locked_by']).execute();
      const effects = rows.filter((row) => row.type === 'test.effect').map((row) => JSON.parse(row.payload).from);
      assert.deepEqual(effects, [kept], 'only the job still held committed its effect');
      assert.equal(
        rows.find((row) => row.id === kept),
        undefined,
        'the completed job is gone with its effect',
      );
      // The stolen job belongs to its new holder: this worker neither deleted nor re-queued it.
      const taken = rows.find((row) => row.id === stolen);
      assert.ok(taken, 'the job taken over is still there');
      assert.equal(taken.locked_by, 'another-worker');
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });

  it('a job that finished in its own transaction and is still winding down has lost no lease', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    let abortedAfterCommit: boolean | undefined;
    await runOneShortLeaseJob(
      env,
      (deps) => async (_job, context) => {
        await deps.db.transaction().execute((trx) => context.completeIn(trx));
        // The row is gone; the handler goes on past several heartbeats.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        abortedAfterCommit = context.signal.aborted;
      },
      () => abortedAfterCommit !== undefined,
      logger,
    );
    assert.equal(abortedAfterCommit, false, 'its signal was not aborted');
    assert.deepEqual(
      warnings.filter((msg) => /lease/.test(msg)),
      [],
    );
  });

  it('a job whose deletion rolled back and that another worker then took over is aborted', async () => {
    let aborted: boolean | undefined;
    await runOneShortLeaseJob(
      env,
      (deps) => async (job, context) => {
        await deps.db
          .transaction()
          .execute(async (trx) => {
            await context.completeIn(trx);
            throw new Error('the effect failed: the deletion rolls back with it');
          })
          .catch(() => undefined);
        // The row is back, and another worker takes the job over (this one stalled past its lease).
        await deps.db.updateTable('jobs').set({ locked_by: 'another-worker' }).where('id', '=', job.id).execute();
        await until('the signal aborted', async () => context.signal.aborted, 2000).catch(() => undefined);
        aborted = context.signal.aborted;
      },
      () => aborted !== undefined,
    );
    assert.equal(aborted, true, 'a job taken over is stopped here, though this worker had once deleted its row');
  });
});
