import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { SCHEDULED_CALLBACK_JOB } from '../delivery/index.js';
import { PROCESS_CALLBACK_JOB } from './provider-callbacks.service.js';

/** Stored provider callbacks are processed by jobs; the sandbox's simulated callbacks are scheduled jobs. */
export const providerCallbackJobs = [
  defineJob({
    type: SCHEDULED_CALLBACK_JOB,
    payload: JOB_PAYLOADS[SCHEDULED_CALLBACK_JOB],
    retry: 'standard',
    handler: (services: Services) => (job, context) => services.providerCallbacks.runScheduledJob(job, context),
  }),
  defineJob({
    type: PROCESS_CALLBACK_JOB,
    payload: JOB_PAYLOADS[PROCESS_CALLBACK_JOB],
    retry: 'callback',
    handler: (services: Services) => (job, context) => services.providerCallbacks.runProcessJob(job, context),
  }),
] as const;
