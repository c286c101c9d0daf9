/**
 * Where a message of a contact on a channel lives: the customer found or created for the contact
 * (customers module) and that contact's active chat on the channel. Used by the send endpoint and
 * by inbound messages, always inside the caller's transaction.
 */
import type { EventLog } from '../events/event-log.js';
import type { Executor } from '../../jobs/types.js';
import { newId } from '../../lib/ids.js';
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
  const customer = recipient.sandboxOnly
    ? await sandboxCustomer(trx, organizationId, recipient, now)
    : await findOrCreateCustomerByContact(
        trx,
        organizationId,
        { type: recipient.contactType, value: recipient.value, name: recipient.name, field: 'to' },
        { defaultCountry: channel.defaultCountry, defaultStageId: channel.defaultStageId, events, now },
      );
  const chat = await findOrCreateActiveChat(trx, events, organizationId, { channelId: channel.id, customerId: customer.customerId, contact: customer.contactValue }, now);
  return { customerId: customer.customerId, chatId: chat.chatId, chatCreated: chat.created };
}

/**
 * A sandbox "000…" recipient is no phone number, so the customers module (which validates phones)
 * cannot take it; the sandbox keeps a bare customer with that contact so the message still has a chat.
 */
async function sandboxCustomer(trx: Executor, organizationId: string, recipient: Recipient, now: string) {
  const existing = await trx
    .selectFrom('customer_contacts')
    .select('customer_id')
    .where('organization_id', '=', organizationId)
    .where('type', '=', recipient.contactType)
    .where('match_key', '=', recipient.matchKey)
    .executeTakeFirst();
  if (existing) return { customerId: existing.customer_id, contactValue: recipient.value };
  const customerId = newId();
  await trx
    .insertInto('customers')
    .values({
      id: customerId, organization_id: organizationId, name: recipient.value, email: null, document: null, country: null,
      person_type: null, sale_price: null, stage_id: null, stage_order: null, created_at: now, updated_at: now,
    })
    .execute();
  await trx
    .insertInto('customer_contacts')
    .values({
      id: newId(), organization_id: organizationId, customer_id: customerId, type: recipient.contactType,
      value: recipient.value, match_key: recipient.matchKey, label: null, created_at: now,
    })
    .execute();
  return { customerId, contactValue: recipient.value };
}
