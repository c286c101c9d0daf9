/**
 * Meta's per-user marketing cap (131049) as a campaign reads it, inside its own transaction: whether
 * any contact of the customer is marked capped now (governor-store.ts writes the mark). The
 * governor's `isMarketingCapped` answers the same question on its own connection; a campaign's batch
 * must ask on the transaction it holds (one SQLite connection cannot serve both).
 */
import type { OrgContext } from '../shared/org-context.js';

export async function customerMarketingCapped(ctx: OrgContext, customerId: string): Promise<boolean> {
  const contacts = (await ctx.q.selectFrom('customer_contacts').select('value').where('customer_id', '=', customerId).execute()).map(
    (c) => c.value,
  );
  if (contacts.length === 0) return false;
  const capped = await ctx.q
    .selectFrom('governor_recipients')
    .select('recipient')
    .where('recipient', 'in', contacts)
    .where('marketing_capped_until', '>', ctx.now)
    .executeTakeFirst();
  return capped !== undefined;
}
