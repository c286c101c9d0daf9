/**
 * The `campaigns.run` job (DESIGN.md §10): each run is one transaction, with the job completed
 * inside it (`completeIn`). A `scheduled` campaign is expanded into its recipient rows and becomes
 * `running` (`campaign.started`); a `running` one sends a batch (campaign-batch.ts: claimed,
 * decided, its messages and send jobs stored, by a fixed number of statements), then the next run
 * is enqueued with the batch's send jobs, or the campaign is `completed`. A SIGKILL before the
 * commit leaves rows, messages and job as they were (the job runs again); after it, the rows are
 * out of `queued` and are never claimed again. So each recipient's message exists exactly once.
 * `paused` and `cancelled` campaigns are left alone (resume enqueues a run). On PostgreSQL the run
 * holds the campaign's row lock: a pause or cancel waits for the batch in flight to commit, and a
 * second run of the same campaign (a resume while one was queued) waits for this one.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { JobPayloads } from '../../jobs/job-payloads.js';
import type { ClaimedJob, JobContext } from '../../jobs/types.js';
import { fromJson } from '../../lib/json.js';
import { deliveryChannel } from '../delivery/index.js';
import { orgContext, type OrgContext } from '../shared/index.js';
import { audienceCustomerIds, expandRecipients } from './campaign-audience.js';
import { CAMPAIGN_RUN_JOB, sendBatch, type CampaignBatchDeps } from './campaign-batch.js';
import type { AudienceInput } from './campaigns.schemas.js';

export { BATCH, CAMPAIGN_RUN_JOB } from './campaign-batch.js';

export type CampaignRunnerDeps = CampaignBatchDeps;

export class CampaignRunner {
  constructor(private readonly deps: CampaignRunnerDeps) {}

  async run(job: ClaimedJob<JobPayloads['campaigns.run']>, context?: JobContext): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, job.organizationId ?? '');
      let select = ctx.q.selectFrom('campaigns').selectAll().where('id', '=', job.payload.campaignId);
      if (ctx.q.postgres) select = select.forUpdate();
      const campaign = await select.executeTakeFirst();
      if (campaign?.status === 'scheduled') await this.begin(ctx, campaign.id, campaign.channel_id, campaign.audience);
      else if (campaign?.status === 'running' && !(await sendBatch(ctx, this.deps, campaign))) await this.complete(ctx, campaign.id);
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

  /** No row left `queued`: the campaign is `completed` (once), with its counts in the event. */
  private async complete(ctx: OrgContext, campaignId: string): Promise<void> {
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
}
