/**
 * Where a message of a contact on a channel lives: the customer found or created for the contact
 * (customers module) and that contact's active chat on the channel. Used by the send endpoint and
 * by inbound messages, always inside the caller's transaction.
 */
import type { Insertable } from 'kysely';
import { everyColumn, prepareQuery } from '../../db/prepared.js';
import type { MessagesTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { type OrgContext, ACTIVE_CHAT_STATUSES, activeChatOf } from '../shared/index.js';
import { findOrCreateCustomerByContact } from '../customers/index.js';
import type { Recipient } from '../messages/index.js';
import { createActiveChat, findOrCreateActiveChat } from './active-chat.js';

/** Every column of a new message but its chat (see insertIntoActiveChat). */
const NEW_MESSAGE_COLUMNS = everyColumn<NewMessage>()([
  'id',
  'organization_id',
  'channel_id',
  'direction',
  'recipient',
  'type',
  'content',
  'status',
  'provider_message_id',
  'error_code',
  'error_message',
  'sequence_id',
  'sequence_index',
  'temp_id',
  'sender_profile_id',
  'created_at',
  'updated_at',
  'send_due_at',
  'reply_to_message_id',
  'source',
  'traffic',
  'campaign_id',
]);

export interface ConversationChannel {
  id: string;
  defaultCountry: string;
  defaultStageId?: string | null;
}

export interface Conversation {
  customerId: string;
  chatId: string;
  chatCreated: boolean;
}

export async function findOrCreateConversation(
  ctx: OrgContext,
  channel: ConversationChannel,
  recipient: Recipient & { name?: string },
): Promise<Conversation> {
  // The common case costs one query: the contact already has an active chat here, whose customer it is.
  const active = await activeChatOf(ctx.q, channel.id, recipient.value).select(['id', 'customer_id']).executeTakeFirst();
  if (active) return { customerId: active.customer_id, chatId: active.id, chatCreated: false };
  return findOrCreateCustomerChat(ctx, channel, recipient);
}

/**
 * The customer found or created for the contact, and that customer's active chat on the channel,
 * found or created: for a caller that already looked for an active chat under `recipient.value`
 * and found none (the send's INSERT … SELECT), so the lookup is not made twice.
 */
export async function findOrCreateCustomerChat(
  ctx: OrgContext,
  channel: ConversationChannel,
  recipient: Recipient & { name?: string },
): Promise<Conversation> {
  // `to` is already normalized for the channel (recipients.ts), including the sandbox's "000…"
  // recipients, which are no phone numbers: the lookup must not normalize it a second time.
  const customer = await findOrCreateCustomerByContact(
    ctx,
    { type: recipient.contactType, value: recipient.value, name: recipient.name, field: 'to', normalized: recipient },
    { defaultCountry: channel.defaultCountry, defaultStageId: channel.defaultStageId, emitCreated: false },
  );
  const target = { channelId: channel.id, customerId: customer.customerId, contact: customer.contactValue };
  // A customer created just now holds the contact as given, whose active chat the caller looked for;
  // its customer.created goes with the chat's chat.created, in one insert.
  if (customer.created) {
    const chatId = await createActiveChat(ctx, target, customer.createdEvent ? [customer.createdEvent] : []);
    return { customerId: customer.customerId, chatId, chatCreated: true };
  }
  const chat = await findOrCreateActiveChat(ctx, target);
  return { customerId: customer.customerId, chatId: chat.chatId, chatCreated: chat.created };
}

/**
 * A new message's row: the status extras (migration 0026) are set by status callbacks, and what
 * happens to it later (reactions, edits, a delete: message-news.ts) starts empty.
 */
export type NewMessage = Required<
  Omit<
    Insertable<MessagesTable>,
    | 'chat_id'
    | 'pricing'
    | 'played_at'
    | 'error_details'
    | 'reactions'
    | 'edits'
    | 'edited_at'
    | 'deleted_at'
    | 'held_until'
    | 'held_reason'
  >
>;

/**
 * The contact's active chat on its channel takes the message: INSERT … SELECT from the chat, built
 * once. It also answers whether the chat still awaits its first agent reply (the customer wrote, no
 * agent answered yet), so the send runs that fact's UPDATE only then (agent-reply-fact.ts).
 */
const insertIntoActiveChatQuery = prepareQuery<NewMessage & { contact: string }>()((db, p) =>
  db
    .insertInto('messages')
    .columns([...NEW_MESSAGE_COLUMNS, 'chat_id'])
    .expression((eb) =>
      eb
        .selectFrom('chats')
        .select([...NEW_MESSAGE_COLUMNS.map((column) => eb.val(p(column)).as(column)), 'chats.id as chat_id'])
        .where('chats.organization_id', '=', p('organization_id'))
        .where('chats.channel_id', '=', p('channel_id'))
        .where('chats.contact', '=', p('contact'))
        .where('chats.status', 'in', ACTIVE_CHAT_STATUSES)
        .limit(1),
    )
    .returning((eb) => [
      'chat_id',
      eb
        .selectFrom('chats as awaiting')
        .select(eb.lit(1).as('awaits'))
        .whereRef('awaiting.organization_id', '=', 'messages.organization_id')
        .whereRef('awaiting.id', '=', 'messages.chat_id')
        .where('awaiting.first_agent_reply_at', 'is', null)
        .where('awaiting.first_customer_message_at', 'is not', null)
        .as('awaits_first_reply'),
    ]),
);

/**
 * Stores the message in the contact's active chat on its channel, if there is one, in one statement:
 * the common case of a send, one round trip instead of a lookup and an insert. Returns the chat
 * (its id, and whether it awaits its first agent reply), or undefined when there is no active chat
 * and nothing was stored.
 */
export async function insertIntoActiveChat(trx: Executor, message: NewMessage, contact: string): Promise<StoredInChat | undefined> {
  const row = (await insertIntoActiveChatQuery.execute(trx, { ...message, contact })).rows[0];
  return row && { id: row.chat_id, awaitsFirstReply: row.awaits_first_reply !== null };
}

/** The chat a message was stored in; `awaitsFirstReply` when known (false: the first-reply fact cannot change). */
export interface StoredInChat {
  id: string;
  awaitsFirstReply?: boolean;
}
