/**
 * The job catalogue: every module's job declarations (`*.jobs.ts`: type, payload schema from
 * jobs/job-payloads.ts, retry policy, handler) in one list, from which the worker's handlers
 * (`jobHandlersFor`) and the run-time catalogue (payload checks, retry policies) are derived.
 * Adding a job: its payload schema in jobs/job-payloads.ts, its declaration in its module's
 * `*.jobs.ts` (and that module's list here if it is new); the check below fails until both exist.
 */
import { JobCatalogue, type JobPayloadsOf } from '../jobs/catalogue.js';
import type { JobPayloads } from '../jobs/job-payloads.js';
import type { JobHandler, JobHandlers } from '../jobs/types.js';
import type { Services } from './services.js';
import { campaignJobs } from './campaigns/campaigns.jobs.js';
import { chatJobs } from './chats/chats.jobs.js';
import { fileJobs } from './files/files.jobs.js';
import { flowJobs } from './flows/flows.jobs.js';
import { scheduledMessageJobs } from './scheduled-messages/scheduled-messages.jobs.js';
import { slaJobs } from './sla/sla.jobs.js';
import { inboundMediaJobs } from './messages/inbound-media.jobs.js';
import { providerCallbackJobs } from './provider-callbacks/provider-callbacks.jobs.js';
import { webhookJobs } from './webhooks/webhooks.jobs.js';

export const JOB_DEFINITIONS = [
  ...campaignJobs,
  ...chatJobs,
  ...fileJobs,
  ...flowJobs,
  ...inboundMediaJobs,
  ...providerCallbackJobs,
  ...scheduledMessageJobs,
  ...slaJobs,
  ...webhookJobs,
] as const;

// Every payload type has a declaration and every declaration a payload type; a job without a handler fails here.
type Declared = JobPayloadsOf<typeof JOB_DEFINITIONS>;
type Undeclared = Exclude<keyof JobPayloads, keyof Declared> | Exclude<keyof Declared, keyof JobPayloads>;
const _everyJobDeclared: [Undeclared] extends [never] ? true : Undeclared = true;

export function jobCatalogue(): JobCatalogue {
  return new JobCatalogue(JOB_DEFINITIONS);
}

/** Every declared job's handler by job type, built from the service graph: what a worker runs. */
export function jobHandlersFor(services: Services): JobHandlers {
  return new Map(JOB_DEFINITIONS.map((definition) => [definition.type, definition.handler(services) as JobHandler]));
}
