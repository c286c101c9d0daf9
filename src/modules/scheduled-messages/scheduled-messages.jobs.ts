import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { SCHEDULED_SEND_JOB } from './scheduled-messages.service.js';

/** A scheduled message at its sendAt: sent, cancelled or failed in one transaction (scheduled-send.ts). */
export const scheduledMessageJobs = [
  defineJob({
    type: SCHEDULED_SEND_JOB,
    payload: JOB_PAYLOADS[SCHEDULED_SEND_JOB],
    retry: 'standard',
    handler: (services: Services) => (job, context) => services.scheduledSender.runSendJob(job, context),
  }),
] as const;
