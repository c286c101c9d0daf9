/**
 * Customer satisfaction (DESIGN.md §12 "Satisfaction"; docs/csat.md). Two hooks, one each:
 *   - a chat closed (ChatLifecycle's close listeners): with `settings.csat.enabled`, the question
 *     is stored in the chat and handed to a `messages.send` job (sent after the commit, never inside
 *     it), and `csat_requested_at` is set; a template on an official channel when `templateId` is set;
 *   - a customer's message (inbound-messages.ts, before any chat is found or opened): when it is a
 *     rating (csat-rating.ts), the contact has no active chat on the channel, and a chat of theirs
 *     there was asked within 24 hours and not rated yet, the message goes into that closed chat,
 *     the rating is stored and `chat.rated` fires; no new chat is opened.
 */
import type { Kysely } from 'kysely';
import { capabilitiesOf } from '../../channels/registry.js';
import type { NormalizedEvent } from '../../channels/provider.js';
import type { DB } from '../../db/schema.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import { fromJson } from '../../lib/json.js';
import { type ChatDelivery, deliveryChannel, type OutboundDraft } from '../delivery/index.js';
import { type ChatRow, type InboundChannel, type RatingCatcher, SendTemplateService } from '../chats/index.js';
import { activeChatOf, type OrgContext } from '../shared/index.js';
import { SEND_JOB } from '../messages/index.js';
import { ratingOf } from './csat-rating.js';
import { RATING_WINDOW_MS, type CsatSettings } from './csat-settings.js';

export interface SatisfactionDeps {
  delivery: ChatDelivery;
  queue: AppJobQueue;
}

export class Satisfaction implements RatingCatcher {
  constructor(private readonly deps: SatisfactionDeps) {}

  /** A chat was closed: ask for a rating when the organization wants it. */
  async chatClosed(ctx: OrgContext, chat: ChatRow): Promise<void> {
    const org = await ctx.trx.selectFrom('organizations').select('settings').where('id', '=', ctx.organizationId).executeTakeFirst();
    const csat = fromJson<{ csat?: CsatSettings }>(org?.settings, {}).csat;
    if (!csat?.enabled) return;
    const channel = await deliveryChannel(ctx.trx as Kysely<DB>, ctx.organizationId, chat.channel_id);
    if (!channel) return;
    const draft = await this.question(ctx, csat, channel.kind, chat.channel_id);
    const messageId = await this.deps.delivery.storeForJob(ctx.trx, channel, { id: chat.id, contact: chat.contact }, draft);
    await ctx.q.updateTable('chats').set({ csat_requested_at: ctx.now }).where('id', '=', chat.id).execute();
    await this.deps.queue.enqueue(ctx.trx, { type: SEND_JOB, organizationId: ctx.organizationId, payload: { messageId } });
  }

  async ratedChat(
    ctx: OrgContext,
    channel: InboundChannel,
    event: Extract<NormalizedEvent, { kind: 'inbound' }>,
    sender: string | undefined,
  ) {
    const text = event.content.text;
    const rating = typeof text === 'string' ? ratingOf(text) : null;
    if (rating === null || sender === undefined) return undefined;
    const active = await activeChatOf(ctx.q, channel.id, sender).select('id').executeTakeFirst();
    if (active) return undefined;
    const asked = await ctx.q
      .selectFrom('chats')
      .select(['id', 'customer_id', 'contact'])
      .where('channel_id', '=', channel.id)
      .where('contact', '=', sender)
      .where('status', '=', 'closed')
      .where('rating', 'is', null)
      .where('csat_requested_at', '>=', new Date(Date.parse(ctx.now) - RATING_WINDOW_MS).toISOString())
      // Not answered with anything else yet: the rating is the customer's next message.
      .where((eb) => eb.or([eb('last_inbound_at', 'is', null), eb('last_inbound_at', '<=', eb.ref('csat_requested_at'))]))
      .orderBy('csat_requested_at', 'desc')
      .executeTakeFirst();
    if (!asked) return undefined;
    return { chatId: asked.id, customerId: asked.customer_id, contact: asked.contact, chatCreated: false, rating };
  }

  async rate(ctx: OrgContext, chat: { chatId: string; customerId: string; rating: number }, messageId: string): Promise<void> {
    await ctx.q
      .updateTable('chats')
      .set({ rating: chat.rating, rated_at: ctx.now, last_inbound_at: ctx.now })
      .where('id', '=', chat.chatId)
      .execute();
    await ctx.emit('chat.rated', { chat_id: chat.chatId, customer_id: chat.customerId, rating: chat.rating, message_id: messageId });
  }

  /** The question: the approved template on a channel that sends templates (when one is set), else the text. */
  private async question(ctx: OrgContext, csat: CsatSettings, kind: string, channelId: string): Promise<OutboundDraft> {
    const automatic = { senderProfileId: null, source: 'flow' as const };
    if (csat.templateId && capabilitiesOf(kind).templates) {
      // Read in this transaction: the template service is given it as its database.
      const templates = new SendTemplateService({ db: ctx.trx as Kysely<DB>, delivery: this.deps.delivery });
      const content = await templates.templateContent(ctx.organizationId, { kind, channelId }, { templateId: csat.templateId });
      return { type: 'template', content, ...automatic };
    }
    return { type: 'text', content: { text: csat.message }, ...automatic };
  }
}
