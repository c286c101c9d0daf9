/**
 * Meta reports the marketing cap (131049) in a `failed` status callback too, not only in the send's
 * answer: heard here, in the transaction that applies the status, the recipient of that message is
 * capped for marketing for 24 hours from the status's time, as the governor does for a send's answer
 * (DESIGN.md §10). Any other code of a status changes nothing here.
 */
import type { NormalizedEvent } from '../../channels/provider.js';
import type { OrgContext } from '../shared/index.js';
import { GovernorStore } from './governor-store.js';

const DAY_MS = 86_400_000;

export async function hearStatusSignal(ctx: OrgContext, channelId: string, event: Extract<NormalizedEvent, { kind: 'status' }>) {
  if (event.status !== 'failed' || event.error?.code !== '131049') return;
  const message = await ctx.q
    .selectFrom('messages')
    .select('recipient')
    .where('channel_id', '=', channelId)
    .where('provider_message_id', '=', event.providerMessageId)
    .where('direction', '=', 'outbound')
    .executeTakeFirst();
  if (!message) return;
  const at = Date.parse(event.occurredAt ?? ctx.now);
  await new GovernorStore(ctx.trx).markRecipient(ctx.organizationId, channelId, message.recipient, {
    marketingCappedUntil: (Number.isFinite(at) ? at : Date.parse(ctx.now)) + DAY_MS,
  });
}
