/**
 * The payload of every job type the service enqueues, as TypeBox schemas: the one statement of what
 * each job stores (like the event catalogue, event-log/catalogue.ts). The payload map derived from
 * it types `enqueue` (`AppJobQueue`): an undeclared type, or a payload of the wrong shape, does not
 * compile. Each module's `*.jobs.ts` declares its jobs with these schemas, a retry policy and a
 * handler; src/modules/jobs.ts checks at compile time that every type here has exactly one.
 *
 * Schemas accept extra fields, so a job stored by an earlier or later version still runs.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { JobQueue } from './queue.js';

export const JOB_PAYLOADS = {
  'messages.send': Type.Object({ messageId: Type.String() }),
  /** An agent's reaction to hand to the provider (chats/message-reactions.service.ts); '' removes it. */
  /** An inbound message's media to download into our files (messages/inbound-media.ts). */
  'messages.fetch_media': Type.Object({ messageId: Type.String() }),
  'messages.react': Type.Object({ messageId: Type.String(), emoji: Type.String() }),
  'chats.auto_close': Type.Object({
    chatId: Type.String(),
    /** The chat's `updated_at` when it entered `await_closing`: a later change cancels the auto-close. */
    since: Type.String(),
  }),
  'chats.sequence_step': Type.Object({
    sequenceId: Type.String(),
    /** Position in the sequence row's `steps` (one entry per message). */
    index: Type.Integer({ minimum: 0 }),
  }),
  'flows.step': Type.Object({ runId: Type.String() }),
  /** A chat's SLA deadline (sla/sla-timers.ts): `target` is `first_response` or `resolution`. */
  'chats.sla_check': Type.Object({ chatId: Type.String(), target: Type.String() }),
  /** A scheduled message at its `send_at` (scheduled-messages/). */
  'scheduled_messages.send': Type.Object({ scheduledMessageId: Type.String() }),
  /** A campaign's next step: expand its audience, or send a batch of its recipients (campaigns/campaign-runner.ts). */
  'campaigns.run': Type.Object({ campaignId: Type.String() }),
  'channels.scheduled_callback': Type.Object({ channelId: Type.String(), body: Type.String() }),
  'channels.process_callback': Type.Object({ callbackId: Type.String() }),
  'webhooks.deliver': Type.Object({ deliveryId: Type.String() }),
  /** The stored bytes of an erased person's files, removed after the erasure committed. */
  'files.remove': Type.Object({ storageKeys: Type.Array(Type.String()) }),
} as const;

/** Each job type's payload, derived from its schema. */
export type JobPayloads = { [T in keyof typeof JOB_PAYLOADS]: Static<(typeof JOB_PAYLOADS)[T]> };
export type JobType = keyof JobPayloads;

/** The queue services enqueue through: only declared job types, each with its payload's shape. */
export type AppJobQueue = JobQueue<JobPayloads>;

export type SendJobPayload = JobPayloads['messages.send'];
export type FetchMediaJobPayload = JobPayloads['messages.fetch_media'];
export type ReactJobPayload = JobPayloads['messages.react'];
export type AutoCloseJobPayload = JobPayloads['chats.auto_close'];
export type SequenceStepPayload = JobPayloads['chats.sequence_step'];
export type FlowStepPayload = JobPayloads['flows.step'];
export type ScheduledSendPayload = JobPayloads['scheduled_messages.send'];
export type ScheduledCallbackPayload = JobPayloads['channels.scheduled_callback'];
export type ProcessCallbackPayload = JobPayloads['channels.process_callback'];
export type DeliverJobPayload = JobPayloads['webhooks.deliver'];
export type RemoveFilesJobPayload = JobPayloads['files.remove'];
