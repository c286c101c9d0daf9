import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { backoffMs, exponential, maxAttempts, RETRY_POLICIES, retryDelayMs, schedule } from '../../src/jobs/backoff.js';
import { defineJob, JobCatalogue } from '../../src/jobs/catalogue.js';
import type { AppJobQueue } from '../../src/jobs/job-payloads.js';
import { JOB_DEFINITIONS, jobCatalogue } from '../../src/modules/jobs.js';
import type { Executor } from '../../src/db/executor.js';

/**
 * Never called: tsc checks these lines (`npx tsc --noEmit` covers test/). Each `@ts-expect-error`
 * fails the type check if the line below it compiles, i.e. if the catalogue stopped typing enqueue.
 */
export async function enqueueIsTypedByJob(queue: AppJobQueue, trx: Executor): Promise<void> {
  await queue.enqueue(trx, { type: 'chats.auto_close', payload: { chatId: 'c', since: 's' } });
  // @ts-expect-error an undeclared job type does not compile
  await queue.enqueue(trx, { type: 'chats.auto_closed', payload: { chatId: 'c', since: 's' } });
  // @ts-expect-error a payload missing a field does not compile
  await queue.enqueue(trx, { type: 'chats.auto_close', payload: { chatId: 'c' } });
  // @ts-expect-error a field of the wrong type does not compile
  await queue.enqueue(trx, { type: 'flows.step', payload: { runId: 42 } });
  // @ts-expect-error another job's payload does not compile
  await queue.enqueueMany(trx, [{ type: 'webhooks.deliver', payload: { messageId: 'm' } }]);
}

describe('job catalogue', () => {
  it('declares each job type once, with a payload schema and a named retry policy', () => {
    const types = JOB_DEFINITIONS.map((definition) => definition.type);
    assert.equal(new Set(types).size, types.length);
    const catalogue = jobCatalogue();
    for (const definition of JOB_DEFINITIONS) {
      assert.ok(catalogue.has(definition.type));
      assert.ok(definition.retry in RETRY_POLICIES, definition.type);
    }
    assert.equal(catalogue.maxAttempts('messages.send'), 12);
    assert.equal(catalogue.maxAttempts('channels.process_callback'), 25);
    assert.equal(catalogue.maxAttempts('not.declared'), 10, 'an undeclared type gets the standard policy');
  });

  it('refuses a job type declared twice', () => {
    const job = defineJob({ type: 'x.y', payload: Type.Object({}), retry: 'standard', handler: () => async () => {} });
    assert.throws(() => new JobCatalogue([job, job]), /declared twice/);
  });

  it('says why a stored payload does not fit its schema, and accepts extra fields of another version', () => {
    const catalogue = jobCatalogue();
    assert.equal(catalogue.payloadProblem('chats.auto_close', { chatId: 'c', since: 's' }), undefined);
    assert.equal(catalogue.payloadProblem('chats.auto_close', { chatId: 'c', since: 's', addedLater: true }), undefined);
    assert.match(
      catalogue.payloadProblem('chats.auto_close', { chatId: 7, since: 's' }) ?? '',
      /^payload does not match chats\.auto_close: \/chatId /,
    );
    assert.match(catalogue.payloadProblem('chats.sequence_step', { sequenceId: 's' }) ?? '', /\/index /);
    assert.match(catalogue.payloadProblem('flows.step', null) ?? '', /payload does not match flows\.step/);
    assert.equal(catalogue.payloadProblem('not.declared', 'anything'), undefined, 'an undeclared type is not checked');
  });
});

describe('retry policies', () => {
  it('exponential: doubles from its base, is capped, jittered within [half, full], and ends after its attempts', () => {
    const policy = exponential(10, 1000, 3_600_000);
    assert.equal(
      retryDelayMs(policy, 1, () => 0),
      500,
    );
    assert.equal(
      retryDelayMs(policy, 1, () => 1),
      1000,
    );
    assert.equal(
      retryDelayMs(policy, 4, () => 1),
      8000,
    );
    assert.equal(
      backoffMs(policy, 40, () => 1),
      3_600_000,
    );
    assert.equal(retryDelayMs(policy, 10), undefined, 'the tenth attempt was the last');
    const spread = new Set(Array.from({ length: 20 }, () => retryDelayMs(policy, 5)));
    assert.ok(spread.size > 1, 'jitter varies the delay');
  });

  it('schedule: one delay per failed attempt with ±20 % jitter, then stops', () => {
    const policy = schedule([5000, 30_000]);
    assert.equal(maxAttempts(policy), 3);
    assert.equal(
      retryDelayMs(policy, 1, () => 0),
      4000,
    );
    assert.equal(
      retryDelayMs(policy, 1, () => 1),
      6000,
    );
    assert.equal(
      retryDelayMs(policy, 2, () => 0.5),
      30_000,
    );
    assert.equal(retryDelayMs(policy, 3), undefined);
  });

  it('names the policies jobs choose from', () => {
    assert.deepEqual(Object.fromEntries(Object.entries(RETRY_POLICIES).map(([name, policy]) => [name, maxAttempts(policy)])), {
      standard: 10,
      send: 12,
      callback: 25,
      webhook: 1000,
    });
  });
});
