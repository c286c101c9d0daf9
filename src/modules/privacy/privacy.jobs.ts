import type { ModuleJobs } from '../../jobs/types.js';
import type { Services } from '../services.js';
import { REMOVE_FILES_JOB, type RemoveFilesJobPayload } from './person-erasure.js';

/** The bytes of erased files go by a job, after the erasure's commit. */
export function privacyJobs(services: Services): ModuleJobs {
  return {
    [REMOVE_FILES_JOB]: (job) => services.privacy.removeFiles(job.payload as RemoveFilesJobPayload),
  };
}
