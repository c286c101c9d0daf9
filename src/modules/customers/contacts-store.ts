/** Turning the contacts of a request into stored rows, and writing a customer's contact list (with a new customer's row). */
import type { Insertable } from 'kysely';
import { isPostgres } from '../../db/executor.js';
import type { CustomersTable } from '../../db/schema.js';
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
  const { ids, rows } = contactRows(ctx, customerId, contacts);
  await ctx.trx.insertInto('customer_contacts').values(rows).execute();
  return ids;
}

/**
 * A new customer's row and its contacts; answers the contacts' ids, in order. On PostgreSQL in ONE
 * statement (the customer's insert as a data-modifying CTE; the contacts' foreign key is checked at
 * the statement's end, when the customer is there): one round trip fewer for every customer that
 * chat create, a send to a new recipient and `POST /customers` make. SQLite, in the process, runs
 * the two inserts.
 */
export async function insertCustomerWithContacts(
  ctx: OrgContext,
  customer: Insertable<CustomersTable> & { id: string },
  contacts: PreparedContact[],
): Promise<string[]> {
  if (contacts.length === 0 || !isPostgres(ctx.trx)) {
    await ctx.trx.insertInto('customers').values(customer).execute();
    return insertContacts(ctx, customer.id, contacts);
  }
  const { ids, rows } = contactRows(ctx, customer.id, contacts);
  await ctx.trx
    .with('new_customer', (db) => db.insertInto('customers').values(customer).returning('id'))
    .insertInto('customer_contacts')
    .values(rows)
    .execute();
  return ids;
}

function contactRows(ctx: OrgContext, customerId: string, contacts: PreparedContact[]) {
  const ids = contacts.map(() => newId());
  const rows = contacts.map((c, i) => ({
    id: ids[i]!,
    organization_id: ctx.organizationId,
    customer_id: customerId,
    type: c.type,
    value: c.value,
    match_key: c.matchKey,
    label: c.label,
    created_at: ctx.now,
  }));
  return { ids, rows };
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
