/**
 * One batch of a running campaign (DESIGN.md §10 "Campaigns"), in the run job's transaction, by a
 * fixed number of statements whatever the batch's size (test/campaigns/campaign-statements.test.ts
 * counts them):
 * 1. the claim: up to BATCH `queued` rows become `sent` by one conditional UPDATE … RETURNING (a row
 *    another run took is not among them, so no recipient is claimed twice);
 * 2. what decides each row, one query each for the whole batch: the customers (opted out?), the
 *    governor's marketing caps (131049), the custom-field values (only when the message reads them);
 * 3. the messages, their chats and their send jobs (campaign-message.ts), with the campaign's next
 *    run in the same jobs insert;
 * 4. every row's outcome (message id, or `skipped`/`failed` with why) by one UPDATE.
 * A SIGKILL before the commit undoes it all (the run job runs again); after it, the rows are out of
 * `queued` and never claimed again: each recipient's message exists exactly once. Nothing here calls
 * the network: the provider is the send jobs' business, after the commit.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import type { MessageType } from '../../channels/provider.js';
import { type ChatDelivery, deliveryChannel } from '../delivery/index.js';
import type { OrgContext } from '../shared/index.js';
import { cappedCustomers, renderContent, storeCampaignMessages, type CampaignMessageTarget } from './campaign-message.js';

export const CAMPAIGN_RUN_JOB = 'campaigns.run' as const;
/** Recipients per run: one transaction each, short enough not to hold the database. */
export const BATCH = 50;

export interface CampaignBatchDeps {
  db: Kysely<DB>;
  events: EventLog;
  clock: Clock;
  queue: AppJobQueue;
  delivery: ChatDelivery;
}

/** What the campaign row keeps to send: the message resolved at start (a template's content). */
interface Resolved {
  type: MessageType;
  content: Record<string, unknown>;
}

const NO_CHANNEL = 'CHANNEL_NOT_FOUND: the campaign channel was removed or made inactive';

interface Outcome {
  status: 'sent' | 'skipped' | 'failed';
  reason?: string;
  error?: string;
  messageId?: string;
}

/** Sends the campaign's next batch; answers whether rows may remain `queued` (a next run was enqueued). */
export async function sendBatch(
  ctx: OrgContext,
  deps: CampaignBatchDeps,
  campaign: { id: string; channel_id: string; message: string },
): Promise<boolean> {
  const claimed = await claimBatch(ctx, campaign.id);
  if (claimed.length === 0) return false;
  const more = claimed.length === BATCH;
  const next = more ? [{ type: CAMPAIGN_RUN_JOB, organizationId: ctx.organizationId, payload: { campaignId: campaign.id } }] : [];
  const channel = await deliveryChannel(ctx.trx as Kysely<DB>, ctx.organizationId, campaign.channel_id);
  const message = fromJson<{ resolved?: Resolved }>(campaign.message, {}).resolved;
  const outcomes = new Map<string, Outcome>();
  const toSend: (CampaignMessageTarget & { rowId: string })[] = [];
  if (!channel || !message) {
    for (const row of claimed) outcomes.set(row.id, { status: 'failed', error: NO_CHANNEL });
  } else {
    const ids = claimed.map((row) => row.customer_id);
    const capped = await cappedCustomers(ctx, ids);
    const customers = new Map(
      (await ctx.q.selectFrom('customers').select(['id', 'name', 'opted_out']).where('id', 'in', ids).execute()).map((c) => [c.id, c]),
    );
    const fields = readsFields(message.content) ? await fieldsOf(ctx, ids) : new Map<string, Record<string, unknown>>();
    for (const row of claimed) {
      const customer = customers.get(row.customer_id);
      if (!row.contact) outcomes.set(row.id, { status: 'failed', error: NO_CHANNEL });
      else if (capped.has(row.customer_id)) outcomes.set(row.id, { status: 'skipped', reason: 'capped' });
      else if (!customer || customer.opted_out === 1) outcomes.set(row.id, { status: 'skipped', reason: 'optedOut' });
      else {
        const content = renderContent(message.content, { name: customer.name, fields: fields.get(row.customer_id) ?? {} });
        toSend.push({
          rowId: row.id,
          customerId: row.customer_id,
          contact: row.contact,
          message: { type: message.type, content: content as Record<string, unknown> },
        });
      }
    }
  }
  if (channel && toSend.length > 0) {
    const messageIds = await storeCampaignMessages(ctx, deps, channel, campaign.id, toSend, next);
    toSend.forEach((target, i) => outcomes.set(target.rowId, { status: 'sent', messageId: messageIds[i]! }));
  } else if (next.length > 0) {
    await deps.queue.enqueueMany(ctx.trx, next);
  }
  await writeOutcomes(ctx, outcomes);
  return more;
}

/** The claim: the next BATCH queued rows, in id order, moved to `sent` by one conditional UPDATE. */
async function claimBatch(ctx: OrgContext, campaignId: string) {
  const rows = await ctx.q
    .updateTable('campaign_recipients')
    .set({ status: 'sent', updated_at: ctx.now })
    .where(
      'id',
      'in',
      ctx.q
        .selectFrom('campaign_recipients')
        .select('campaign_recipients.id')
        .where('campaign_recipients.campaign_id', '=', campaignId)
        .where('campaign_recipients.status', '=', 'queued')
        .orderBy('campaign_recipients.id')
        .limit(BATCH),
    )
    // A row another run claimed meanwhile is no longer queued: it is left to that run.
    .where('status', '=', 'queued')
    .returning(['id', 'customer_id', 'contact'])
    .execute();
  // RETURNING's order is not guaranteed: the batch goes in id order, as it was claimed.
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every claimed row's outcome by one UPDATE: the message id of a sent one, the status and why of the others. */
async function writeOutcomes(ctx: OrgContext, outcomes: Map<string, Outcome>): Promise<void> {
  const entries = [...outcomes];
  const sent = entries.filter(([, o]) => o.status === 'sent');
  const other = entries.filter(([, o]) => o.status !== 'sent');
  const set: Record<string, RawBuilder<unknown>> = {};
  if (sent.length > 0)
    set.message_id = byId(
      'message_id',
      sent.map(([id, o]) => [id, o.messageId ?? null]),
    );
  if (other.length > 0) {
    set.status = byId(
      'status',
      other.map(([id, o]) => [id, o.status]),
    );
    set.reason = byId(
      'reason',
      other.map(([id, o]) => [id, o.reason ?? null]),
    );
    set.error = byId(
      'error',
      other.map(([id, o]) => [id, o.error ?? null]),
    );
  }
  await ctx.q
    .updateTable('campaign_recipients')
    .set(set)
    .where(
      'id',
      'in',
      entries.map(([id]) => id),
    )
    .execute();
}

/** `case id when … then … else <column> end`: one value per row in one statement. */
function byId(column: string, values: [string, string | null][]): RawBuilder<unknown> {
  const whens = values.map(([id, value]) => sql`when ${id} then ${value}`);
  return sql`case ${sql.ref('id')} ${sql.join(whens, sql` `)} else ${sql.ref(column)} end`;
}

/** Whether the message's content reads a custom field (`{{fields.<slug>}}`): otherwise none is read. */
function readsFields(content: unknown): boolean {
  return /\{\{\s*fields\./i.test(JSON.stringify(content));
}

/** The custom-field values of the batch's customers by one query, by customer then slug. */
async function fieldsOf(ctx: OrgContext, customerIds: string[]): Promise<Map<string, Record<string, unknown>>> {
  const rows = await ctx.q
    .selectFrom('custom_field_values')
    .innerJoin('custom_field_definitions', 'custom_field_definitions.id', 'custom_field_values.field_definition_id')
    .select(['custom_field_values.customer_id', 'custom_field_definitions.slug', 'custom_field_values.value'])
    .where('custom_field_values.customer_id', 'in', customerIds)
    .execute();
  const byCustomer = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const fields = byCustomer.get(row.customer_id) ?? {};
    fields[row.slug] = fromJson<unknown>(row.value, null);
    byCustomer.set(row.customer_id, fields);
  }
  return byCustomer;
}
