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
