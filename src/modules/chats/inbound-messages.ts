/**
 * A message a contact sent us lands in the contact's active chat on that channel, which is found or
 * opened (`pending`) for it, with the customer found or created for the contact; inside the
 * caller's transaction, with its `message.received` event. The chat records the time (WhatsApp's
 * 24-hour window) and, if it was waiting to close, goes back to `in_progress`; the chat's flows
 * hear of it (flow-starter.ts).
 */
import type { Identity, NormalizedEvent } from '../../channels/provider.js';
import { BSUID_PATTERN, type OrgContext, type CustomerWroteListener, ACTIVE_CHAT_STATUSES } from '../shared/index.js';
import { isWhatsAppKind } from '../../channels/kinds.js';
import { newId } from '../../lib/ids.js';
import { toJson } from '../../lib/json.js';
import { isRecipient, normalizeRecipient } from '../messages/index.js';
import type { ChatLifecycle } from './chat-lifecycle.service.js';
import type { FlowHooks } from './flow-starter.js';
import { findOrCreateConversation, type Conversation, type ConversationChannel } from '../delivery/index.js';
import { findOrCreateIdentifiedConversation, normalizeIdentities } from './inbound-identity.js';

export const MESSAGE_RECEIVED = 'message.received';

export interface InboundChannel extends ConversationChannel {
  kind: string;
  sandbox: boolean;
}

/**
 * Stores a message a contact sent us, in the contact's active chat, once per provider message id
 * (a partial unique index backs the check: a concurrent duplicate fails the transaction, and the
 * retried job then finds it).
 */
export async function receiveInbound(
  ctx: OrgContext,
  channel: InboundChannel,
  event: Extract<NormalizedEvent, { kind: 'inbound' }>,
  lifecycle: ChatLifecycle,
  flows: FlowHooks,
  listeners: readonly CustomerWroteListener[] = [],
  ratings?: RatingCatcher,
): Promise<'stored' | 'duplicate' | 'invalid_sender'> {
  const { trx, now } = ctx;
  // By channel and provider id, as the partial unique index reads it: the channel is the organization's.
  const duplicate = await trx
    .selectFrom('messages')
    .select('id')
    .where('channel_id', '=', channel.id)
    .where('provider_message_id', '=', event.providerMessageId)
    .where('direction', '=', 'inbound')
    .executeTakeFirst();
  if (duplicate) return 'duplicate';
  // A rating answering the satisfaction question of a chat just closed goes into that chat (csat/).
  const rated = await ratings?.ratedChat(ctx, channel, event, senderValue(channel, event));
  if (rated) {
    const messageId = await storeInbound(ctx, channel, event, rated, rated.contact);
    await ratings!.rate(ctx, rated, messageId);
    return 'stored';
  }
  const found = await senderConversation(ctx, channel, event);
  if (!found) return 'invalid_sender';
  const { sender, conversation } = found;
  const messageId = await storeInbound(ctx, channel, event, conversation, sender.value);
  // The customer's last message opens WhatsApp's 24-hour window and brings a closing chat back.
  const chat = await lifecycle.customerWrote(ctx, conversation.chatId, event.occurredAt ?? now);
  // A flow waiting for this customer's reply goes on; a `responseFlowId` starts.
  if (chat) await flows.customerWrote(ctx, chat, textOf(event.content));
  // Scheduled messages waiting for this customer, the away message (customer-wrote.ts).
  const notice = { chatId: conversation.chatId, customerId: conversation.customerId, channelId: channel.id, messageId };
  for (const listener of listeners) await listener.customerWrote(ctx, notice);
  return 'stored';
}

/** Catches a customer's message that rates a chat closed a moment ago (csat/satisfaction.ts), instead of opening a new chat. */
export interface RatingCatcher {
  ratedChat(
    ctx: OrgContext,
    channel: InboundChannel,
    event: Extract<NormalizedEvent, { kind: 'inbound' }>,
    sender: string | undefined,
  ): Promise<(Conversation & { contact: string; rating: number }) | undefined>;
  rate(ctx: OrgContext, chat: Conversation & { rating: number }, messageId: string): Promise<void>;
}

/** The inbound message row in the chat, with its `message.received` event; answers its id. */
async function storeInbound(
  ctx: OrgContext,
  channel: InboundChannel,
  event: Extract<NormalizedEvent, { kind: 'inbound' }>,
  conversation: Conversation,
  from: string,
): Promise<string> {
  const { trx, now } = ctx;
  const messageId = newId();
  const createdAt = event.occurredAt ?? now;
  await trx
    .insertInto('messages')
    .values({
      id: messageId,
      organization_id: ctx.organizationId,
      chat_id: conversation.chatId,
      channel_id: channel.id,
      direction: 'inbound',
      recipient: from,
      type: event.type,
      content: toJson(event.content),
      status: 'delivered',
      provider_message_id: event.providerMessageId,
      error_code: null,
      error_message: null,
      sequence_id: null,
      sequence_index: null,
      temp_id: null,
      sender_profile_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await ctx.emit(MESSAGE_RECEIVED, {
    message_id: messageId,
    chat_id: conversation.chatId,
    customer_id: conversation.customerId,
    channel_id: channel.id,
    from: from,
    type: event.type,
    content: event.content,
    timestamp: createdAt,
  });
  return messageId;
}

/** The sender's contact on a plain channel (a phone or an address), or undefined when only identities name them. */
function senderValue(channel: InboundChannel, event: Extract<NormalizedEvent, { kind: 'inbound' }>): string | undefined {
  if (isWhatsAppKind(channel.kind) && ((event.identities?.length ?? 0) > 1 || identityTypeOf(event.from) !== 'whatsapp')) return undefined;
  const from = isWhatsAppKind(channel.kind) && /^[1-9]\d+$/.test(event.from) ? `+${event.from}` : event.from;
  const sender = normalizeRecipient(channel.kind, from, channel.defaultCountry, channel.sandbox);
  return isRecipient(sender) ? sender.value : undefined;
}

/**
 * The sender's chat: by its one contact (the common case), or, when WhatsApp names the person by
 * more than a phone or by no phone (a LID, a BSUID, a username), by any of its identifiers
 * (inbound-identity.ts). The sender's value is what the message records as its `recipient`.
 */
async function senderConversation(
  ctx: OrgContext,
  channel: InboundChannel,
  event: Extract<NormalizedEvent, { kind: 'inbound' }>,
): Promise<{ sender: { value: string }; conversation: Conversation } | undefined> {
  if (isWhatsAppKind(channel.kind) && ((event.identities?.length ?? 0) > 1 || identityTypeOf(event.from) !== 'whatsapp')) {
    const ids = normalizeIdentities(
      event.identities?.length ? event.identities : [{ type: identityTypeOf(event.from), value: event.from }],
    );
    if (ids.length === 0) return undefined;
    const conversation = await findOrCreateIdentifiedConversation(ctx, channel, ids, event.senderName);
    const own = ids.find((id) => id.value === event.from || id.value === event.from.replace(/^\+/, ''));
    return { sender: { value: own?.value ?? conversation.contact }, conversation };
  }
  const answered = await answeredChat(ctx, channel, event.answers);
  // Providers give WhatsApp senders as international digits (ChannelProvider contract); with the
  // '+' they cannot be read as a national number of the organization's country.
  const from = isWhatsAppKind(channel.kind) && /^[1-9]\d+$/.test(event.from) ? `+${event.from}` : event.from;
  const sender = normalizeRecipient(channel.kind, from, channel.defaultCountry, channel.sandbox);
  if (!isRecipient(sender)) return undefined;
  if (answered) return { sender, conversation: answered };
  return { sender, conversation: await findOrCreateConversation(ctx, channel, { ...sender, name: event.senderName }) };
}

/**
 * The active chat of the message an e-mail answers (`In-Reply-To`, then `References`), so a reply
 * from another address of the thread joins it; undefined when none is known or its chat is closed.
 */
async function answeredChat(ctx: OrgContext, channel: InboundChannel, answers: string[] | undefined): Promise<Conversation | undefined> {
  if (!answers?.length) return undefined;
  // The channel is the organization's (the callback's target), so its messages are too.
  const rows = await ctx.trx
    .selectFrom('messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.provider_message_id', 'c.id as chat_id', 'c.customer_id'])
    .where('m.organization_id', '=', ctx.organizationId)
    .where('m.channel_id', '=', channel.id)
    .where('m.provider_message_id', 'in', answers.slice(0, 50))
    .where('c.status', 'in', ACTIVE_CHAT_STATUSES)
    .execute();
  const nearest = answers.map((id) => rows.find((r) => r.provider_message_id === id)).find(Boolean);
  return nearest && { customerId: nearest.customer_id, chatId: nearest.chat_id, chatCreated: false };
}

/** What `from` alone is: a LID, a BSUID, else a phone. */
function identityTypeOf(from: string): Identity['type'] {
  if (from.endsWith('@lid')) return 'whatsapp_lid';
  if (BSUID_PATTERN.test(from)) return 'whatsapp_bsuid';
  return 'whatsapp';
}

/** What a flow reads of a customer's message: its text, or a media message's caption. */
function textOf(content: Record<string, unknown>): string {
  const text = content.text ?? content.caption;
  return typeof text === 'string' ? text : '';
}
