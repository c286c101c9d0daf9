/**
 * Who wrote, when WhatsApp names the person by more than a phone (DESIGN.md §9, Identity): a LID
 * (`…@lid`), a business-scoped user id (Meta's BSUID), a username, each a contact type of the
 * customer. The person is found by any identifier the callback gave; those the customer lacks are
 * added to it, so one person stays one customer and, on a channel, one chat. A sender named only by
 * LID or BSUID, holding none of them yet, becomes a new customer with those contacts.
 *
 * The chat's contact (where replies go) is the customer's phone when known, else the BSUID, else
 * the LID: every WhatsApp provider takes a phone; Meta takes a BSUID as `recipient`; WAHA and
 * Evolution take `<lid>@lid`. A username is never addressable.
 */
import { sql } from 'kysely';
import type { Identity } from '../../channels/provider.js';
import { type OrgContext, normalizeContact, normalizePhone, LOG_TIME, ACTIVE_CHAT_STATUSES } from '../shared/index.js';
import { findOrCreateCustomerByContact, insertContacts, type PreparedContact, loadCustomerRecord } from '../customers/index.js';
import { createActiveChat, type Conversation, type ConversationChannel } from '../delivery/index.js';

/** Where replies can go, best first. */
const ADDRESSABLE: readonly Identity['type'][] = ['whatsapp', 'whatsapp_bsuid', 'whatsapp_lid'];
/** The order identifiers are looked up in: the phone first (the customer most likely already holds it). */
const LOOKUP_ORDER: readonly Identity['type'][] = ['whatsapp', 'whatsapp_bsuid', 'whatsapp_lid', 'whatsapp_username'];

interface Normalized extends PreparedContact {
  type: Identity['type'];
}

/** The identifiers as stored contacts; one that does not normalize is dropped (logged by the caller's count). */
export function normalizeIdentities(list: Identity[]): Normalized[] {
  const seen = new Set<string>();
  const out: Normalized[] = [];
  for (const identity of list) {
    try {
      // Providers give phones as international digits: with '+', never read as a national number.
      const { value, matchKey } =
        identity.type === 'whatsapp'
          ? normalizePhone(`+${identity.value.replace(/^\+/, '')}`, 'ZZ')
          : normalizeContact(identity.type, identity.value, 'ZZ');
      if (seen.has(`${identity.type}:${matchKey}`)) continue;
      seen.add(`${identity.type}:${matchKey}`);
      out.push({ type: identity.type, value, matchKey, field: 'from', label: null });
    } catch {
      // not an identifier of its type: skipped
    }
  }
  return out.sort((a, b) => LOOKUP_ORDER.indexOf(a.type) - LOOKUP_ORDER.indexOf(b.type));
}

/**
 * The sender's customer and its active chat on the channel, found by any of `ids` or created; the
 * identifiers the customer lacks are added. `ids` is non-empty and sorted (normalizeIdentities).
 */
export async function findOrCreateIdentifiedConversation(
  ctx: OrgContext,
  channel: ConversationChannel,
  ids: Normalized[],
  name: string | undefined,
): Promise<Conversation & { contact: string }> {
  let customerId = await holderOf(ctx, ids);
  let created = false;
  if (!customerId) {
    const primary = ids.find((id) => ADDRESSABLE.includes(id.type)) ?? ids[0]!;
    const found = await findOrCreateCustomerByContact(
      ctx,
      { type: primary.type, value: primary.value, name, field: 'from', normalized: primary },
      { defaultCountry: channel.defaultCountry, defaultStageId: channel.defaultStageId },
    );
    customerId = found.customerId;
    created = found.created;
  }
  await addMissing(ctx, customerId, ids, created);
  const contact = await replyContact(ctx, customerId, ids);
  const chat = await ctx.q
    .selectFrom('chats')
    .select('id')
    .where('channel_id', '=', channel.id)
    .where('customer_id', '=', customerId)
    .where('status', 'in', ACTIVE_CHAT_STATUSES)
    .orderBy(sql`case when contact = ${contact} then 0 else 1 end`)
    .executeTakeFirst();
  if (chat) return { customerId, chatId: chat.id, chatCreated: false, contact };
  const chatId = await createActiveChat(ctx, { channelId: channel.id, customerId, contact });
  return { customerId, chatId, chatCreated: true, contact };
}

/** The customer holding one of the identifiers (a `phone` contact counts for `whatsapp`), in lookup order. */
async function holderOf(ctx: OrgContext, ids: Normalized[]): Promise<string | undefined> {
  for (const id of ids) {
    const types = id.type === 'whatsapp' ? ['whatsapp', 'phone'] : [id.type];
    const row = await ctx.q
      .selectFrom('customer_contacts')
      .select('customer_id')
      .where('type', 'in', types)
      .where('match_key', '=', id.matchKey)
      .executeTakeFirst();
    if (row) return row.customer_id;
  }
  return undefined;
}

/** Adds the identifiers the customer does not hold yet; `customer.updated` tells of it (not for one just created). */
async function addMissing(ctx: OrgContext, customerId: string, ids: Normalized[], created: boolean): Promise<void> {
  const held = await ctx.q.selectFrom('customer_contacts').select(['type', 'match_key']).where('customer_id', '=', customerId).execute();
  const has = new Set(held.map((row) => `${row.type === 'phone' ? 'whatsapp' : row.type}:${row.match_key}`));
  const missing = ids.filter((id) => !has.has(`${id.type}:${id.matchKey}`));
  if (missing.length === 0) return;
  await insertContacts(ctx, customerId, missing);
  await ctx.q.updateTable('customers').set({ updated_at: ctx.now }).where('id', '=', customerId).execute();
  if (created) return;
  const customer = await loadCustomerRecord(ctx.q, customerId);
  await ctx.emit('customer.updated', { customer, changed: ['contacts'] }, LOG_TIME);
}

/** Where replies go: the customer's WhatsApp phone, else this callback's BSUID, else its LID (see the header). */
async function replyContact(ctx: OrgContext, customerId: string, ids: Normalized[]): Promise<string> {
  const phone = ids.find((id) => id.type === 'whatsapp');
  if (phone) return phone.value;
  const stored = await ctx.q
    .selectFrom('customer_contacts')
    .select('value')
    .where('customer_id', '=', customerId)
    .where('type', '=', 'whatsapp')
    .orderBy('created_at')
    .executeTakeFirst();
  if (stored) return stored.value;
  return (ids.find((id) => id.type === 'whatsapp_bsuid') ?? ids.find((id) => id.type === 'whatsapp_lid') ?? ids[0]!).value;
}
