import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { REMOVE_FILES_JOB } from './file-removal.js';

/** The bytes of deleted files go by a job, after the deletion's commit (removing a missing file is no error). */
export const fileJobs = [
  defineJob({
    type: REMOVE_FILES_JOB,
    payload: JOB_PAYLOADS[REMOVE_FILES_JOB],
    retry: 'standard',
    handler: (services: Services) => (job) => services.files.removeStored(job.payload.storageKeys),
  }),
] as const;
