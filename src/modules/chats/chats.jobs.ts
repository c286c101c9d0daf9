import type { ModuleJobs } from '../../jobs/types.js';
import type { Services } from '../services.js';
import { SEND_JOB } from '../messages/send-outbox.js';

/** The send that a request could not finish, and the retries of a provider's retryable failure. */
export function chatJobs(services: Services): ModuleJobs {
  return { [SEND_JOB]: (job) => services.delivery.runSendJob(job) };
}
