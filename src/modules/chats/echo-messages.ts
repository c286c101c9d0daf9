/**
 * A message the business sent from its phone, or another app on the same number (DESIGN.md §9
 * "Echoes"), learnt from the vendor's echo: stored in the contact's active chat (found or opened,
 * with its customer, as for an inbound message) as an outbound message with source `phone` and
 * status `sent`, with its `message.echoed` event. It is never handed to a provider: it is already
 * sent. It is not the customer writing, so the chat's lifecycle, its WhatsApp window and its flows
 * do not hear of it.
 *
 * The echo of a message WE sent carries the provider id our send stored: it is a duplicate. The
 * vendor may echo our send before the send's own transaction stored that id, so while the contact
 * has an outbound message of ours still `pending` without a provider id, the echo waits (`wait`: the
 * callback is retried within its grace period) before it is taken for a message from the phone.
 */
import type { EchoEvent } from '../../channels/provider.js';
import { isWhatsAppKind } from '../../channels/kinds.js';
import { newId } from '../../lib/ids.js';
import { toJson } from '../../lib/json.js';
import type { OrgContext } from '../shared/index.js';
import { isRecipient, normalizeRecipient } from '../messages/index.js';
import { findOrCreateConversation } from '../delivery/index.js';
import { findOrCreateIdentifiedConversation, normalizeIdentities } from './inbound-identity.js';
import type { InboundChannel } from './inbound-messages.js';

export const MESSAGE_ECHOED = 'message.echoed';

export async function receiveEcho(
  ctx: OrgContext,
  channel: InboundChannel,
  event: EchoEvent,
  options: { mayWait: boolean },
): Promise<'stored' | 'duplicate' | 'wait' | 'invalid_recipient'> {
  const known = await ctx.q
    .selectFrom('messages')
    .select('id')
    .where('channel_id', '=', channel.id)
    .where('provider_message_id', '=', event.providerMessageId)
    .executeTakeFirst();
  if (known) return 'duplicate';
  const whatsApp = isWhatsAppKind(channel.kind);
  const lid = whatsApp && event.to.endsWith('@lid') ? normalizeIdentities([{ type: 'whatsapp_lid', value: event.to }])[0] : undefined;
  const to = whatsApp && /^[1-9]\d+$/.test(event.to) ? `+${event.to}` : event.to;
  const recipient = lid
    ? { contactType: 'whatsapp_lid' as const, value: lid.value, matchKey: lid.matchKey }
    : normalizeRecipient(channel.kind, to, channel.defaultCountry, channel.sandbox);
  if (!isRecipient(recipient)) return 'invalid_recipient';
  if (options.mayWait) {
    const inFlight = await ctx.q
      .selectFrom('messages')
      .select('id')
      .where('channel_id', '=', channel.id)
      .where('recipient', '=', recipient.value)
      .where('direction', '=', 'outbound')
      .where('status', '=', 'pending')
      .where('provider_message_id', 'is', null)
      .executeTakeFirst();
    if (inFlight) return 'wait';
  }
  // WhatsApp may name the contact only by LID: the customer holding it (or a new one with it), as
  // for an inbound message from that LID (inbound-identity.ts).
  const conversation = lid
    ? await findOrCreateIdentifiedConversation(ctx, channel, [lid], undefined)
    : await findOrCreateConversation(ctx, channel, recipient);
  const messageId = newId();
  await ctx.trx
    .insertInto('messages')
    .values({
      id: messageId,
      organization_id: ctx.organizationId,
      chat_id: conversation.chatId,
      channel_id: channel.id,
      direction: 'outbound',
      recipient: recipient.value,
      type: event.type,
      content: toJson(event.content),
      status: 'sent',
      provider_message_id: event.providerMessageId,
      error_code: null,
      error_message: null,
      sequence_id: null,
      sequence_index: null,
      temp_id: null,
      sender_profile_id: null,
      source: 'phone',
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .execute();
  await ctx.emit(MESSAGE_ECHOED, {
    message_id: messageId,
    chat_id: conversation.chatId,
    customer_id: conversation.customerId,
    channel_id: channel.id,
    from: recipient.value,
    to: recipient.value,
    type: event.type,
    content: event.content,
    source: 'phone',
    timestamp: event.occurredAt ?? ctx.now,
  });
  return 'stored';
}
