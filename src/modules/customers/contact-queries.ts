/**
 * "Which customer holds this contact?" Every lookup is an equality on
 * customer_contacts (organization_id, type, match_key) or customers (organization_id, email), so
 * it is served by an index and stays flat as the organization grows. No ORDER BY on purpose: with
 * one, SQLite prefers the index that yields that order and scans every row of the organization.
 */
import type { TenantQueries } from '../../db/tenant.js';

export async function customerIdByContact(
  q: TenantQueries,
  type: string,
  matchKey: string,
  exceptCustomerId?: string,
): Promise<string | undefined> {
  let query = q.selectFrom('customer_contacts').select('customer_id').where('type', '=', type).where('match_key', '=', matchKey);
  if (exceptCustomerId) query = query.where('customer_id', '!=', exceptCustomerId);
  return (await query.limit(1).executeTakeFirst())?.customer_id;
}

/** An e-mail is one value whether it is a customer's primary e-mail or one of its e-mail contacts. */
export async function customerIdByEmail(q: TenantQueries, email: string, exceptCustomerId?: string): Promise<string | undefined> {
  let primary = q.selectFrom('customers').select('id').where('email', '=', email);
  if (exceptCustomerId) primary = primary.where('id', '!=', exceptCustomerId);
  const byPrimary = await primary.limit(1).executeTakeFirst();
  if (byPrimary) return byPrimary.id;
  return customerIdByContact(q, 'email', email, exceptCustomerId);
}
