/**
 * The `campaigns.run` job (DESIGN.md §10): each run is one transaction, with the job completed
 * inside it (`completeIn`). A `scheduled` campaign is expanded into its recipient rows and becomes
 * `running` (`campaign.started`); a `running` one sends a batch: each `queued` row is claimed by a
 * conditional UPDATE to `sent` and its message created (campaign-message.ts) in the same
 * transaction, then the next run is enqueued, or the campaign is `completed`. A SIGKILL before the
 * commit leaves rows, messages and job as they were (the job runs again); after it, the rows are
 * `sent` and are never claimed again. So each recipient's message exists exactly once.
 * `paused` and `cancelled` campaigns are left alone (resume enqueues a run).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue, JobPayloads } from '../../jobs/job-payloads.js';
import type { ClaimedJob, JobContext } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import type { MessageType } from '../../channels/provider.js';
import type { ChatDelivery } from '../chats/chat-delivery.js';
import { deliveryChannel } from '../chats/chat-target.js';
import { orgContext, type OrgContext } from '../shared/org-context.js';
import { audienceCustomerIds, expandRecipients } from './campaign-audience.js';
import { isMarketingCapped, renderContent, storeCampaignMessage } from './campaign-message.js';
import type { AudienceInput } from './campaigns.schemas.js';

export const CAMPAIGN_RUN_JOB = 'campaigns.run' as const;
/** Recipients per run: one transaction each, short enough not to hold the database. */
export const BATCH = 50;

export interface CampaignRunnerDeps {
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

export class CampaignRunner {
  constructor(private readonly deps: CampaignRunnerDeps) {}

  async run(job: ClaimedJob<JobPayloads['campaigns.run']>, context?: JobContext): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, job.organizationId ?? '');
      const campaign = await ctx.q.selectFrom('campaigns').selectAll().where('id', '=', job.payload.campaignId).executeTakeFirst();
      if (campaign?.status === 'scheduled') await this.begin(ctx, campaign.id, campaign.channel_id, campaign.audience);
      else if (campaign?.status === 'running') await this.sendBatch(ctx, campaign.id, campaign.channel_id, campaign.message);
      await context?.completeIn(trx);
    });
  }

  private async begin(ctx: OrgContext, campaignId: string, channelId: string, audienceJson: string): Promise<void> {
    const channel = await deliveryChannel(ctx.trx as Kysely<DB>, ctx.organizationId, channelId);
    const kind = channel?.kind ?? 'whatsapp_official';
    const ids = await audienceCustomerIds(ctx, fromJson<AudienceInput>(audienceJson, {}), campaignId);
    const counts = await expandRecipients(ctx, campaignId, kind, ids);
    await ctx.q
      .updateTable('campaigns')
      .set({ status: 'running', started_at: ctx.now, updated_at: ctx.now })
      .where('id', '=', campaignId)
      .execute();
    await ctx.emit('campaign.started', { campaign_id: campaignId, ...counts });
    await this.deps.queue.enqueue(ctx.trx, { type: CAMPAIGN_RUN_JOB, organizationId: ctx.organizationId, payload: { campaignId } });
  }

  private async sendBatch(ctx: OrgContext, campaignId: string, channelId: string, messageJson: string): Promise<void> {
    const channel = await deliveryChannel(ctx.trx as Kysely<DB>, ctx.organizationId, channelId);
    const batch = await ctx.q
      .selectFrom('campaign_recipients')
      .select(['id', 'customer_id', 'contact'])
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'queued')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const message = fromJson<{ resolved?: Resolved }>(messageJson, {}).resolved;
    for (const row of batch) {
      if (!channel || !message || !row.contact) {
        await this.endRow(ctx, row.id, { status: 'failed', error: 'CHANNEL_NOT_FOUND: the campaign channel was removed or made inactive' });
        continue;
      }
      if (await isMarketingCapped(ctx, row.customer_id)) {
        await this.endRow(ctx, row.id, { status: 'skipped', reason: 'capped' });
        continue;
      }
      const customer = await ctx.q
        .selectFrom('customers')
        .select(['name', 'opted_out'])
        .where('id', '=', row.customer_id)
        .executeTakeFirst();
      if (!customer || customer.opted_out === 1) {
        await this.endRow(ctx, row.id, { status: 'skipped', reason: 'optedOut' });
        continue;
      }
      // The claim first: a concurrent run that got here first leaves this row to it.
      if (!(await this.endRow(ctx, row.id, { status: 'sent' }))) continue;
      const content = renderContent(message.content, { name: customer.name, fields: await fieldsOf(ctx, row.customer_id) });
      const messageId = await storeCampaignMessage(
        ctx,
        this.deps,
        channel,
        { campaignId, customerId: row.customer_id, contact: row.contact },
        { type: message.type, content: content as Record<string, unknown> },
      );
      await ctx.q.updateTable('campaign_recipients').set({ message_id: messageId }).where('id', '=', row.id).execute();
    }
    if (batch.length === BATCH) {
      await this.deps.queue.enqueue(ctx.trx, { type: CAMPAIGN_RUN_JOB, organizationId: ctx.organizationId, payload: { campaignId } });
      return;
    }
    const done = await ctx.q
      .updateTable('campaigns')
      .set({ status: 'completed', finished_at: ctx.now, updated_at: ctx.now })
      .where('id', '=', campaignId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return;
    const counts = await ctx.q
      .selectFrom('campaign_recipients')
      .select(['status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .groupBy('status')
      .execute();
    const of = (status: string) => Number(counts.find((c) => c.status === status)?.n ?? 0);
    await ctx.emit('campaign.completed', { campaign_id: campaignId, sent: of('sent'), skipped: of('skipped') });
  }

  /** Moves a queued row out of `queued`; answers whether it was still queued. */
  private async endRow(ctx: OrgContext, id: string, change: { status: string; reason?: string; error?: string }): Promise<boolean> {
    const result = await ctx.q
      .updateTable('campaign_recipients')
      .set({ status: change.status, reason: change.reason ?? null, error: change.error ?? null, updated_at: ctx.now })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

async function fieldsOf(ctx: OrgContext, customerId: string): Promise<Record<string, unknown>> {
  const rows = await ctx.q
    .selectFrom('custom_field_values')
    .innerJoin('custom_field_definitions', 'custom_field_definitions.id', 'custom_field_values.field_definition_id')
    .select(['custom_field_definitions.slug', 'custom_field_values.value'])
    .where('custom_field_values.customer_id', '=', customerId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.slug, fromJson<unknown>(r.value, null)]));
}
