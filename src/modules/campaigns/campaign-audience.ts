/**
 * A campaign's audience expanded into its durable recipient rows (DESIGN.md §10 "Campaigns"), once,
 * when it starts: tags, stages, explicit ids and custom-field conditions (AND across keys, OR inside
 * a list), excluded tags, the customers its CSV added. Each customer becomes one row (unique by
 * campaign and customer): `queued` with the contact it goes to on the campaign's channel, or
 * `skipped` with its reason — `optedOut`, `noContact` (no contact of the channel's type), `duplicate`
 * (a contact already taken by another recipient). Inserted in chunks with "on conflict do nothing",
 * so an expansion run again after a crash adds nobody twice.
 */
import { fromJson } from '../../lib/json.js';
import { newId } from '../../lib/ids.js';
import { contactTypeFor } from '../messages/index.js';
import type { OrgContext } from '../shared/index.js';
import type { AudienceInput, SkipReason } from './campaigns.schemas.js';

const CHUNK = 500;

/**
 * The ids of the customers the audience selects, in id order; with `campaignId`, joined by the
 * customers its CSV upload added (a union: campaign-csv.ts).
 */
export async function audienceCustomerIds(ctx: OrgContext, audience: AudienceInput, campaignId?: string): Promise<string[]> {
  const selected = await selectedCustomerIds(ctx, audience);
  if (!campaignId) return selected;
  const fromCsv = await ctx.q.selectFrom('campaign_csv_customers').select('customer_id').where('campaign_id', '=', campaignId).execute();
  if (fromCsv.length === 0) return selected;
  return [...new Set([...selected, ...fromCsv.map((r) => r.customer_id)])].sort();
}

async function selectedCustomerIds(ctx: OrgContext, audience: AudienceInput): Promise<string[]> {
  let select = ctx.q.selectFrom('customers').select('customers.id');
  const { tagIds, stageIds, customerIds, excludeTagIds, fields } = audience;
  if (!tagIds?.length && !stageIds?.length && !customerIds?.length && !fields?.length) return [];
  if (tagIds?.length)
    select = select.where('customers.id', 'in', ctx.q.selectFrom('customer_tags').select('customer_id').where('tag_id', 'in', tagIds));
  if (stageIds?.length) select = select.where('customers.stage_id', 'in', stageIds);
  if (customerIds?.length) select = select.where('customers.id', 'in', customerIds);
  if (excludeTagIds?.length)
    select = select.where(
      'customers.id',
      'not in',
      ctx.q.selectFrom('customer_tags').select('customer_id').where('tag_id', 'in', excludeTagIds),
    );
  let ids = (await select.orderBy('customers.id').execute()).map((r) => r.id);
  for (const condition of fields ?? []) ids = await matchingField(ctx, ids, condition);
  return ids;
}

async function matchingField(ctx: OrgContext, ids: string[], condition: NonNullable<AudienceInput['fields']>[number]): Promise<string[]> {
  const definition = await ctx.q.selectFrom('custom_field_definitions').select('id').where('slug', '=', condition.slug).executeTakeFirst();
  if (!definition || ids.length === 0) return [];
  const values = new Map<string, unknown>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await ctx.q
      .selectFrom('custom_field_values')
      .select(['customer_id', 'value'])
      .where('field_definition_id', '=', definition.id)
      .where('customer_id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) values.set(row.customer_id, fromJson<unknown>(row.value, null));
  }
  return ids.filter((id) => fieldMatches(values.get(id), condition.op, condition.value));
}

export function fieldMatches(value: unknown, op: string, wanted: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (op === 'exists') return true;
  if (op === 'equals') return String(value).toLowerCase() === String(wanted).toLowerCase();
  if (op === 'contains') return String(value).toLowerCase().includes(String(wanted).toLowerCase());
  const [a, b] = [Number(value), Number(wanted)];
  if (Number.isNaN(a) || Number.isNaN(b)) return op === 'gt' ? String(value) > String(wanted) : String(value) < String(wanted);
  return op === 'gt' ? a > b : a < b;
}

export interface ClassifiedRecipient {
  customerId: string;
  /** The contact it goes to on the channel (null: none of the channel's type). */
  contact: string | null;
  reason: SkipReason | null;
}

/**
 * The customers as recipients on a channel of `kind`, chunk by chunk: the contact each goes to, or why
 * it is skipped — `optedOut`, `noContact`, `duplicate` (a contact already taken by an earlier one).
 * Read only: expandRecipients writes the rows, the estimate counts them.
 */
export async function classifyRecipients(
  ctx: OrgContext,
  kind: string,
  customerIds: string[],
  visit: (chunk: ClassifiedRecipient[]) => Promise<void>,
): Promise<void> {
  const contactType = contactTypeFor(kind);
  const taken = new Set<string>();
  for (let i = 0; i < customerIds.length; i += CHUNK) {
    const chunk = customerIds.slice(i, i + CHUNK);
    const customers = await ctx.q.selectFrom('customers').select(['id', 'opted_out']).where('id', 'in', chunk).execute();
    const contacts = await ctx.q
      .selectFrom('customer_contacts')
      .select(['customer_id', 'value', 'match_key'])
      .where('customer_id', 'in', chunk)
      .where('type', '=', contactType)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const contactOf = new Map<string, { value: string; match_key: string }>();
    for (const c of contacts) if (!contactOf.has(c.customer_id)) contactOf.set(c.customer_id, c);
    await visit(
      customers.map((customer) => {
        const contact = contactOf.get(customer.id);
        let reason: SkipReason | null = null;
        if (customer.opted_out === 1) reason = 'optedOut';
        else if (!contact) reason = 'noContact';
        else if (taken.has(contact.match_key)) reason = 'duplicate';
        if (contact) taken.add(contact.match_key);
        return { customerId: customer.id, contact: contact?.value ?? null, reason };
      }),
    );
  }
}

/** Writes the recipient rows of `customerIds` for a campaign on a channel of `kind`; answers the counts. */
export async function expandRecipients(
  ctx: OrgContext,
  campaignId: string,
  kind: string,
  customerIds: string[],
): Promise<{ audience: number; queued: number; skipped: number }> {
  let queued = 0;
  let skipped = 0;
  await classifyRecipients(ctx, kind, customerIds, async (chunk) => {
    const rows = chunk.map((r) => {
      if (r.reason) skipped += 1;
      else queued += 1;
      return {
        id: newId(),
        organization_id: ctx.organizationId,
        campaign_id: campaignId,
        customer_id: r.customerId,
        contact: r.contact,
        status: r.reason ? 'skipped' : 'queued',
        reason: r.reason,
        message_id: null,
        error: null,
        created_at: ctx.now,
        updated_at: ctx.now,
      };
    });
    if (rows.length > 0)
      await ctx.trx
        .insertInto('campaign_recipients')
        .values(rows)
        .onConflict((oc) => oc.columns(['campaign_id', 'customer_id']).doNothing())
        .execute();
  });
  return { audience: queued + skipped, queued, skipped };
}
