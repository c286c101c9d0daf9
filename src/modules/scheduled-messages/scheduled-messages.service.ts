/**
 * Scheduled messages (DESIGN.md §10 "Scheduled messages and follow-ups"; docs/scheduled-messages.md):
 * scheduling one into a chat (the row and its `scheduled_messages.send` job at `sendAt`, in one
 * transaction), listing a chat's, cancelling one, and cancelling what waits for a customer when the
 * customer writes. Sending when due is scheduled-send.ts.
 */
import type { Kysely } from 'kysely';
import { capabilitiesOf } from '../../channels/registry.js';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError, type ErrorDetail } from '../../errors.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import { JOB_PRIORITY_TIMER } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { toJson } from '../../lib/json.js';
import { deliveryChannel } from '../delivery/index.js';
import { type CustomerWroteListener, type InboundNotice, windowExpiresAt, orgContext, type OrgContext } from '../shared/index.js';
import type { SendTemplateService } from '../chats/index.js';
import { endScheduled, toScheduledRecord, type ScheduledRow } from './scheduled-record.js';
import type { ScheduledListInput, ScheduledMessageRecord, ScheduleInput } from './scheduled-messages.schemas.js';

export const SCHEDULED_SEND_JOB = 'scheduled_messages.send';

/** How far ahead a message may be scheduled. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

export interface ScheduledMessagesDeps {
  db: Kysely<DB>;
  events: EventLog;
  clock: Clock;
  queue: AppJobQueue;
  sendTemplate: SendTemplateService;
}

export class ScheduledMessages implements CustomerWroteListener {
  constructor(private readonly deps: ScheduledMessagesDeps) {}

  async create(organizationId: string, chatId: string, profileId: string, input: ScheduleInput): Promise<ScheduledMessageRecord> {
    const chat = await tenantQueries(this.deps.db, organizationId)
      .selectFrom('chats')
      .select(['id', 'channel_id', 'customer_id', 'last_inbound_at'])
      .where('id', '=', chatId)
      .executeTakeFirst();
    if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
    const now = this.deps.clock.now();
    const errors: ErrorDetail[] = [];
    const sendAt = Date.parse(input.sendAt);
    if (!(sendAt > now.getTime())) errors.push({ field: 'sendAt', message: 'is not in the future' });
    else if (sendAt - now.getTime() > MAX_SCHEDULE_AHEAD_MS) errors.push({ field: 'sendAt', message: 'is more than 366 days ahead' });
    const template = input.templateId !== undefined;
    const freeForm = input.type !== undefined || input.content !== undefined;
    if (template && freeForm) errors.push({ field: 'templateId', message: 'is given with type/content: schedule one or the other' });
    if (!template && !freeForm) errors.push({ field: 'type', message: 'is required (with content), or give templateId' });
    if (freeForm && input.type === undefined) errors.push({ field: 'type', message: 'is required with content' });
    if (freeForm && input.content === undefined) errors.push({ field: 'content', message: 'is required with type' });
    if (!template && input.variables !== undefined) errors.push({ field: 'variables', message: 'goes with templateId' });
    if (errors.length > 0) throw validationError(errors);

    // An inactive channel takes no message; a disconnected one may be back by sendAt (the send retries then).
    const channel = await deliveryChannel(this.deps.db, organizationId, chat.channel_id);
    if (!channel) throw new AppError('CHANNEL_DISCONNECTED', "The chat's channel is inactive");
    let type: string;
    let content: Record<string, unknown>;
    if (input.templateId !== undefined) {
      type = 'template';
      content = await this.deps.sendTemplate.templateContent(organizationId, channel, {
        templateId: input.templateId,
        variables: input.variables,
      });
    } else {
      type = input.type!;
      content = input.content!;
      const kinds = capabilitiesOf(channel.kind).mediaKinds as readonly string[];
      if (type !== 'text' && type !== 'location' && !kinds.includes(type))
        throw validationError([{ field: 'type', message: `a ${channel.kind} channel cannot send ${type} messages` }]);
      // The send endpoint's rule (whatsapp-window.ts), judged at sendAt with what is known now.
      if (channel.enforceWhatsAppWindow) {
        const closes = windowExpiresAt(channel.kind, chat.last_inbound_at);
        if (closes === null || Date.parse(closes) <= sendAt) {
          throw new AppError(
            'OUTSIDE_WINDOW',
            closes === null
              ? 'The customer has not written in this chat: WhatsApp accepts only a template until they do (schedule one with templateId)'
              : `WhatsApp's 24-hour window closes at ${closes}, before sendAt: schedule a template (templateId) or an earlier time`,
          );
        }
      }
    }

    const at = now.toISOString();
    const row: ScheduledRow = {
      id: newId(),
      organization_id: organizationId,
      chat_id: chat.id,
      customer_id: chat.customer_id,
      channel_id: chat.channel_id,
      type,
      content: toJson(content),
      template_id: input.templateId ?? null,
      variables: input.variables === undefined ? null : toJson(input.variables),
      send_at: new Date(sendAt).toISOString(),
      cancel_if_customer_replies: input.cancelIfCustomerReplies === false ? 0 : 1,
      status: 'scheduled',
      reason: null,
      error_message: null,
      message_id: null,
      created_by_profile_id: profileId,
      created_at: at,
      updated_at: at,
      finished_at: null,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.insertInto('scheduled_messages').values(row).execute();
      await this.deps.queue.enqueue(trx, {
        type: SCHEDULED_SEND_JOB,
        organizationId,
        payload: { scheduledMessageId: row.id },
        runAt: new Date(sendAt),
        // A promised moment: once due it goes before immediate work.
        priority: JOB_PRIORITY_TIMER,
      });
    });
    return toScheduledRecord(row);
  }

  /** A chat's scheduled messages in the order they go (sendAt, then id); `cursor` is the last id of the previous page. */
  async list(
    organizationId: string,
    chatId: string,
    query: ScheduledListInput,
  ): Promise<{ data: ScheduledMessageRecord[]; nextCursor: string | null }> {
    const q = tenantQueries(this.deps.db, organizationId);
    const chat = await q.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirst();
    if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
    const limit = query.limit ?? 50;
    let after: { send_at: string; id: string } | undefined;
    if (query.cursor !== undefined) {
      after = await q
        .selectFrom('scheduled_messages')
        .select(['send_at', 'id'])
        .where('id', '=', query.cursor)
        .where('chat_id', '=', chatId)
        .executeTakeFirst();
      if (!after) throw validationError([{ field: 'cursor', message: 'is not a scheduled message of this chat' }]);
    }
    let select = q.selectFrom('scheduled_messages').selectAll().where('chat_id', '=', chatId);
    if (query.status !== undefined) select = select.where('status', 'in', query.status.split(','));
    if (after) {
      const { send_at: sendAt, id } = after;
      select = select.where((eb) => eb.or([eb('send_at', '>', sendAt), eb.and([eb('send_at', '=', sendAt), eb('id', '>', id)])]));
    }
    const rows = await select
      .orderBy('send_at')
      .orderBy('id')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    return { data: page.map(toScheduledRecord), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
  }

  /**
   * `DELETE`: a message still `scheduled` becomes `cancelled` (`cancelled_by_user`); one already
   * cancelled is answered as it is; one sent or failed cannot be cancelled (409 INVALID_TRANSITION).
   */
  async cancel(organizationId: string, chatId: string, id: string, profileId: string): Promise<ScheduledMessageRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const row = await this.find(ctx, chatId, id);
      if (row.status === 'scheduled') {
        if (await endScheduled(ctx, row, { status: 'cancelled', reason: 'cancelled_by_user', profileId }))
          return toScheduledRecord(await this.find(ctx, chatId, id));
      }
      const current = await this.find(ctx, chatId, id);
      if (current.status === 'cancelled') return toScheduledRecord(current);
      throw new AppError('INVALID_TRANSITION', `The scheduled message is ${current.status}: it can no longer be cancelled`);
    });
  }

  /**
   * A customer's message, in the transaction that stores it: every message still waiting for this
   * customer (any of their chats), scheduled before it arrived and asked to, is cancelled (`customer_replied`).
   */
  async customerWrote(ctx: OrgContext, notice: InboundNotice): Promise<void> {
    const at = ctx.now;
    const waiting = await ctx.q
      .selectFrom('scheduled_messages')
      .select(['id', 'chat_id', 'created_at'])
      .where('customer_id', '=', notice.customerId)
      .where('status', '=', 'scheduled')
      .where('cancel_if_customer_replies', '=', 1)
      .execute();
    for (const row of waiting) {
      if (Date.parse(row.created_at) < Date.parse(at)) await endScheduled(ctx, row, { status: 'cancelled', reason: 'customer_replied' });
    }
  }

  private async find(ctx: OrgContext, chatId: string, id: string): Promise<ScheduledRow> {
    const row = await ctx.q
      .selectFrom('scheduled_messages')
      .selectAll()
      .where('id', '=', id)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    if (!row) throw new AppError('SCHEDULED_MESSAGE_NOT_FOUND', 'Scheduled message not found');
    return row;
  }
}
