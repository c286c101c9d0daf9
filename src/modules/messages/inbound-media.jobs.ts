import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { FETCH_MEDIA_JOB } from './inbound-media.js';

/** An inbound message's media downloaded into our files, retried with backoff while it can succeed (inbound-media.ts). */
export const inboundMediaJobs = [
  defineJob({
    type: FETCH_MEDIA_JOB,
    payload: JOB_PAYLOADS[FETCH_MEDIA_JOB],
    retry: 'standard',
    handler: (services: Services) => (job, context) => services.inboundMedia.runFetchJob(job, context),
  }),
] as const;
