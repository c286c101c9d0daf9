import type { ModuleJobs } from '../../jobs/types.js';
import type { Services } from '../services.js';
import { WEBHOOK_DELIVER_JOB } from './webhook-rules.js';

/** One job per webhook delivery; aborted (and handed back) when the worker shuts down. */
export function webhookJobs(services: Services): ModuleJobs {
  return { [WEBHOOK_DELIVER_JOB]: (job, context) => services.webhookDeliveries.runJob(job, context.signal) };
}
