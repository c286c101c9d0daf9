/**
 * Campaigns (DESIGN.md §10 "Campaigns", docs/campaigns.md): create (`draft`), edit only in draft,
 * start (`scheduled`, its `campaigns.run` job at `scheduleAt` or now), pause, resume, cancel; the
 * record with its live counts and the recipient rows. Sending is campaign-runner.ts.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { CampaignsTable } from '../../db/schema-conversations.js';
import { AppError, validationError } from '../../errors.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { SendTemplateService } from '../chats/index.js';
import { orgContext, type OrgContext } from '../shared/index.js';
import type { CustomersService } from '../customers/index.js';
import { CAMPAIGN_RUN_JOB } from './campaign-runner.js';
import { importAudienceCsv, type CsvImportResult } from './campaign-csv.js';
import { campaignCost, estimateCampaign } from './campaign-estimate.js';
import { loadPriceTable } from './price-table.js';
import type {
  AudienceInput,
  CampaignEstimateRecord,
  CampaignMessageInput,
  CampaignRecord,
  CampaignStatus,
  CampaignSummaryRecord,
  CreateCampaignInput,
  UpdateCampaignInput,
} from './campaigns.schemas.js';

export interface CampaignsDeps {
  db: Kysely<DB>;
  events: EventLog;
  clock: Clock;
  queue: AppJobQueue;
  sendTemplate: SendTemplateService;
  customers: CustomersService;
}

const DEFAULT_REPLY_WINDOW_HOURS = 72;
type Row = Selectable<CampaignsTable>;

export class CampaignsService {
  constructor(private readonly deps: CampaignsDeps) {}

  async create(organizationId: string, input: CreateCampaignInput, profileId: string | null): Promise<CampaignRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      await this.channelOf(ctx, input.channelId);
      const row: Row = {
        id: newId(),
        organization_id: organizationId,
        name: input.name,
        channel_id: input.channelId,
        audience: toJson(input.audience),
        message: toJson({ input: input.message }),
        status: 'draft',
        schedule_at: input.scheduleAt ? new Date(input.scheduleAt).toISOString() : null,
        reply_window_hours: input.replyWindowHours ?? DEFAULT_REPLY_WINDOW_HOURS,
        estimate: null,
        created_by_profile_id: profileId,
        created_at: ctx.now,
        updated_at: ctx.now,
        started_at: null,
        finished_at: null,
      };
      await trx.insertInto('campaigns').values(row).execute();
      return this.record(ctx, row);
    });
  }

  async get(organizationId: string, campaignId: string): Promise<CampaignRecord> {
    const ctx = orgContext(this.deps, this.deps.db, organizationId);
    return this.record(ctx, await this.find(ctx, campaignId));
  }

  /** The organization's campaigns, newest first, with their counts; `status` filters. */
  async list(
    organizationId: string,
    query: { status?: string; cursor?: string; limit?: number },
  ): Promise<{ data: CampaignSummaryRecord[]; nextCursor: string | null }> {
    const ctx = orgContext(this.deps, this.deps.db, organizationId);
    const limit = query.limit ?? 50;
    let select = ctx.q.selectFrom('campaigns').selectAll();
    if (query.status) select = select.where('status', '=', query.status);
    if (query.cursor) {
      const [createdAt, id] = query.cursor.split('|');
      if (!createdAt || !id) throw validationError([{ field: 'cursor', message: 'is not a cursor this list answered' }]);
      select = select.where((eb) =>
        eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]),
      );
    }
    const rows = await select
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const data = [];
    for (const row of page) data.push(await this.summary(ctx, row));
    const last = page.at(-1);
    return { data, nextCursor: rows.length > limit && last ? `${last.created_at}|${last.id}` : null };
  }

  /** `GET …/estimate`: what the campaign costs by the price table (campaign-estimate.ts). */
  async estimate(organizationId: string, campaignId: string): Promise<CampaignEstimateRecord> {
    const ctx = orgContext(this.deps, this.deps.db, organizationId);
    return estimateCampaign(ctx, await this.find(ctx, campaignId));
  }

  /** `POST …/audience`: a CSV's rows as customers of the draft's audience (campaign-csv.ts). */
  async importCsv(organizationId: string, campaignId: string, bytes: Buffer, profileId: string | null): Promise<CsvImportResult> {
    return importAudienceCsv(this.deps, organizationId, campaignId, bytes, profileId);
  }

  async update(organizationId: string, campaignId: string, input: UpdateCampaignInput): Promise<CampaignRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const row = await this.find(ctx, campaignId);
      if (row.status !== 'draft') throw new AppError('INVALID_TRANSITION', `The campaign is ${row.status}; only a draft can be edited`);
      if (input.channelId) await this.channelOf(ctx, input.channelId);
      const set = {
        name: input.name ?? row.name,
        channel_id: input.channelId ?? row.channel_id,
        audience: input.audience ? toJson(input.audience) : row.audience,
        message: input.message ? toJson({ input: input.message }) : row.message,
        schedule_at: input.scheduleAt ? new Date(input.scheduleAt).toISOString() : row.schedule_at,
        reply_window_hours: input.replyWindowHours ?? row.reply_window_hours,
        updated_at: ctx.now,
      };
      await ctx.q.updateTable('campaigns').set(set).where('id', '=', campaignId).execute();
      return this.record(ctx, { ...row, ...set });
    });
  }

  /** draft → scheduled: the message resolved (a template checked and its content built), the run job at scheduleAt. */
  async start(organizationId: string, campaignId: string, scheduleAt: string | undefined): Promise<CampaignRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const row = await this.find(ctx, campaignId);
      if (row.status !== 'draft') throw new AppError('INVALID_TRANSITION', `The campaign is ${row.status}; only a draft can be started`);
      const channel = await this.channelOf(ctx, row.channel_id);
      const input = fromJson<{ input: CampaignMessageInput }>(row.message, { input: { type: 'text', content: {} } }).input;
      const resolved =
        'templateId' in input
          ? {
              type: 'template',
              content: await this.deps.sendTemplate.templateContent(
                organizationId,
                { kind: channel.kind, channelId: channel.id },
                input,
                trx,
              ),
            }
          : { type: input.type, content: input.content };
      const at = scheduleAt ? new Date(scheduleAt).toISOString() : row.schedule_at;
      // What it was priced at when started: kept, so the record shows it beside the cost so far.
      const estimate = toJson(await estimateCampaign(ctx, row));
      const set = { status: 'scheduled', schedule_at: at, message: toJson({ input, resolved }), estimate, updated_at: ctx.now };
      await ctx.q.updateTable('campaigns').set(set).where('id', '=', campaignId).execute();
      await this.deps.queue.enqueue(trx, {
        type: CAMPAIGN_RUN_JOB,
        organizationId,
        payload: { campaignId },
        ...(at ? { runAt: new Date(at) } : {}),
      });
      return this.record(ctx, { ...row, ...set });
    });
  }

  async pause(organizationId: string, campaignId: string, profileId: string | null): Promise<CampaignRecord> {
    return this.move(organizationId, campaignId, ['scheduled', 'running'], 'paused', async (ctx) => {
      await ctx.emit('campaign.paused', { campaign_id: campaignId, profile_id: profileId });
    });
  }

  /** paused → running (or scheduled when it had not begun), with a run job to go on (at scheduleAt when still ahead). */
  async resume(organizationId: string, campaignId: string): Promise<CampaignRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const row = await this.find(ctx, campaignId);
      if (row.status !== 'paused')
        throw new AppError('INVALID_TRANSITION', `The campaign is ${row.status}; only a paused one can be resumed`);
      const status = row.started_at ? 'running' : 'scheduled';
      await ctx.q.updateTable('campaigns').set({ status, updated_at: ctx.now }).where('id', '=', campaignId).execute();
      // Back to scheduled: the run waits for scheduleAt again, as start's did.
      const runAt = status === 'scheduled' && row.schedule_at && row.schedule_at > ctx.now ? new Date(row.schedule_at) : undefined;
      await this.deps.queue.enqueue(trx, { type: CAMPAIGN_RUN_JOB, organizationId, payload: { campaignId }, ...(runAt ? { runAt } : {}) });
      return this.record(ctx, { ...row, status, updated_at: ctx.now });
    });
  }

  async cancel(organizationId: string, campaignId: string, profileId: string | null): Promise<CampaignRecord> {
    return this.move(organizationId, campaignId, ['draft', 'scheduled', 'running', 'paused'], 'cancelled', async (ctx) => {
      await ctx.emit('campaign.cancelled', { campaign_id: campaignId, profile_id: profileId });
    });
  }

  async recipients(organizationId: string, campaignId: string, query: { status?: string; cursor?: string; limit?: number }) {
    const ctx = orgContext(this.deps, this.deps.db, organizationId);
    await this.find(ctx, campaignId);
    const limit = query.limit ?? 100;
    let select = ctx.q
      .selectFrom('campaign_recipients')
      .leftJoin('messages', 'messages.id', 'campaign_recipients.message_id')
      .select([
        'campaign_recipients.id',
        'campaign_recipients.customer_id',
        'campaign_recipients.message_id',
        'campaign_recipients.status',
        'campaign_recipients.reason',
        'campaign_recipients.error',
        'messages.status as message_status',
        'messages.error_code',
      ])
      .where('campaign_recipients.campaign_id', '=', campaignId);
    if (query.cursor) select = select.where('campaign_recipients.id', '>', query.cursor);
    const rows = await select
      .orderBy('campaign_recipients.id')
      .limit(limit * 4 + 1)
      .execute();
    // The recipient's status follows its message once sent (sent, delivered, read, failed).
    const shaped = rows.map((r) => ({
      id: r.id,
      customerId: r.customer_id,
      messageId: r.message_id,
      status:
        r.status === 'sent' && r.message_status && r.message_status !== 'pending'
          ? r.message_status
          : r.status === 'sent' && r.message_status === 'pending'
            ? 'queued'
            : r.status,
      reason: r.reason,
      error: r.error ?? r.error_code ?? null,
    }));
    const filtered = query.status ? shaped.filter((r) => r.status === query.status) : shaped;
    const page = filtered.slice(0, limit);
    const more = filtered.length > limit || rows.length > limit * 4;
    const last = page.at(-1)?.id ?? rows.at(-1)?.id ?? null;
    return { data: page.map(({ id: _id, ...r }) => r), nextCursor: more ? last : null };
  }

  private async move(
    organizationId: string,
    campaignId: string,
    from: CampaignStatus[],
    to: CampaignStatus,
    after: (ctx: OrgContext) => Promise<void>,
  ): Promise<CampaignRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const row = await this.find(ctx, campaignId);
      if (!(from as string[]).includes(row.status))
        throw new AppError('INVALID_TRANSITION', `The campaign is ${row.status}; it cannot become ${to}`);
      const set = { status: to, updated_at: ctx.now, ...(to === 'cancelled' ? { finished_at: ctx.now } : {}) };
      await ctx.q.updateTable('campaigns').set(set).where('id', '=', campaignId).execute();
      await after(ctx);
      return this.record(ctx, { ...row, ...set });
    });
  }

  private async find(ctx: OrgContext, campaignId: string): Promise<Row> {
    const row = await ctx.q.selectFrom('campaigns').selectAll().where('id', '=', campaignId).executeTakeFirst();
    if (!row) throw new AppError('CAMPAIGN_NOT_FOUND', 'Campaign not found');
    return row;
  }

  private async channelOf(ctx: OrgContext, channelId: string) {
    const channel = await ctx.q.selectFrom('channels').select(['id', 'kind']).where('id', '=', channelId).executeTakeFirst();
    if (!channel) throw validationError([{ field: 'channelId', message: 'is not a channel of this organization' }]);
    return channel;
  }

  private async record(ctx: OrgContext, row: Row): Promise<CampaignRecord> {
    const table = await loadPriceTable(ctx.trx);
    const stored = row.estimate ? fromJson<CampaignEstimateRecord | null>(row.estimate, null) : null;
    return {
      ...(await this.summary(ctx, row)),
      estimate: row.status === 'draft' || !stored ? await estimateCampaign(ctx, row, table) : stored,
      cost: await campaignCost(ctx, row.id, table),
    };
  }

  private async summary(ctx: OrgContext, row: Row): Promise<CampaignSummaryRecord> {
    return {
      id: row.id,
      name: row.name,
      channelId: row.channel_id,
      status: row.status as CampaignStatus,
      audience: fromJson<AudienceInput>(row.audience, {}),
      message: fromJson<{ input: CampaignMessageInput }>(row.message, { input: { type: 'text', content: {} } }).input,
      scheduleAt: row.schedule_at,
      replyWindowHours: row.reply_window_hours,
      counts: await countsOf(ctx, row.id, row.reply_window_hours),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    };
  }
}

/** The live counts: recipient rows and, once sent, their messages' statuses; replies within the window. */
export async function countsOf(ctx: OrgContext, campaignId: string, replyWindowHours: number): Promise<CampaignRecord['counts']> {
  const rows = await ctx.q
    .selectFrom('campaign_recipients')
    .leftJoin('messages', 'messages.id', 'campaign_recipients.message_id')
    .select(['campaign_recipients.status', 'campaign_recipients.reason', 'messages.status as message_status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_recipients.campaign_id', '=', campaignId)
    .groupBy(['campaign_recipients.status', 'campaign_recipients.reason', 'messages.status'])
    .execute();
  const counts = {
    audience: 0,
    queued: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    skipped: { optedOut: 0, noContact: 0, capped: 0, duplicate: 0 },
  };
  for (const r of rows) {
    const n = Number(r.n);
    counts.audience += n;
    if (r.status === 'skipped') counts.skipped[(r.reason ?? 'noContact') as keyof typeof counts.skipped] += n;
    else if (r.status === 'queued' || (r.status === 'sent' && r.message_status === 'pending')) counts.queued += n;
    else if (r.status === 'failed' || r.message_status === 'failed') counts.failed += n;
    else if (r.status === 'sent') {
      counts.sent += n;
      if (r.message_status === 'delivered' || r.message_status === 'read') counts.delivered += n;
      if (r.message_status === 'read') counts.read += n;
    }
  }
  const windowMs = replyWindowHours * 3_600_000;
  const replied = await ctx.q
    .selectFrom('campaign_recipients')
    .innerJoin('messages', 'messages.id', 'campaign_recipients.message_id')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .select(['messages.created_at', 'chats.last_inbound_at'])
    .where('campaign_recipients.campaign_id', '=', campaignId)
    .where('chats.last_inbound_at', 'is not', null)
    .execute();
  // The chat's latest customer message after the campaign message and within the window.
  counts.replied = replied.filter((r) => {
    const [sent, wrote] = [Date.parse(r.created_at), Date.parse(r.last_inbound_at!)];
    return wrote > sent && wrote - sent <= windowMs;
  }).length;
  return counts;
}
