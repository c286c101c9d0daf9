/**
 * "Which customer holds this contact?" Every lookup is an equality on
 * customer_contacts (organization_id, type, match_key) or customers (organization_id, email), so
 * it is served by an index and stays flat as the organization grows. No ORDER BY on purpose: with
 * one, SQLite prefers the index that yields that order and scans every row of the organization.
 */
import type { Executor } from '../../db/executor.js';

export async function customerIdByContact(
  db: Executor,
  organizationId: string,
  type: string,
  matchKey: string,
  exceptCustomerId?: string,
): Promise<string | undefined> {
  let query = db
    .selectFrom('customer_contacts')
    .select('customer_id')
    .where('organization_id', '=', organizationId)
    .where('type', '=', type)
    .where('match_key', '=', matchKey);
  if (exceptCustomerId) query = query.where('customer_id', '!=', exceptCustomerId);
  return (await query.limit(1).executeTakeFirst())?.customer_id;
}

/** An e-mail is one value whether it is a customer's primary e-mail or one of its e-mail contacts. */
export async function customerIdByEmail(
  db: Executor,
  organizationId: string,
  email: string,
  exceptCustomerId?: string,
): Promise<string | undefined> {
  let primary = db.selectFrom('customers').select('id').where('organization_id', '=', organizationId).where('email', '=', email);
  if (exceptCustomerId) primary = primary.where('id', '!=', exceptCustomerId);
  const byPrimary = await primary.limit(1).executeTakeFirst();
  if (byPrimary) return byPrimary.id;
  return customerIdByContact(db, organizationId, 'email', email, exceptCustomerId);
}
