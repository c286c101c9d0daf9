/**
 * A scheduled message at its `sendAt` (the `scheduled_messages.send` job, DESIGN.md §10). One
 * transaction decides and records it, with the job completed inside it (`completeIn`):
 *   - cancelled (`customer_replied`) when the customer wrote after it was scheduled and it was
 *     asked to (a backstop: the customer's message cancels it at once, scheduled-messages.service.ts);
 *   - cancelled (`opted_out`) when the customer opted out of bulk messages (opt-out.ts);
 *   - failed (`OUTSIDE_WINDOW`) when it is free-form and WhatsApp's 24-hour window is closed (the
 *     send endpoint's rule, whatsapp-window.ts); failed (`CHANNEL_NOT_FOUND`) when its channel is gone;
 *   - otherwise sent: its outbound message is created (scheduled-outbound.ts) in the chat, or, if the
 *     chat was closed meanwhile, in the contact's active chat on that channel (found or opened, as
 *     the send endpoint does), and the row becomes `sent` (`scheduled_message.sent`).
 * The row's conditional move out of `scheduled` is the claim: a job run again after a crash finds
 * it ended and does nothing, so nothing is sent twice; a crash before the commit leaves both the row
 * and the job as they were, and the job runs again.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue, ScheduledSendPayload } from '../../jobs/job-payloads.js';
import type { ClaimedJob, JobContext } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { fromJson } from '../../lib/json.js';
import type { MessageType } from '../../channels/provider.js';
import { findOrCreateActiveChat, type ChatDelivery, deliveryChannel } from '../delivery/index.js';
import { ACTIVE_CHAT_STATUSES, assertWindowOpen, orgContext, type OrgContext } from '../shared/index.js';
import { customerOptedOut } from './opt-out.js';
import { endScheduled, type ScheduledRow } from './scheduled-record.js';
import { createScheduledOutbound } from './scheduled-outbound.js';

export interface ScheduledSendDeps {
  db: Kysely<DB>;
  events: EventLog;
  clock: Clock;
  queue: AppJobQueue;
  delivery: ChatDelivery;
}

export class ScheduledSender {
  constructor(private readonly deps: ScheduledSendDeps) {}

  async runSendJob(job: ClaimedJob<ScheduledSendPayload>, context?: JobContext): Promise<void> {
    const organizationId = job.organizationId ?? '';
    await this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const row = await ctx.q
        .selectFrom('scheduled_messages')
        .selectAll()
        .where('id', '=', job.payload.scheduledMessageId)
        .where('status', '=', 'scheduled')
        .executeTakeFirst();
      if (row) await this.decide(ctx, row);
      await context?.completeIn(trx);
    });
  }

  private async decide(ctx: OrgContext, row: ScheduledRow): Promise<void> {
    if (row.cancel_if_customer_replies === 1 && (await this.customerWroteSince(ctx, row.customer_id, row.created_at)))
      return void (await endScheduled(ctx, row, { status: 'cancelled', reason: 'customer_replied' }));
    if (await customerOptedOut(ctx, row.customer_id))
      return void (await endScheduled(ctx, row, { status: 'cancelled', reason: 'opted_out' }));
    const channel = await deliveryChannel(ctx.trx as Kysely<DB>, ctx.organizationId, row.channel_id);
    if (!channel) {
      const message = "The chat's channel was removed or made inactive before the message was due";
      return void (await endScheduled(ctx, row, { status: 'failed', reason: 'CHANNEL_NOT_FOUND', message }));
    }
    const chat = await ctx.q
      .selectFrom('chats')
      .select(['id', 'contact', 'status', 'last_inbound_at'])
      .where('id', '=', row.chat_id)
      .executeTakeFirstOrThrow();
    if (channel.enforceWhatsAppWindow) {
      try {
        assertWindowOpen(row.type, chat.last_inbound_at, new Date(ctx.now));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return void (await endScheduled(ctx, row, { status: 'failed', reason: 'OUTSIDE_WINDOW', message: err.message }));
      }
    }
    const target = (ACTIVE_CHAT_STATUSES as readonly string[]).includes(chat.status)
      ? chat
      : {
          id: (await findOrCreateActiveChat(ctx, { channelId: row.channel_id, customerId: row.customer_id, contact: chat.contact })).chatId,
          contact: chat.contact,
        };
    const draft = {
      type: row.type as MessageType,
      content: fromJson<Record<string, unknown>>(row.content, {}),
      senderProfileId: row.created_by_profile_id,
      // The scheduled row does not keep whether a key or a session created it: 'api' (docs/messaging.md).
      source: 'api' as const,
    };
    const messageId = await createScheduledOutbound(ctx, this.deps, channel, target, draft);
    if (await endScheduled(ctx, row, { status: 'sent', messageId })) {
      await ctx.emit('scheduled_message.sent', {
        scheduled_message_id: row.id,
        chat_id: target.id,
        message_id: messageId,
        send_at: row.send_at,
      });
    }
  }

  /** The customer's latest message in any of their chats came after `since`. */
  private async customerWroteSince(ctx: OrgContext, customerId: string, since: string): Promise<boolean> {
    const chats = await ctx.q.selectFrom('chats').select('last_inbound_at').where('customer_id', '=', customerId).execute();
    return chats.some((c) => c.last_inbound_at !== null && Date.parse(c.last_inbound_at) > Date.parse(since));
  }
}
