import { Type, type Static } from '@sinclair/typebox';
import { defineJob } from '../../jobs/catalogue.js';
import type { Services } from '../services.js';
import { FLOW_STEP_JOB } from './flow-runner.js';

export const FlowStepPayload = Type.Object({ runId: Type.String() });
export type FlowStepPayload = Static<typeof FlowStepPayload>;

/** The steps of flow runs (flow-runner.ts): each job owns a run and moves it as far as it can go. */
export const flowJobs = [
  defineJob({
    type: FLOW_STEP_JOB,
    payload: FlowStepPayload,
    retry: 'send',
    handler: (services: Services) => (job, context) => services.flowRunner.runStepJob(job, context),
  }),
] as const;
