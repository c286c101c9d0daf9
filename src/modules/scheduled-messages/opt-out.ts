/**
 * Whether a customer opted out of bulk messages (DESIGN.md §10 "Opt-out"): an opted-out customer
 * gets no scheduled message (it is cancelled with reason `opted_out` when it comes due).
 *
 * The opt-out itself (`customers.opted_out`, keywords, `PUT …/opt-out`) is built on another branch
 * (campaigns); until it lands no customer is opted out. This function is the one seam: at merge it
 * reads the customer's flag, and nothing else in this module changes.
 */
import type { OrgContext } from '../shared/org-context.js';

export async function customerOptedOut(_ctx: OrgContext, _customerId: string): Promise<boolean> {
  return Promise.resolve(false);
}
