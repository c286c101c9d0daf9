/**
 * Meta's per-user marketing cap (131049): whether a customer or a contact is marked capped now
 * (governor-store.ts writes the mark when the provider answers 131049). The one place this question
 * is answered: the governor asks on its own connection, a campaign's batch on the transaction it
 * holds (one SQLite connection cannot serve both), so both pass their query starters.
 */
import type { TenantQueries } from '../../db/tenant.js';

/** Whether any of `contacts` is capped for marketing at `nowIso`, on any channel of the organization. */
export async function contactsMarketingCapped(q: TenantQueries, contacts: readonly string[], nowIso: string): Promise<boolean> {
  if (contacts.length === 0) return false;
  const capped = await q
    .selectFrom('governor_recipients')
    .select('recipient')
    .where('recipient', 'in', contacts)
    .where('marketing_capped_until', '>', nowIso)
    .executeTakeFirst();
  return capped !== undefined;
}

/** Whether any contact of the customer is capped for marketing at `nowIso`. */
export async function customerMarketingCapped(q: TenantQueries, customerId: string, nowIso: string): Promise<boolean> {
  const contacts = await q.selectFrom('customer_contacts').select('value').where('customer_id', '=', customerId).execute();
  return contactsMarketingCapped(
    q,
    contacts.map((c) => c.value),
    nowIso,
  );
}

/** Which of the customers have a contact capped for marketing at `nowIso`: one query for a batch of them. */
export async function customersMarketingCapped(q: TenantQueries, customerIds: readonly string[], nowIso: string): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const capped = await q
    .selectFrom('customer_contacts')
    .innerJoin('governor_recipients', (join) =>
      join
        .onRef('governor_recipients.organization_id', '=', 'customer_contacts.organization_id')
        .onRef('governor_recipients.recipient', '=', 'customer_contacts.value'),
    )
    .select('customer_contacts.customer_id')
    .distinct()
    .where('customer_contacts.customer_id', 'in', customerIds)
    .where('governor_recipients.marketing_capped_until', '>', nowIso)
    .execute();
  return new Set(capped.map((row) => row.customer_id));
}
