/**
 * Filling a customer from a conversation request (chat create, spec endpoint 2 rules 2–4), in the
 * caller's transaction. For an existing customer `name`, `email`, `document`, `salePrice` and
 * custom fields only fill what is empty, and contacts are added when missing, unless `force` marks
 * the field (then it is overwritten; for a contact type, the customer's contacts of that type are
 * replaced by the one sent). For a customer created by this request everything given is set.
 * Tags are attached by NAME (case-insensitive) and never created: unknown names are ignored.
 * Normalization, the duplicate rule (409 naming the holder), custom field validation and tag
 * attachment are this module's own helpers; nothing here re-implements them.
 */
import type { Updateable } from 'kysely';
import type { CustomersTable } from '../../db/schema.js';
import { validationError } from '../../errors.js';
import { LOG_TIME, type OrgContext, normalizeContact, normalizeDocument, normalizeEmail, type NormalizedContact } from '../shared/index.js';
import { recordFieldValueEvents, writeFieldValues, type FieldValueSet } from './field-values.service.js';
import { insertContacts } from './contacts-store.js';
import { loadCustomerRecord } from './customer-record.js';
import { attachTags, recordTagEvents } from './customer-tags.service.js';
import { assertNoDuplicates, claimKeys, lockClaimedValues, type UniqueClaims } from './duplicates.js';

/** `customer.forceUpdate`: the fields to overwrite even when already set. */
export interface ForceUpdate {
  name?: boolean;
  email?: boolean;
  phone?: boolean;
  whatsapp?: boolean;
  instagram?: boolean;
  facebook?: boolean;
  document?: boolean;
  sale_price?: boolean;
  /** true: every slug sent; a list of slugs; or one slug. */
  customFields?: boolean | string | string[];
}

export interface DetailContact {
  type: string;
  value: string;
  /** Where the request named it, e.g. `customer.phone`. */
  field: string;
  /** Already normalized by the caller (the channel's contact, normalized for the channel). */
  normalized?: NormalizedContact;
}

export interface CustomerDetails {
  name?: string;
  email?: string;
  document?: string;
  salePrice?: number;
  contacts: DetailContact[];
  /** `field` names the item in errors, e.g. `customer.customFields.vip`. */
  customFields: { slug: string; value: unknown; field: string }[];
  tagNames: string[];
  force: ForceUpdate;
}

export interface DetailsApplied {
  created: boolean;
  changed: string[];
  tagsAdded: string[];
  fieldChanges: FieldValueSet[];
  /** Each contact sent, as now stored on the customer (its stored form when it was there already). */
  contactValues: Map<string, string>;
}

interface StoredContact {
  id: string;
  type: string;
  value: string;
  match_key: string;
}

async function claim(ctx: OrgContext, customerId: string, claims: UniqueClaims): Promise<void> {
  await lockClaimedValues(ctx, claimKeys(claims));
  await assertNoDuplicates(ctx.q, claims, customerId);
}

/** A name find-or-create gave (the contact itself) counts as empty: a real name may replace it. */
function isPlaceholderName(name: string, email: string | null, contacts: StoredContact[]): boolean {
  return name.trim() === '' || name === email || contacts.some((c) => c.value === name);
}

export async function applyCustomerDetails(
  ctx: OrgContext,
  customerId: string,
  details: CustomerDetails,
  options: { created: boolean; defaultCountry: string },
): Promise<DetailsApplied> {
  const { q, now } = ctx;
  const { created, defaultCountry } = options;
  const forced = (key: Exclude<keyof ForceUpdate, 'customFields'>) => created || details.force[key] === true;
  const current = await q.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow();
  let contacts: StoredContact[] = await q
    .selectFrom('customer_contacts')
    .select(['id', 'type', 'value', 'match_key'])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const set: Updateable<CustomersTable> = {};
  const changed = new Set<string>();
  let email = current.email;

  const name = details.name?.trim();
  if (name && name !== current.name && (forced('name') || isPlaceholderName(current.name, current.email, contacts))) {
    set.name = name;
    changed.add('name');
  }
  if (details.email !== undefined) {
    const next = normalizeEmail(details.email, 'customer.email');
    if (next !== email && (email === null || forced('email'))) {
      await claim(ctx, customerId, { contacts: [], email: next });
      set.email = email = next;
      changed.add('email');
    }
  }
  if (details.document !== undefined) {
    const next = normalizeDocument(details.document, 'customer.document');
    if (next !== current.document && (current.document === null || forced('document'))) {
      await claim(ctx, customerId, { contacts: [], document: next });
      set.document = next;
      changed.add('document');
    }
  }
  if (
    details.salePrice !== undefined &&
    details.salePrice !== current.sale_price &&
    (current.sale_price === null || forced('sale_price'))
  ) {
    set.sale_price = details.salePrice;
    changed.add('salePrice');
  }

  const contactValues = new Map<string, string>();
  for (const contact of details.contacts) {
    const { value, matchKey } = contact.normalized ?? normalizeContact(contact.type, contact.value, defaultCountry, contact.field);
    if (contact.type === 'email') {
      // An e-mail is one value, primary or contact (duplicates.ts): the primary one when empty.
      const held = email === value || contacts.some((c) => c.type === 'email' && c.match_key === matchKey);
      if (!held) {
        await claim(ctx, customerId, { contacts: [{ type: 'email', matchKey, field: contact.field }] });
        if (email === null) {
          set.email = email = value;
          changed.add('email');
        } else {
          await insertContacts(ctx, customerId, [{ type: 'email', value, matchKey, field: contact.field, label: null }]);
          changed.add('contacts');
        }
      }
      contactValues.set(contact.field, value);
      continue;
    }
    const same = contacts.find((c) => c.type === contact.type && c.match_key === matchKey);
    if (same) {
      contactValues.set(contact.field, same.value);
      continue;
    }
    await claim(ctx, customerId, { contacts: [{ type: contact.type, matchKey, field: contact.field }] });
    const ofType = contacts.filter((c) => c.type === contact.type);
    if (ofType.length > 0 && details.force[contact.type as keyof ForceUpdate] === true) {
      await q
        .deleteFrom('customer_contacts')
        .where(
          'id',
          'in',
          ofType.map((c) => c.id),
        )
        .execute();
      contacts = contacts.filter((c) => c.type !== contact.type);
    }
    await insertContacts(ctx, customerId, [{ type: contact.type, value, matchKey, field: contact.field, label: null }]);
    contacts.push({ id: '', type: contact.type, value, match_key: matchKey });
    contactValues.set(contact.field, value);
    changed.add('contacts');
  }

  const fieldChanges = await writeCustomFields(ctx, customerId, details, options);
  if (fieldChanges.length > 0) changed.add('customFields');

  const tagsAdded = await attachTagsByName(ctx, customerId, details.tagNames);
  if (tagsAdded.length > 0) changed.add('selectedTags');

  if (changed.size > 0)
    await q
      .updateTable('customers')
      .set({ ...set, updated_at: now })
      .where('id', '=', customerId)
      .execute();
  return { created, changed: [...changed], tagsAdded, fieldChanges, contactValues };
}

/** Values are validated as endpoint 17 validates them; only empty (or forced) fields are written. */
async function writeCustomFields(
  ctx: OrgContext,
  customerId: string,
  details: CustomerDetails,
  options: { created: boolean; defaultCountry: string },
): Promise<FieldValueSet[]> {
  const items = details.customFields;
  if (items.length === 0) return [];
  const force = details.force.customFields;
  const forcedSlugs = new Set(typeof force === 'string' ? [force] : Array.isArray(force) ? force : []);
  const filled = new Set(
    (await ctx.q.selectFrom('custom_field_values').select('field_definition_id').where('customer_id', '=', customerId).execute()).map(
      (row) => row.field_definition_id,
    ),
  );
  return writeFieldValues(
    ctx,
    customerId,
    items.map(({ slug, value }) => ({ slug, value })),
    {
      defaultCountry: options.defaultCountry,
      missing: 'invalid',
      at: (i, name) => (name === 'value' ? items[i]!.field : `${items[i]!.field}.${name}`),
      write: (definition) => options.created || force === true || forcedSlugs.has(definition.slug) || !filled.has(definition.id),
    },
  );
}

/** Existing tags by name, case-insensitive; a name no tag has is ignored (tags are never created here). */
async function attachTagsByName(ctx: OrgContext, customerId: string, names: string[]): Promise<string[]> {
  const wanted = [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n !== ''))];
  if (wanted.length === 0) return [];
  const rows = await ctx.q
    .selectFrom('tags')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), 'in', wanted))
    .execute();
  return attachTags(
    ctx,
    customerId,
    rows.map((r) => r.id),
    null,
  );
}

/** The events of what `applyCustomerDetails` did: `customer.created` (whole record) or `customer.updated`, tags, fields. */
export async function recordCustomerDetailEvents(
  ctx: OrgContext,
  customerId: string,
  applied: DetailsApplied,
  actorProfileId: string | null,
): Promise<void> {
  if (!applied.created && applied.changed.length === 0) return;
  const customer = await loadCustomerRecord(ctx.q, customerId);
  // As customer create (endpoint 15): a new customer's tags and fields travel in its record only.
  if (applied.created) return void (await ctx.emit('customer.created', { customer }, LOG_TIME));
  await ctx.emit('customer.updated', { customer, changed: applied.changed }, LOG_TIME);
  await recordTagEvents(ctx, customerId, { added: applied.tagsAdded, removed: [] }, { actorProfileId });
  await recordFieldValueEvents(ctx, customerId, applied.fieldChanges);
}

/** A sale price sent as a number or a string ("1234.5", "1234,50"); anything else is 400. */
export function parseSalePrice(value: number | string, field: string): number {
  const number =
    typeof value === 'number'
      ? value
      : Number(
          value
            .trim()
            .replace(/\s/g, '')
            .replace(/,(\d{1,2})$/, '.$1'),
        );
  if (typeof value === 'string' && value.trim() === '') throw validationError([{ field, message: 'must be a number' }]);
  if (!Number.isFinite(number) || number < 0) throw validationError([{ field, message: 'must be a non-negative number' }]);
  return number;
}
