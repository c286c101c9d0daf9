import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { CAMPAIGN_RUN_JOB } from './campaign-runner.js';

/** A campaign's next step, one transaction each (campaign-runner.ts). */
export const campaignJobs = [
  defineJob({
    type: CAMPAIGN_RUN_JOB,
    payload: JOB_PAYLOADS[CAMPAIGN_RUN_JOB],
    retry: 'standard',
    handler: (services: Services) => (job, context) => services.campaignRunner.run(job, context),
  }),
] as const;
