/**
 * A funnel column's figures: how many customers, and the sum of their sale values (customers
 * without one count, but add nothing). Added in cents so `0.1 + 0.2` shows as `0,30`, not
 * `0,30000000000000004`. Plain TypeScript: test/console/stage-sum.test.ts checks it without a browser.
 */
export interface StageSum {
  count: number;
  /** The sum of the sale values, in the organization's currency; 0 when none has one. */
  total: number;
  /** How many of the customers have a sale value. */
  valued: number;
}

export function stageSum(customers: readonly { salePrice: number | null }[]): StageSum {
  let cents = 0;
  let valued = 0;
  for (const { salePrice } of customers) {
    if (salePrice === null || !Number.isFinite(salePrice)) continue;
    cents += Math.round(salePrice * 100);
    valued += 1;
  }
  return { count: customers.length, total: cents / 100, valued };
}
