/**
 * The worker checks a claimed job's payload against its declared schema: a stored payload that does
 * not fit fails the job at once (no retry can change it), with the reason kept as its error.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import type { ClaimedJob, JobHandlers } from '../../src/jobs/types.js';
import { createDeps, createWorker } from '../../src/runtime.js';
import { describeEachDatabase } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDatabase('job payloads', (env) => {
  it('fails a job whose stored payload does not match its schema at once, with the reason, and runs one that does', async () => {
    const database = await env.database();
    const deps = await createDeps(env.config(database), { logger: pino({ level: 'silent' }) });
    const ran: ClaimedJob[] = [];
    const handlers: JobHandlers = new Map([['chats.auto_close', async (job: ClaimedJob) => void ran.push(job)]]);
    const worker = createWorker(deps, handlers, { idlePollMs: 20, retryBaseMs: 20 });
    await worker.start();
    try {
      // Written as a row of an earlier (or broken) version would be: the typed enqueue refuses it.
      const bad = await testQueue(deps.queue).enqueue(deps.db, {
        type: 'chats.auto_close',
        payload: { chatId: 7, since: '2026-01-01T00:00:00.000Z' },
      });
      const good = await testQueue(deps.queue).enqueue(deps.db, {
        type: 'chats.auto_close',
        payload: { chatId: 'chat-1', since: '2026-01-01T00:00:00.000Z', fromAnotherVersion: true },
      });
      const dead = await until('the bad job dead', async () => {
        const row = await deps.db.selectFrom('jobs').selectAll().where('id', '=', bad).executeTakeFirst();
        return row?.status === 'dead' ? row : undefined;
      });
      assert.equal(dead.attempts, 1, 'not retried');
      assert.equal(dead.max_attempts, 10, "the standard policy's budget was stored");
      assert.match(dead.last_error ?? '', /^payload does not match chats\.auto_close: \/chatId Expected string/);
      await until('the good job run', async () => (ran.some((job) => job.id === good) ? true : undefined));
      assert.ok(!ran.some((job) => job.id === bad), 'the handler never saw the bad payload');
    } finally {
      await worker.stop();
      await deps.database.close();
    }
  });
});
