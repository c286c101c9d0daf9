/**
 * Where a message of a contact on a channel lives: the customer found or created for the contact
 * (customers module) and that contact's active chat on the channel. Used by the send endpoint and
 * by inbound messages, always inside the caller's transaction.
 */
import type { Insertable } from 'kysely';
import type { MessagesTable } from '../../db/schema.js';
import type { EventLog } from '../events/event-log.js';
import type { Executor } from '../../jobs/types.js';
import { findOrCreateCustomerByContact } from '../customers/customer-lookup.js';
import { ACTIVE_CHAT_STATUSES, findOrCreateActiveChat } from './active-chat.js';
import type { Recipient } from './recipients.js';

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
  trx: Executor,
  events: EventLog,
  organizationId: string,
  channel: ConversationChannel,
  recipient: Recipient & { name?: string },
  now: string,
): Promise<Conversation> {
  // The common case costs one query: the contact already has an active chat here, whose customer it is.
  const active = await trx
    .selectFrom('chats')
    .select(['id', 'customer_id'])
    .where('organization_id', '=', organizationId)
    .where('channel_id', '=', channel.id)
    .where('contact', '=', recipient.value)
    .where('status', 'in', ACTIVE_CHAT_STATUSES)
    .executeTakeFirst();
  if (active) return { customerId: active.customer_id, chatId: active.id, chatCreated: false };
  // `to` is already normalized for the channel (recipients.ts), including the sandbox's "000…"
  // recipients, which are no phone numbers: the lookup must not normalize it a second time.
  const customer = await findOrCreateCustomerByContact(
    trx,
    organizationId,
    { type: recipient.contactType, value: recipient.value, name: recipient.name, field: 'to', normalized: recipient },
    { defaultCountry: channel.defaultCountry, defaultStageId: channel.defaultStageId, events, now },
  );
  const chat = await findOrCreateActiveChat(trx, events, organizationId, { channelId: channel.id, customerId: customer.customerId, contact: customer.contactValue }, now);
  return { customerId: customer.customerId, chatId: chat.chatId, chatCreated: chat.created };
}

export type NewMessage = Omit<Insertable<MessagesTable>, 'chat_id'>;

/**
 * Stores the message in the contact's active chat on its channel, if there is one, in one statement
 * (INSERT … SELECT from the chat): the common case of a send, one round trip instead of a lookup and
 * an insert. Returns the chat's id, or undefined when there is no active chat and nothing was stored.
 */
export async function insertIntoActiveChat(trx: Executor, message: NewMessage, contact: string): Promise<string | undefined> {
  const columns = Object.keys(message) as (keyof NewMessage)[];
  const row = await trx
    .insertInto('messages')
    .columns([...columns, 'chat_id'])
    .expression((eb) =>
      eb
        .selectFrom('chats')
        .select([...columns.map((column) => eb.val(message[column] as string).as(column)), 'chats.id as chat_id'])
        .where('chats.organization_id', '=', message.organization_id)
        .where('chats.channel_id', '=', message.channel_id)
        .where('chats.contact', '=', contact)
        .where('chats.status', 'in', ACTIVE_CHAT_STATUSES)
        .limit(1),
    )
    .returning('chat_id')
    .executeTakeFirst();
  return row?.chat_id;
}
