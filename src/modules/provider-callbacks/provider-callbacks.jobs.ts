import { Type, type Static } from '@sinclair/typebox';
import { defineJob } from '../../jobs/catalogue.js';
import type { Services } from '../services.js';
import { PROCESS_CALLBACK_JOB, SCHEDULED_CALLBACK_JOB } from './provider-callbacks.service.js';

export const ScheduledCallbackPayload = Type.Object({ channelId: Type.String(), body: Type.String() });
export type ScheduledCallbackPayload = Static<typeof ScheduledCallbackPayload>;

export const ProcessCallbackPayload = Type.Object({ callbackId: Type.String() });
export type ProcessCallbackPayload = Static<typeof ProcessCallbackPayload>;

/** Stored provider callbacks are processed by jobs; the sandbox's simulated callbacks are scheduled jobs. */
export const providerCallbackJobs = [
  defineJob({
    type: SCHEDULED_CALLBACK_JOB,
    payload: ScheduledCallbackPayload,
    retry: 'standard',
    handler: (services: Services) => (job, context) => services.providerCallbacks.runScheduledJob(job, context),
  }),
  defineJob({
    type: PROCESS_CALLBACK_JOB,
    payload: ProcessCallbackPayload,
    retry: 'callback',
    handler: (services: Services) => (job, context) => services.providerCallbacks.runProcessJob(job, context),
  }),
] as const;
