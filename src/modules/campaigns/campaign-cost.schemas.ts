/** The shapes of a campaign's cost estimate and its cost so far (docs/campaigns.md "Cost"); campaign-estimate.ts computes them. */
import { Type, type Static } from '@sinclair/typebox';

const Money = Type.Number({ minimum: 0 });
export const CampaignEstimate = Type.Object({
  currency: Type.String(),
  category: Type.Union([Type.String(), Type.Null()], { description: "The template's category priced; null for a free-form message" }),
  recipients: Type.Integer({ minimum: 0, description: 'Recipients the campaign goes to (skipped ones left out)' }),
  total: Money,
  byCountry: Type.Array(
    Type.Object({
      callingCode: Type.String({ description: 'Without "+"; "unknown" when the contact is not a phone number' }),
      recipients: Type.Integer({ minimum: 0, description: 'Charged recipients (those free in their window left out)' }),
      unitPrice: Type.Union([Money, Type.Null()], { description: 'null: the price table has no price there (counted as 0)' }),
      cost: Money,
    }),
  ),
  freeInWindow: Type.Integer({ minimum: 0, description: 'Recipients inside their 24-hour window, free for this category' }),
  reason: Type.Union([Type.Literal('notTemplate'), Type.Null()], {
    description: '`notTemplate`: a free-form message (not a template) is not priced, so the estimate is 0',
  }),
});
export type CampaignEstimateRecord = Static<typeof CampaignEstimate>;

export const CampaignCost = Type.Object({
  currency: Type.String(),
  total: Money,
  billed: Type.Integer({ minimum: 0, description: 'Messages whose status reported them billable' }),
});
export type CampaignCostRecord = Static<typeof CampaignCost>;
