/**
 * SLA deadlines (DESIGN §12 "SLA"): when the customer first writes in a chat, its deadlines are set
 * from the targets (sla-settings.ts) in the organization's business time (business-hours/), and a
 * `chats.sla_check` job is written for each, due at the deadline, in the transaction that stores the
 * message. At the deadline the job decides: the target was met (an agent replied, or the chat closed,
 * in time) or it is breached, which is recorded once on the chat (a conditional update: a job run
 * twice fires nothing twice) with `chat.sla_breached`.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue, JobPayloads } from '../../jobs/job-payloads.js';
import { JOB_PRIORITY_TIMER, type ClaimedJob, type JobContext } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import { addBusinessMillis, businessCalendarOf, type BusinessSettings } from '../business-hours/index.js';
import { type CustomerWroteListener, type InboundNotice, orgContext, type OrgContext } from '../shared/index.js';
import { slaTargetsFor, type SlaSettings, type SlaTarget } from './sla-settings.js';

export const SLA_CHECK_JOB = 'chats.sla_check' as const;
export type SlaCheckPayload = JobPayloads[typeof SLA_CHECK_JOB];

export interface SlaDeps {
  db: Kysely<DB>;
  events: EventLog;
  clock: Clock;
  queue: AppJobQueue;
}

const DUE_COLUMN = { first_response: 'sla_first_response_due_at', resolution: 'sla_resolution_due_at' } as const;
const BREACHED_COLUMN = { first_response: 'sla_first_response_breached_at', resolution: 'sla_resolution_breached_at' } as const;

/** A deadline `minutes` of business time after `from` (plain time when no business hours are set). */
export function slaDeadline(from: number, minutes: number, settings: BusinessSettings): number | undefined {
  const calendar = businessCalendarOf(settings);
  const ms = minutes * 60_000;
  return calendar.hours ? addBusinessMillis(from, ms, calendar.hours, calendar.holidays, calendar.timeZone) : from + ms;
}

export class SlaTimers implements CustomerWroteListener {
  constructor(private readonly deps: SlaDeps) {}

  async customerWrote(ctx: OrgContext, notice: InboundNotice): Promise<void> {
    const chat = await ctx.q
      .selectFrom('chats')
      .select(['team_id', 'first_customer_message_at', 'sla_first_response_due_at', 'sla_resolution_due_at'])
      .where('id', '=', notice.chatId)
      .executeTakeFirst();
    // Only the customer's first message in the chat starts the clocks.
    if (!chat || chat.sla_first_response_due_at || chat.sla_resolution_due_at) return;
    const message = await ctx.q.selectFrom('messages').select('created_at').where('id', '=', notice.messageId).executeTakeFirst();
    if (!message || (chat.first_customer_message_at && chat.first_customer_message_at < message.created_at)) return;
    const org = await ctx.trx.selectFrom('organizations').select('settings').where('id', '=', ctx.organizationId).executeTakeFirst();
    const settings = fromJson<BusinessSettings & { sla?: SlaSettings }>(org?.settings, {});
    const targets = slaTargetsFor(settings.sla, chat.team_id);
    const from = Date.parse(message.created_at);
    for (const target of ['first_response', 'resolution'] as const) {
      const minutes = targets[target];
      const due = minutes === undefined ? undefined : slaDeadline(from, minutes, settings);
      if (due === undefined) continue;
      const dueAt = new Date(due).toISOString();
      await ctx.q
        .updateTable('chats')
        .set({ [DUE_COLUMN[target]]: dueAt })
        .where('id', '=', notice.chatId)
        .execute();
      await this.deps.queue.enqueue(ctx.trx, {
        type: SLA_CHECK_JOB,
        organizationId: ctx.organizationId,
        payload: { chatId: notice.chatId, target },
        runAt: new Date(due),
        priority: JOB_PRIORITY_TIMER,
      });
    }
  }

  /** The `chats.sla_check` job: at the deadline, met or breached (recorded once, with its event). */
  async runCheck(job: ClaimedJob<SlaCheckPayload>, context?: JobContext): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, job.organizationId ?? '');
      await this.check(ctx, job.payload.chatId, job.payload.target as SlaTarget);
      await context?.completeIn(trx);
    });
  }

  private async check(ctx: OrgContext, chatId: string, target: SlaTarget): Promise<void> {
    const chat = await ctx.q.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
    const due = chat?.[DUE_COLUMN[target]];
    if (!chat || !due || chat[BREACHED_COLUMN[target]]) return;
    const inTime = (at: string | null) => at !== null && at <= due;
    const met = target === 'first_response' ? inTime(chat.first_agent_reply_at) || inTime(chat.closed_at) : inTime(chat.closed_at);
    if (met) return;
    if (ctx.now < due) {
      // Claimed before its time (another clock): look again at the deadline.
      await this.deps.queue.enqueue(ctx.trx, {
        type: SLA_CHECK_JOB,
        organizationId: ctx.organizationId,
        payload: { chatId, target },
        runAt: new Date(due),
        priority: JOB_PRIORITY_TIMER,
      });
      return;
    }
    const result = await ctx.q
      .updateTable('chats')
      .set({ [BREACHED_COLUMN[target]]: ctx.now })
      .where('id', '=', chatId)
      .where(BREACHED_COLUMN[target], 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return;
    await ctx.emit('chat.sla_breached', {
      chat_id: chatId,
      target,
      due_at: due,
      team_id: chat.team_id,
      assignee_profile_id: chat.assignee_profile_id,
    });
  }
}
