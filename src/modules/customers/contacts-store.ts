/** Turning the contacts of a request into stored rows, and writing a customer's contact list. */
import { newId } from '../../lib/ids.js';
import { type OrgContext, normalizeContact } from '../shared/index.js';
import type { ContactClaim } from './duplicates.js';

export interface ContactInput {
  type: string;
  value: string;
  label?: string | null;
}

export interface PreparedContact extends ContactClaim {
  value: string;
  label: string | null;
}

/**
 * Normalizes every contact (errors name `contacts.<i>.value`). The same contact twice in one list
 * (same type and match key) is kept once, the first time it appears.
 */
export function prepareContacts(contacts: ContactInput[], defaultCountry: string): PreparedContact[] {
  const seen = new Set<string>();
  const prepared: PreparedContact[] = [];
  contacts.forEach((contact, i) => {
    const field = `contacts.${i}.value`;
    const { value, matchKey } = normalizeContact(contact.type, contact.value, defaultCountry, field);
    const key = `${contact.type}:${matchKey}`;
    if (seen.has(key)) return;
    seen.add(key);
    prepared.push({ type: contact.type, value, matchKey, field, label: contact.label?.trim() || null });
  });
  return prepared;
}

/** Adds the contacts to the customer; answers their new ids, in order. */
export async function insertContacts(ctx: OrgContext, customerId: string, contacts: PreparedContact[]): Promise<string[]> {
  if (contacts.length === 0) return [];
  const ids = contacts.map(() => newId());
  await ctx.trx
    .insertInto('customer_contacts')
    .values(
      contacts.map((c, i) => ({
        id: ids[i]!,
        organization_id: ctx.organizationId,
        customer_id: customerId,
        type: c.type,
        value: c.value,
        match_key: c.matchKey,
        label: c.label,
        created_at: ctx.now,
      })),
    )
    .execute();
  return ids;
}

/**
 * Makes the customer's contacts exactly `contacts` (update replaces the list, docs/crm.md). A
 * contact that stays (same type and match key) keeps its id; its value and label are refreshed.
 * Returns whether anything changed.
 */
export async function replaceContacts(ctx: OrgContext, customerId: string, contacts: PreparedContact[]): Promise<boolean> {
  const { q } = ctx;
  const existing = await q
    .selectFrom('customer_contacts')
    .select(['id', 'type', 'value', 'match_key', 'label'])
    .where('customer_id', '=', customerId)
    .execute();
  const wanted = new Map(contacts.map((c) => [`${c.type}:${c.matchKey}`, c]));
  let changed = false;
  const kept = new Set<string>();
  for (const row of existing) {
    const key = `${row.type}:${row.match_key}`;
    const next = wanted.get(key);
    if (!next || kept.has(key)) {
      await q.deleteFrom('customer_contacts').where('id', '=', row.id).execute();
      changed = true;
      continue;
    }
    kept.add(key);
    if (next.value !== row.value || next.label !== row.label) {
      await q.updateTable('customer_contacts').set({ value: next.value, label: next.label }).where('id', '=', row.id).execute();
      changed = true;
    }
  }
  const added = contacts.filter((c) => !kept.has(`${c.type}:${c.matchKey}`));
  await insertContacts(ctx, customerId, added);
  return changed || added.length > 0;
}
