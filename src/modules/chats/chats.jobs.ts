import type { ModuleJobs } from '../../jobs/types.js';
import type { Services } from '../services.js';
import { SEND_JOB } from '../messages/send-outbox.js';
import { AUTO_CLOSE_JOB } from './chat-lifecycle.service.js';
import { SEQUENCE_STEP_JOB } from './message-sequence.service.js';

/** Sends a request could not finish (and retries of a provider's retryable failure); chats closing by themselves; the steps of message sequences. */
export function chatJobs(services: Services): ModuleJobs {
  return {
    [SEND_JOB]: (job, context) => services.delivery.runSendJob(job, context),
    [AUTO_CLOSE_JOB]: (job) => services.chatLifecycle.runAutoCloseJob(job),
    [SEQUENCE_STEP_JOB]: (job, context) => services.messageSequences.runStepJob(job, context),
  };
}
