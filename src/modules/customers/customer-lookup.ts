/**
 * Find-or-create a customer by one contact, for the send endpoint and chat create, run inside the
 * CALLER's transaction so the customer, the chat and the message commit (or roll back) together.
 */
import { sql } from 'kysely';
import type { TenantQueries } from '../../db/tenant.js';
import { newId } from '../../lib/ids.js';
import { type EventDraft, LOG_TIME, type OrgContext, normalizeContact, type ContactType } from '../shared/index.js';
import { insertContacts, insertCustomerWithContacts, type PreparedContact } from './contacts-store.js';
import { customerIdByEmail } from './contact-queries.js';
import { loadCustomerRecord, type CustomerRecord } from './customer-record.js';
import { insertStageHistory } from './customer-stage.service.js';
import { claimKeys, lockClaimedValues } from './duplicates.js';
import { stageExists } from './references.js';

export interface LookupContact {
  type: ContactType | string;
  /** As the caller received it; normalized here (E.164 digits, lower-case e-mail, trimmed id). */
  value: string;
  /** Name of a customer created by this call; the contact value when absent. */
  name?: string | null;
  /** Field named in a validation error, e.g. `to` or `customer.whatsapp` (default `value`). */
  field?: string;
  /**
   * The contact as the caller already normalized it (the send endpoint normalizes `to` for the
   * channel). Normalizing E.164 digits again would read them as a national number of the default
   * country, so a caller that has them passes them here instead.
   */
  normalized?: { value: string; matchKey: string };
}

export interface LookupOptions {
  defaultCountry: string;
  /** The channel's settings.defaultStageId: applied to a new customer when it is a stage of the organization. */
  defaultStageId?: string | null;
  /**
   * Whether a customer created here fires `customer.created` (default true). Without, the event is
   * answered (`createdEvent`) for the caller to record: a send or a chat create records it with the
   * new chat's in one insert, or, filling the customer further, records its own with the whole record.
   */
  emitCreated?: boolean;
}

export interface LookupResult {
  customerId: string;
  created: boolean;
  /**
   * The contact as stored on the customer: for an existing customer the stored form (a Brazilian
   * mobile keeps the form first seen), so chats keyed on it stay one per contact.
   */
  contactValue: string;
  /** The `customer.created` event of a customer created here, left to the caller (`emitCreated: false`). */
  createdEvent?: EventDraft;
}

// A WhatsApp number and a phone number with the same key are one person: either type finds the other.
const PHONE_TYPES: readonly string[] = ['whatsapp', 'phone'];

/**
 * The customer holding the contact, and the value as it holds it, in one query: the contact's own
 * type first, else (a phone type) the sibling's. Types other than the phone types look only at
 * themselves. The two or three rows it can read are ordered in memory, never through an index.
 */
async function contactHolder(
  q: TenantQueries,
  type: string,
  matchKey: string,
): Promise<{ customerId: string; type: string; value: string } | undefined> {
  const types = PHONE_TYPES.includes(type) ? PHONE_TYPES : [type];
  const row = await q
    .selectFrom('customer_contacts')
    .select(['customer_id', 'type', 'value'])
    .where('type', 'in', types)
    .where('match_key', '=', matchKey)
    .orderBy(sql`case when type = ${type} then 0 else 1 end`)
    .limit(1)
    .executeTakeFirst();
  return row && { customerId: row.customer_id, type: row.type, value: row.value };
}

export async function findOrCreateCustomerByContact(
  ctx: OrgContext,
  contact: LookupContact,
  options: LookupOptions,
): Promise<LookupResult> {
  const { q, organizationId, now } = ctx;
  const { value, matchKey } =
    contact.normalized ?? normalizeContact(contact.type, contact.value, options.defaultCountry, contact.field ?? 'value');
  const type = contact.type;
  // The contact as a row of customer_contacts: the new customer's, or a phone holder's new medium.
  const stored: PreparedContact = { type, value, matchKey, field: contact.field ?? 'value', label: null };
  await lockClaimedValues(ctx, claimKeys({ contacts: [{ type, matchKey, field: '' }] }));

  if (type === 'email') {
    const existing = await customerIdByEmail(q, value);
    if (existing) return { customerId: existing, created: false, contactValue: value };
  } else {
    const holder = await contactHolder(q, type, matchKey);
    if (holder?.type === type) return { customerId: holder.customerId, created: false, contactValue: holder.value };
    if (holder) {
      // Reached on a new medium: remember it, so the next lookup is exact and the record shows it.
      const owner = holder.customerId;
      await insertContacts(ctx, owner, [stored]);
      await q.updateTable('customers').set({ updated_at: now }).where('id', '=', owner).execute();
      const customer = await loadCustomerRecord(q, owner);
      await ctx.emit('customer.updated', { customer, changed: ['contacts'] }, LOG_TIME);
      return { customerId: owner, created: false, contactValue: value };
    }
  }

  const stageId = options.defaultStageId && (await stageExists(q, options.defaultStageId)) ? options.defaultStageId : null;
  const customerId = newId();
  const name = contact.name?.trim() || value;
  const [contactId] = await insertCustomerWithContacts(
    ctx,
    {
      id: customerId,
      organization_id: organizationId,
      name,
      email: type === 'email' ? value : null,
      document: null,
      country: null,
      person_type: null,
      sale_price: null,
      stage_id: stageId,
      stage_order: null,
      created_at: now,
      updated_at: now,
    },
    // An e-mail is the customer's primary e-mail, not one of its contacts.
    type === 'email' ? [] : [stored],
  );
  if (stageId) await insertStageHistory(ctx, customerId, null, { toStageId: stageId });
  const record: CustomerRecord = {
    id: customerId,
    name,
    email: type === 'email' ? value : null,
    document: null,
    country: null,
    person_type: null,
    salePrice: null,
    stageId,
    stageOrder: null,
    contacts: contactId ? [{ id: contactId, type, value, label: null }] : [],
    tags: [],
    customFields: [],
    optedOut: false,
    optedOutAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const createdEvent: EventDraft = { type: 'customer.created', data: { customer: record }, occurredAt: LOG_TIME };
  if (options.emitCreated === false) return { customerId, created: true, contactValue: value, createdEvent };
  await ctx.emit(createdEvent.type, createdEvent.data, createdEvent.occurredAt);
  return { customerId, created: true, contactValue: value };
}
