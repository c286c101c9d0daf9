/**
 * The one place a campaign message is created (DESIGN.md §10 "Campaigns"): `storeCampaignMessage`
 * stores it `pending` in the recipient's active chat (found or opened, as the send endpoint does)
 * with `source: 'campaign'` and its `campaignId`, and hands it to a `messages.send` job, all in the
 * caller's transaction — the one that marks the recipient `sent`. The provider call is the send
 * job's, after the commit, never inside it. Built on the scheduled messages' send seam
 * (scheduled-messages/scheduled-outbound.ts).
 *
 * The governor classifies `source: 'campaign'` as bulk traffic (rate, per-recipient gap, quiet
 * hours, warm-up, messaging limit) in the send path, so nothing here paces; `isMarketingCapped`
 * below is the single call site of its per-recipient marketing cap (Meta 131049).
 */
import type { DeliveryChannel } from '../chats/delivery-types.js';
import { findOrCreateActiveChat } from '../chats/active-chat.js';
import type { MessageType } from '../../channels/provider.js';
import { createScheduledOutbound, type ScheduledOutboundDeps } from '../scheduled-messages/scheduled-outbound.js';
import type { OrgContext } from '../shared/org-context.js';
import { customerMarketingCapped } from '../governor/marketing-cap.js';

/** Whether Meta's per-user marketing cap (131049, marked by the governor) holds this recipient: counted `capped`. */
export async function isMarketingCapped(ctx: OrgContext, customerId: string): Promise<boolean> {
  return customerMarketingCapped(ctx.q, customerId, ctx.now);
}

export interface CampaignRecipientTarget {
  campaignId: string;
  customerId: string;
  contact: string;
}

/** Stores the recipient's campaign message and enqueues its send; answers the message id. */
export async function storeCampaignMessage(
  ctx: OrgContext,
  deps: ScheduledOutboundDeps,
  channel: DeliveryChannel,
  target: CampaignRecipientTarget,
  message: { type: MessageType; content: Record<string, unknown> },
): Promise<string> {
  const { chatId } = await findOrCreateActiveChat(ctx, {
    channelId: channel.channelId,
    customerId: target.customerId,
    contact: target.contact,
  });
  return createScheduledOutbound(
    ctx,
    deps,
    channel,
    { id: chatId, contact: target.contact },
    { type: message.type, content: message.content, senderProfileId: null, source: 'campaign', campaignId: target.campaignId },
  );
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
