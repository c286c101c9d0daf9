import { Type, type Static } from '@sinclair/typebox';
import { defineJob } from '../../jobs/catalogue.js';
import type { Services } from '../services.js';
import { SEND_JOB } from '../messages/send-outbox.js';
import { AUTO_CLOSE_JOB } from './chat-lifecycle.service.js';
import { SEQUENCE_STEP_JOB } from './message-sequence.service.js';

export const SendJobPayload = Type.Object({ messageId: Type.String() });
export type SendJobPayload = Static<typeof SendJobPayload>;

export const AutoCloseJobPayload = Type.Object({
  chatId: Type.String(),
  /** The chat's `updated_at` when it entered `await_closing`: a later change cancels the auto-close. */
  since: Type.String(),
});
export type AutoCloseJobPayload = Static<typeof AutoCloseJobPayload>;

export const SequenceStepPayload = Type.Object({
  sequenceId: Type.String(),
  /** Position in the sequence row's `steps` (one entry per message). */
  index: Type.Integer({ minimum: 0 }),
});
export type SequenceStepPayload = Static<typeof SequenceStepPayload>;

/** Sends a request could not finish (and retries of a provider's retryable failure); chats closing by themselves; the steps of message sequences. */
export const chatJobs = [
  defineJob({
    type: SEND_JOB,
    payload: SendJobPayload,
    retry: 'send',
    handler: (services: Services) => (job, context) => services.delivery.runSendJob(job, context),
  }),
  defineJob({
    type: AUTO_CLOSE_JOB,
    payload: AutoCloseJobPayload,
    retry: 'standard',
    handler: (services: Services) => (job) => services.chatLifecycle.runAutoCloseJob(job),
  }),
  defineJob({
    type: SEQUENCE_STEP_JOB,
    payload: SequenceStepPayload,
    retry: 'send',
    handler: (services: Services) => (job, context) => services.messageSequences.runStepJob(job, context),
  }),
] as const;
