/**
 * The job catalogue: every module's job declarations (`*.jobs.ts`) in one list, from which the
 * payload map that types `enqueue` (`JobPayloads`), the worker's handlers (`jobHandlersFor`) and
 * the run-time catalogue (payload checks, retry policies) are derived. Adding a job: declare it
 * in its module's `*.jobs.ts` with `defineJob`, and add that module's list here if it is new.
 */
import { JobCatalogue, type JobPayloadsOf } from '../jobs/catalogue.js';
import type { JobQueue } from '../jobs/queue.js';
import type { JobHandler, JobHandlers } from '../jobs/types.js';
import type { Services } from './services.js';
import { chatJobs } from './chats/chats.jobs.js';
import { flowJobs } from './flows/flows.jobs.js';
import { providerCallbackJobs } from './provider-callbacks/provider-callbacks.jobs.js';
import { webhookJobs } from './webhooks/webhooks.jobs.js';

export const JOB_DEFINITIONS = [...chatJobs, ...flowJobs, ...providerCallbackJobs, ...webhookJobs] as const;

/** Each job type's payload, derived from its declaration's schema. */
export type JobPayloads = JobPayloadsOf<typeof JOB_DEFINITIONS>;
export type JobType = keyof JobPayloads;

/** The queue services enqueue through: only declared job types, each with its payload's shape. */
export type AppJobQueue = JobQueue<JobPayloads>;

export function jobCatalogue(): JobCatalogue {
  return new JobCatalogue(JOB_DEFINITIONS);
}

/** Every declared job's handler by job type, built from the service graph: what a worker runs. */
export function jobHandlersFor(services: Services): JobHandlers {
  return new Map(JOB_DEFINITIONS.map((definition) => [definition.type, definition.handler(services) as JobHandler]));
}
