/**
 * What a status callback carries besides the status (DESIGN.md §9, "Status extras"), kept on the
 * outbound message in the caller's transaction: Meta's `pricing`/`conversation` (as `pricing`),
 * when a voice message was played (`played_at`), and the vendor's whole error of a failed message
 * (`error_details`). Applied whatever the status machine did with the status itself: Meta's
 * `pricing` rides on a `sent` that may arrive after `delivered`, a `played` after `read`.
 */
import type { NormalizedEvent } from '../../channels/provider.js';
import { toJson } from '../../lib/json.js';
import type { OrgContext } from '../shared/index.js';

type StatusEvent = Extract<NormalizedEvent, { kind: 'status' }>;

/** Whether the event carries anything applyStatusExtras would store. */
export function hasStatusExtras(event: StatusEvent): boolean {
  return event.pricing !== undefined || event.played === true || (event.status === 'failed' && event.error !== undefined);
}

export async function applyStatusExtras(ctx: OrgContext, channelId: string, event: StatusEvent): Promise<void> {
  if (!hasStatusExtras(event)) return;
  const set: { pricing?: string; played_at?: string; error_details?: string; updated_at: string } = { updated_at: ctx.now };
  if (event.pricing !== undefined) set.pricing = toJson(event.pricing);
  if (event.played) set.played_at = event.occurredAt ?? ctx.now;
  if (event.status === 'failed' && event.error) set.error_details = toJson(event.error);
  await ctx.q
    .updateTable('messages')
    .set(set)
    .where('channel_id', '=', channelId)
    .where('provider_message_id', '=', event.providerMessageId)
    .where('direction', '=', 'outbound')
    .execute();
}
