/**
 * The away message (DESIGN.md §10 "Business hours"): a customer who writes outside the
 * organization's business hours gets `settings.awayMessage` once per chat. Decided in the
 * transaction that stores the customer's message (customer-wrote.ts): the chat's `away_message_at`
 * is set by a conditional UPDATE (the claim: two messages at once send one), and the reply is stored
 * and handed to a `messages.send` job there, so it is sent after the commit, never inside it. It is
 * a conversational reply: the customer just wrote, so WhatsApp's window is open.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import { fromJson } from '../../lib/json.js';
import { type ChatDelivery, deliveryChannel } from '../delivery/index.js';
import type { CustomerWroteListener, InboundNotice, OrgContext } from '../shared/index.js';
import { SEND_JOB } from '../messages/index.js';
import { businessCalendarOf, type BusinessSettings, isWithinBusinessHours } from '../business-hours/index.js';

export interface AwayMessageDeps {
  delivery: ChatDelivery;
  queue: AppJobQueue;
}

export class AwayMessages implements CustomerWroteListener {
  constructor(private readonly deps: AwayMessageDeps) {}

  async customerWrote(ctx: OrgContext, notice: InboundNotice): Promise<void> {
    const org = await ctx.trx.selectFrom('organizations').select('settings').where('id', '=', ctx.organizationId).executeTakeFirst();
    const settings = fromJson<BusinessSettings>(org?.settings, {});
    if (!settings.awayMessage || !settings.businessHours) return;
    const calendar = businessCalendarOf(settings);
    if (isWithinBusinessHours(new Date(ctx.now), settings.businessHours, calendar.holidays, calendar.timeZone)) return;
    const claimed = await ctx.q
      .updateTable('chats')
      .set({ away_message_at: ctx.now })
      .where('id', '=', notice.chatId)
      .where('away_message_at', 'is', null)
      .returning('contact')
      .executeTakeFirst();
    if (!claimed) return;
    const channel = await deliveryChannel(ctx.trx as Kysely<DB>, ctx.organizationId, notice.channelId);
    if (!channel) return;
    const messageId = await this.deps.delivery.storeForJob(
      ctx.trx,
      channel,
      { id: notice.chatId, contact: claimed.contact },
      // An automatic reply, no agent's or API client's: counted with the automations (docs/messaging.md).
      { type: 'text', content: { text: settings.awayMessage }, senderProfileId: null, source: 'flow' },
    );
    await this.deps.queue.enqueue(ctx.trx, { type: SEND_JOB, organizationId: ctx.organizationId, payload: { messageId } });
  }
}
