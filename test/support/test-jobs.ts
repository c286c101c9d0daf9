/**
 * Tests of the queue itself use job types of their own, which the app's catalogue does not declare
 * (so the app's typed `enqueue` refuses them): they enqueue through this view of the same queue, and
 * register their handlers in the runtime's handler map. An undeclared type has no payload schema
 * (nothing is checked at claim) and the `standard` retry policy.
 */
import type { JobQueue } from '../../src/jobs/queue.js';
import type { AppJobQueue } from '../../src/jobs/job-payloads.js';

export type TestJobPayloads = Record<string, unknown>;

export function testQueue(queue: AppJobQueue): JobQueue<TestJobPayloads> {
  return queue as unknown as JobQueue<TestJobPayloads>;
}
