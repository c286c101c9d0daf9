import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { SLA_CHECK_JOB } from './sla-timers.js';

/** A chat's SLA deadline: met or breached, recorded once (sla-timers.ts). */
export const slaJobs = [
  defineJob({
    type: SLA_CHECK_JOB,
    payload: JOB_PAYLOADS[SLA_CHECK_JOB],
    retry: 'standard',
    handler: (services: Services) => (job, context) => services.slaTimers.runCheck(job, context),
  }),
] as const;
