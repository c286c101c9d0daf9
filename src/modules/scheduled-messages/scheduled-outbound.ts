/**
 * The one place a scheduled message becomes an outbound message (DESIGN.md §10): stored `pending`
 * in the chat through ChatDelivery (the project's send path) and handed to a `messages.send` job in
 * the caller's transaction, the one that marks the scheduled message `sent`. So the message exists
 * exactly when the scheduled message says it was sent, and its delivery (retries, statuses, the
 * provider outside any transaction) is the send job's, as for any other message.
 *
 * The governor's `bulk` marking attaches here, in the draft, for every scheduled message at once
 * (governor/traffic.ts; stored as `messages.traffic`).
 */
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import type { ChatDelivery, DeliveryChannel, OutboundDraft } from '../delivery/index.js';
import { SEND_JOB } from '../messages/index.js';
import type { OrgContext } from '../shared/index.js';

export interface ScheduledOutboundDeps {
  delivery: ChatDelivery;
  queue: AppJobQueue;
}

/** Stores the scheduled message's outbound message in `chat` and enqueues its send; answers the message id. */
export async function createScheduledOutbound(
  ctx: OrgContext,
  deps: ScheduledOutboundDeps,
  channel: DeliveryChannel,
  chat: { id: string; contact: string },
  draft: OutboundDraft,
): Promise<string> {
  // Every scheduled message is bulk traffic (DESIGN.md §10): the governor's bulk rules apply at hand-over.
  const messageId = await deps.delivery.storeForJob(ctx.trx, channel, chat, { ...draft, traffic: 'bulk' });
  await deps.queue.enqueue(ctx.trx, { type: SEND_JOB, organizationId: ctx.organizationId, payload: { messageId } });
  return messageId;
}
