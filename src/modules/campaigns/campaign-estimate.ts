/**
 * A campaign's cost (DESIGN.md §10 "Campaigns", docs/campaigns.md "Cost"): the estimate before the
 * start, and the cost so far from the statuses' `pricing` (§9).
 *
 * Estimate: the recipients (the recipient rows once started; before, the audience with opted-out,
 * contactless and duplicate customers left out, as the start would) grouped by the country calling
 * code of their phone (libphonenumber), times the price table's price of the template's category
 * there. A recipient inside their 24-hour window (the customer wrote in a chat of the campaign's
 * channel within the last 24 hours) costs nothing when the table lists the category in
 * `freeInWindow` (shipped: `service` and `utility`, Meta's rule since 2025-07-01; price-table.ts).
 * Only templates on the official channel are priced: a free-form message (a gateway channel, or the
 * official one inside the window) estimates 0 with `reason: 'notTemplate'`. A template without a
 * category is priced as `marketing` (the highest, so the estimate does not fall short).
 *
 * Cost so far: each campaign message whose status brought Meta's `pricing` with `billable` not
 * false, priced at its `pricing.category` and its recipient's calling code in the current table.
 * Meta's webhooks carry the category, not the amount: the amount is the table's.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { fromJson } from '../../lib/json.js';
import { WHATSAPP_WINDOW_MS, type OrgContext } from '../shared/index.js';
import { audienceCustomerIds, classifyRecipients, type ClassifiedRecipient } from './campaign-audience.js';
import type { AudienceInput, CampaignCostRecord, CampaignEstimateRecord, CampaignMessageInput } from './campaigns.schemas.js';
import { loadPriceTable, unitPrice, type PriceTableInput } from './price-table.js';

interface CampaignRowLike {
  id: string;
  channel_id: string;
  audience: string;
  message: string;
  started_at: string | null;
}

export function callingCodeOf(contact: string | null): string {
  if (!contact || !/^\d{6,15}$/.test(contact)) return 'unknown';
  return parsePhoneNumberFromString(`+${contact}`)?.countryCallingCode ?? 'unknown';
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

export async function estimateCampaign(ctx: OrgContext, row: CampaignRowLike, table?: PriceTableInput): Promise<CampaignEstimateRecord> {
  const prices = table ?? (await loadPriceTable(ctx.trx));
  const input = fromJson<{ input: CampaignMessageInput }>(row.message, { input: { type: 'text', content: {} } }).input;
  const channel = await ctx.q.selectFrom('channels').select('kind').where('id', '=', row.channel_id).executeTakeFirst();
  const kind = channel?.kind ?? 'whatsapp_official';
  let category: string | null = null;
  if ('templateId' in input) {
    const template = await ctx.q.selectFrom('templates').select('category').where('id', '=', input.templateId).executeTakeFirst();
    category = template?.category ?? 'marketing';
  }
  const byCode = new Map<string, { charged: number }>();
  let recipients = 0;
  let freeInWindow = 0;
  const freeHere = category !== null && prices.freeInWindow.includes(category as never);
  const since = new Date(Date.parse(ctx.now) - WHATSAPP_WINDOW_MS).toISOString();
  const count = async (chunk: ClassifiedRecipient[]) => {
    const going = chunk.filter((r) => r.reason === null);
    recipients += going.length;
    if (category === null || going.length === 0) return;
    const inWindow = new Set<string>();
    if (freeHere) {
      const open = await ctx.q
        .selectFrom('chats')
        .select('customer_id')
        .where('channel_id', '=', row.channel_id)
        .where(
          'customer_id',
          'in',
          going.map((r) => r.customerId),
        )
        .where('last_inbound_at', '>', since)
        .execute();
      for (const c of open) inWindow.add(c.customer_id);
    }
    for (const r of going) {
      if (inWindow.has(r.customerId)) {
        freeInWindow += 1;
        continue;
      }
      const code = callingCodeOf(r.contact);
      const entry = byCode.get(code) ?? { charged: 0 };
      entry.charged += 1;
      byCode.set(code, entry);
    }
  };
  if (row.started_at) {
    // Started: the recipient rows are the audience (read in pages by id).
    let after = '';
    for (;;) {
      const rows = await ctx.q
        .selectFrom('campaign_recipients')
        .select(['id', 'customer_id', 'contact', 'reason'])
        .where('campaign_id', '=', row.id)
        .where('id', '>', after)
        .orderBy('id')
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      await count(rows.map((r) => ({ customerId: r.customer_id, contact: r.contact, reason: r.reason as ClassifiedRecipient['reason'] })));
      after = rows.at(-1)!.id;
    }
  } else {
    const ids = await audienceCustomerIds(ctx, fromJson<AudienceInput>(row.audience, {}), row.id);
    await classifyRecipients(ctx, kind, ids, count);
  }
  const byCountry = [...byCode]
    .map(([callingCode, { charged }]) => {
      const price = unitPrice(prices, callingCode, category ?? 'service');
      return { callingCode, recipients: charged, unitPrice: price, cost: round((price ?? 0) * charged) };
    })
    .sort((a, b) => b.recipients - a.recipients || a.callingCode.localeCompare(b.callingCode));
  return {
    currency: prices.currency,
    category,
    recipients,
    total: round(byCountry.reduce((sum, c) => sum + c.cost, 0)),
    byCountry,
    freeInWindow,
    reason: category === null ? 'notTemplate' : null,
  };
}

/** The cost so far: billable campaign messages, priced by their status's category and the recipient's calling code. */
export async function campaignCost(ctx: OrgContext, campaignId: string, table?: PriceTableInput): Promise<CampaignCostRecord> {
  const prices = table ?? (await loadPriceTable(ctx.trx));
  const rows = await ctx.q
    .selectFrom('campaign_recipients')
    .innerJoin('messages', 'messages.id', 'campaign_recipients.message_id')
    .select(['campaign_recipients.contact', 'messages.pricing'])
    .where('campaign_recipients.campaign_id', '=', campaignId)
    .where('messages.pricing', 'is not', null)
    .execute();
  let total = 0;
  let billed = 0;
  for (const r of rows) {
    const pricing = fromJson<{ billable?: boolean; category?: string } | null>(r.pricing, null);
    if (!pricing || pricing.billable === false || !pricing.category) continue;
    billed += 1;
    total += unitPrice(prices, callingCodeOf(r.contact), pricing.category) ?? 0;
  }
  return { currency: prices.currency, total: round(total), billed };
}
