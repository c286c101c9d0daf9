/**
 * The one place campaign messages are created (DESIGN.md §10 "Campaigns"): `storeCampaignMessages`
 * stores a batch's messages `pending`, each in its recipient's active chat (found or opened, as the
 * send endpoint does), with `source: 'campaign'`, bulk traffic and the `campaignId`, and hands each to a
 * `messages.send` job, all in the caller's transaction — the one that marks the recipients `sent` —
 * and by a fixed number of statements whatever the batch's size (one query for the chats, one
 * insert each for the chats opened, their events, the messages and the jobs). The provider call is
 * the send job's, after the commit, never inside it.
 *
 * The governor paces bulk traffic (rate, per-recipient gap, quiet hours, warm-up, messaging limit)
 * in the send path, so nothing here paces; `cappedCustomers` below is the single call site of its
 * per-recipient marketing cap (Meta 131049).
 */
import { type DeliveryChannel, type ChatDelivery, findOrCreateActiveChats } from '../delivery/index.js';
import type { MessageType } from '../../channels/provider.js';
import type { AppJobQueue, JobPayloads } from '../../jobs/job-payloads.js';
import type { JobSpecOf } from '../../jobs/types.js';
import { SEND_JOB } from '../messages/index.js';
import type { OrgContext } from '../shared/index.js';
import { customersMarketingCapped } from '../governor/index.js';

/** Which of the customers Meta's per-user marketing cap (131049, marked by the governor) holds now: counted `capped`. */
export async function cappedCustomers(ctx: OrgContext, customerIds: readonly string[]): Promise<Set<string>> {
  return customersMarketingCapped(ctx.q, customerIds, ctx.now);
}

export interface CampaignMessageTarget {
  customerId: string;
  contact: string;
  message: { type: MessageType; content: Record<string, unknown> };
}

export interface CampaignMessageDeps {
  delivery: ChatDelivery;
  queue: AppJobQueue;
}

/**
 * Stores the batch's campaign messages and enqueues their sends, with `alsoEnqueue` (the campaign's
 * next run) in the same insert; answers the message ids in the targets' order.
 */
export async function storeCampaignMessages(
  ctx: OrgContext,
  deps: CampaignMessageDeps,
  channel: DeliveryChannel,
  campaignId: string,
  targets: readonly CampaignMessageTarget[],
  alsoEnqueue: JobSpecOf<JobPayloads>[] = [],
): Promise<string[]> {
  const chatOf = await findOrCreateActiveChats(ctx, channel.channelId, targets);
  const messageIds = await deps.delivery.storeManyForJob(
    ctx.trx,
    channel,
    targets.map((target) => ({
      chatId: chatOf.get(target.contact)!,
      contact: target.contact,
      draft: { ...target.message, senderProfileId: null, source: 'campaign', campaignId, traffic: 'bulk' },
    })),
  );
  await deps.queue.enqueueMany(ctx.trx, [
    ...messageIds.map((messageId) => ({ type: SEND_JOB, organizationId: ctx.organizationId, payload: { messageId } }) as const),
    ...alsoEnqueue,
  ]);
  return messageIds;
}

/** `{{customer.name}}` and `{{fields.<slug>}}` replaced in every string of the content (unknown ones become empty). */
export function renderContent(content: unknown, values: { name: string; fields: Record<string, unknown> }): unknown {
  if (typeof content === 'string')
    return content.replace(/\{\{\s*(customer\.name|fields\.([a-z0-9_-]+))\s*\}\}/gi, (_m, key: string, slug?: string) =>
      slug ? String(values.fields[slug] ?? '') : values.name,
    );
  if (Array.isArray(content)) return content.map((item) => renderContent(item, values));
  if (content && typeof content === 'object')
    return Object.fromEntries(Object.entries(content).map(([k, v]) => [k, renderContent(v, values)]));
  return content;
}
