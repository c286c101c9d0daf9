/**
 * Whether a customer opted out of bulk messages (DESIGN.md §10 "Opt-out"): an opted-out customer
 * gets no scheduled message (it is cancelled with reason `opted_out` when it comes due). The one
 * seam between this module and the rule, which lives in customers/opt-out.ts.
 */
import { isOptedOut } from '../customers/index.js';
import type { OrgContext } from '../shared/index.js';

export async function customerOptedOut(ctx: OrgContext, customerId: string): Promise<boolean> {
  return isOptedOut(ctx, customerId);
}
