import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { REMOVE_FILES_JOB } from './person-erasure.js';

/** The bytes of erased files go by a job, after the erasure's commit (removing a missing file is no error). */
export const privacyJobs = [
  defineJob({
    type: REMOVE_FILES_JOB,
    payload: JOB_PAYLOADS[REMOVE_FILES_JOB],
    retry: 'standard',
    handler: (services: Services) => (job) => services.privacy.removeFiles(job.payload),
  }),
] as const;
