import type { ModuleJobs } from '../../jobs/types.js';
import type { Services } from '../services.js';
import { PROCESS_CALLBACK_JOB, SCHEDULED_CALLBACK_JOB } from './provider-callbacks.service.js';

/** Stored provider callbacks are processed by jobs; the sandbox's simulated callbacks are scheduled jobs. */
export function providerCallbackJobs(services: Services): ModuleJobs {
  return {
    [SCHEDULED_CALLBACK_JOB]: (job, context) => services.providerCallbacks.runScheduledJob(job, context),
    [PROCESS_CALLBACK_JOB]: (job, context) => services.providerCallbacks.runProcessJob(job, context),
  };
}
