import { defineJob } from '../../jobs/catalogue.js';
import { JOB_PAYLOADS } from '../../jobs/job-payloads.js';
import type { Services } from '../services.js';
import { SEND_JOB } from '../messages/index.js';
import { AUTO_CLOSE_JOB } from './chat-lifecycle.service.js';
import { SEQUENCE_STEP_JOB } from './message-sequence.service.js';
import { REACT_JOB } from './message-reactions.service.js';

/** Sends a request could not finish (and retries of a provider's retryable failure); chats closing by themselves; the steps of message sequences. */
export const chatJobs = [
  defineJob({
    type: SEND_JOB,
    payload: JOB_PAYLOADS[SEND_JOB],
    retry: 'send',
    handler: (services: Services) => (job, context) => services.delivery.runSendJob(job, context),
  }),
  defineJob({
    type: AUTO_CLOSE_JOB,
    payload: JOB_PAYLOADS[AUTO_CLOSE_JOB],
    retry: 'standard',
    handler: (services: Services) => (job) => services.chatLifecycle.runAutoCloseJob(job),
  }),
  defineJob({
    type: SEQUENCE_STEP_JOB,
    payload: JOB_PAYLOADS[SEQUENCE_STEP_JOB],
    retry: 'send',
    handler: (services: Services) => (job, context) => services.messageSequences.runStepJob(job, context),
  }),
  defineJob({
    type: REACT_JOB,
    payload: JOB_PAYLOADS[REACT_JOB],
    retry: 'send',
    handler: (services: Services) => (job, context) => services.messageReactions.runReactJob(job, context),
  }),
] as const;
