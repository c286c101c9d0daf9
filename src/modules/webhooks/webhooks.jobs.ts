import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { WEBHOOK_DELIVER_JOB } from './webhook-rules.js';

/** One job per webhook delivery; aborted (and handed back) when the worker shuts down. */
export const webhookJobs = [
  defineJob({
    type: WEBHOOK_DELIVER_JOB,
    payload: JOB_PAYLOADS[WEBHOOK_DELIVER_JOB],
    retry: 'webhook',
    handler: (services: Services) => (job, context) => services.webhookDeliveries.runJob(job, context.signal),
  }),
] as const;
