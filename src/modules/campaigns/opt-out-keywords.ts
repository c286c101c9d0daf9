/**
 * The customer's message as an opt-out or opt-in keyword (DESIGN.md §10 "Opt-out"): the one hook,
 * heard in the transaction that stores every inbound message (chats/customer-wrote.ts). The rule
 * (keywords, the flag, its events) is customers/opt-out.ts; this adds the reply: a customer who just
 * opted out by keyword gets `settings.optOutReply` once (stored and handed to a `messages.send` job
 * here, sent after the commit). It is a conversational reply: the customer just wrote.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import { fromJson } from '../../lib/json.js';
import { type ChatDelivery, deliveryChannel } from '../delivery/index.js';
import type { CustomerWroteListener, InboundNotice, OrgContext } from '../shared/index.js';
import { keywordIntent, optOutSettings, setOptedOut } from '../customers/index.js';
import { SEND_JOB } from '../messages/index.js';

export interface OptOutKeywordDeps {
  delivery: ChatDelivery;
  queue: AppJobQueue;
}

/** Longer than any keyword: a message this long is never one, and is not read further. */
const MAX_KEYWORD_LENGTH = 40;

export class OptOutKeywords implements CustomerWroteListener {
  constructor(private readonly deps: OptOutKeywordDeps) {}

  async customerWrote(ctx: OrgContext, notice: InboundNotice): Promise<void> {
    const message = await ctx.q.selectFrom('messages').select(['type', 'content']).where('id', '=', notice.messageId).executeTakeFirst();
    if (message?.type !== 'text') return;
    const text = fromJson<{ text?: unknown }>(message.content, {}).text;
    if (typeof text !== 'string' || text.length > MAX_KEYWORD_LENGTH) return;
    const settings = await optOutSettings(ctx);
    const intent = keywordIntent(text, settings);
    if (!intent) return;
    const changed = await setOptedOut(ctx, notice.customerId, intent === 'out', { via: 'keyword', keyword: text.trim() });
    if (changed && intent === 'out' && settings.optOutReply) await this.reply(ctx, notice, settings.optOutReply);
  }

  private async reply(ctx: OrgContext, notice: InboundNotice, text: string): Promise<void> {
    const channel = await deliveryChannel(ctx.trx as Kysely<DB>, ctx.organizationId, notice.channelId);
    const chat = await ctx.q.selectFrom('chats').select('contact').where('id', '=', notice.chatId).executeTakeFirst();
    if (!channel || !chat) return;
    const messageId = await this.deps.delivery.storeForJob(
      ctx.trx,
      channel,
      { id: notice.chatId, contact: chat.contact },
      // An automatic reply, as the away message: counted with the automations (docs/messaging.md).
      { type: 'text', content: { text }, senderProfileId: null, source: 'flow' },
    );
    await this.deps.queue.enqueue(ctx.trx, { type: SEND_JOB, organizationId: ctx.organizationId, payload: { messageId } });
  }
}
