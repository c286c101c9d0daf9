import type { ModuleJobs } from '../../jobs/types.js';
import type { Services } from '../services.js';
import { FLOW_STEP_JOB } from './flow-runner.js';

/** The steps of flow runs (flow-runner.ts): each job owns a run and moves it as far as it can go. */
export function flowJobs(services: Services): ModuleJobs {
  return {
    [FLOW_STEP_JOB]: (job, context) => services.flowRunner.runStepJob(job, context),
  };
}
