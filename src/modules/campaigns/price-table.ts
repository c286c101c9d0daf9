/**
 * The operator's price table (DESIGN.md §10 "Campaigns", docs/campaigns.md "Cost"): the price of one
 * delivered message per template category and recipient country calling code, in one currency, and
 * the categories that are free inside the customer's 24-hour window. Stored as the single row
 * `default` of `price_table` (migration 0034); until the operator writes one, DEFAULT_PRICE_TABLE.
 *
 * The default table: Meta's published per-message rates (USD) of the WhatsApp Business Platform,
 * https://developers.facebook.com/docs/whatsapp/pricing (per-message pricing since 2025-07-01),
 * as transcribed on 2026-11-27 from the rate card: Brazil (+55) effective 2026-01-01
 * (https://talkall.com.br/en/novidades/tarifas-whatsapp-2026); Argentina, Australia, Austria and
 * Algeria effective 2025-07-01 (https://docs.sent.dm/docs/guides/whatsapp-pricing). Meta changes
 * rates every quarter and adds volume tiers for utility and authentication: the operator keeps
 * the table current with `PUT /admin/v1/price-table`.
 *
 * The free-in-window rule shipped (Meta, from 2025-07-01): non-template (`service`) messages and
 * utility templates delivered inside an open customer-service window are free; marketing and
 * authentication templates are always charged. Some providers report that from 2026-10-01 Meta
 * charges utility inside the window too; not confirmed on Meta's page, so the operator changes
 * `freeInWindow` if it applies to them.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { Executor } from '../../db/executor.js';

export const PRICE_CATEGORIES = ['marketing', 'utility', 'authentication', 'service'] as const;
export type PriceCategory = (typeof PRICE_CATEGORIES)[number];

const Price = Type.Number({ minimum: 0, maximum: 1000 });
const CategoryPrices = Type.Object(
  {
    marketing: Type.Optional(Price),
    utility: Type.Optional(Price),
    authentication: Type.Optional(Price),
    service: Type.Optional(Price),
  },
  {
    additionalProperties: false,
    description: 'Price of one delivered message per template category; a category left out is not priced there',
  },
);

export const PriceTable = Type.Object(
  {
    currency: Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code, e.g. USD, BRL' }),
    source: Type.Optional(Type.String({ maxLength: 500, description: 'Where the prices come from' })),
    effectiveDate: Type.Optional(Type.String({ format: 'date', description: 'The date the prices apply from' })),
    freeInWindow: Type.Array(Type.Unsafe<PriceCategory>({ type: 'string', enum: [...PRICE_CATEGORIES] }), {
      uniqueItems: true,
      description: 'Categories free to a recipient inside their 24-hour customer-service window',
    }),
    prices: Type.Record(Type.String({ pattern: '^[1-9][0-9]{0,3}$' }), CategoryPrices, {
      description: 'By country calling code without "+" (e.g. "55")',
      maxProperties: 300,
    }),
  },
  { additionalProperties: false },
);
export type PriceTableInput = Static<typeof PriceTable>;

export const PriceTableRecord = Type.Composite([
  PriceTable,
  Type.Object({
    isDefault: Type.Boolean({ description: 'true: the table shipped in code (the operator has not written one)' }),
    updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
]);
export type PriceTableView = Static<typeof PriceTableRecord>;

export const DEFAULT_PRICE_TABLE: PriceTableInput = {
  currency: 'USD',
  source:
    "Meta's WhatsApp Business Platform rate card (https://developers.facebook.com/docs/whatsapp/pricing), per-message rates; " +
    'Brazil as of 2026-01-01, the others as of 2025-07-01; transcribed 2026-11-27',
  effectiveDate: '2026-01-01',
  freeInWindow: ['service', 'utility'],
  prices: {
    '55': { marketing: 0.0625, utility: 0.0068, authentication: 0.0068, service: 0 },
    '54': { marketing: 0.0618, utility: 0.0289, authentication: 0.0289, service: 0 },
    '61': { marketing: 0.0732, utility: 0.0113, authentication: 0.0113, service: 0 },
    '43': { marketing: 0.0592, utility: 0.0171, authentication: 0.0171, service: 0 },
    '213': { marketing: 0.0225, utility: 0.004, authentication: 0.004, service: 0 },
  },
};

const ROW_ID = 'default';

export async function loadPriceTable(db: Executor): Promise<PriceTableView> {
  const row = await db.selectFrom('price_table').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
  if (!row) return { ...DEFAULT_PRICE_TABLE, isDefault: true, updatedAt: null };
  return { ...fromJson<PriceTableInput>(row.table, DEFAULT_PRICE_TABLE), isDefault: false, updatedAt: row.updated_at };
}

export async function savePriceTable(db: Kysely<DB>, table: PriceTableInput, now: string): Promise<PriceTableView> {
  await db
    .insertInto('price_table')
    .values({ id: ROW_ID, table: toJson(table), updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ table: toJson(table), updated_at: now }))
    .execute();
  return { ...table, isDefault: false, updatedAt: now };
}

/** The price of one message of `category` to `callingCode`; null when the table has none. */
export function unitPrice(table: PriceTableInput, callingCode: string, category: string): number | null {
  const price = (table.prices[callingCode] as Record<string, number | undefined> | undefined)?.[category];
  return price ?? null;
}
