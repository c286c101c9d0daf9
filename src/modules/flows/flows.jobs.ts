import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { FLOW_STEP_JOB } from './flow-runner.js';

/** The steps of flow runs (flow-runner.ts): each job owns a run and moves it as far as it can go. */
export const flowJobs = [
  defineJob({
    type: FLOW_STEP_JOB,
    payload: JOB_PAYLOADS[FLOW_STEP_JOB],
    retry: 'send',
    handler: (services: Services) => (job, context) => services.flowRunner.runStepJob(job, context),
  }),
] as const;
