import { Type, type Static } from '@sinclair/typebox';
import { defineJob } from '../../jobs/catalogue.js';
import type { Services } from '../services.js';
import { WEBHOOK_DELIVER_JOB } from './webhook-rules.js';

export const DeliverJobPayload = Type.Object({ deliveryId: Type.String() });
export type DeliverJobPayload = Static<typeof DeliverJobPayload>;

/** One job per webhook delivery; aborted (and handed back) when the worker shuts down. */
export const webhookJobs = [
  defineJob({
    type: WEBHOOK_DELIVER_JOB,
    payload: DeliverJobPayload,
    retry: 'webhook',
    handler: (services: Services) => (job, context) => services.webhookDeliveries.runJob(job, context.signal),
  }),
] as const;
