/**
 * The chat API's commands (docs/conversations.md "Chat API and lifecycle"): an agent's reply, a
 * status change, the assignee and collaborators. Each change runs in one transaction through
 * `ChatLifecycle`; a chat changed by someone else between our read and our conditional update
 * (CHAT_CHANGED) is read again and the change decided once more, once: the second decision sees
 * the new state (and may refuse with INVALID_TRANSITION). A reply is delivered by `ChatDelivery`
 * outside any transaction, after the replying profile attended the chat.
 */
import type { MessageSource } from '../messages/index.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { demand } from '../../access/permissions.js';
import { AppError } from '../../errors.js';
import type { RecordOutcome } from '../../http/idempotency.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { Clock } from '../../lib/clock.js';
import { orgContext, type OrgContext, type ChatStatus, assertWindowOpen } from '../shared/index.js';
import { type ChatDelivery, type OutboundDraft, loadChatTarget } from '../delivery/index.js';
import { loadChat, type ChangeActor, type ChatLifecycle, type ChatRow } from './chat-lifecycle.service.js';
import { MESSAGE_COLUMNS, UNREAD_STATUS, toChatMessage } from './chat-queries.js';
import { toChatRecord, type ChatRecord } from './chat-record.js';
import type { ChatMessageRecord, ReplyInput } from './chats.schemas.js';

export interface ChatsServiceDeps {
  db: Kysely<DB>;
  events: EventLog;
  clock: Clock;
  lifecycle: ChatLifecycle;
  delivery: ChatDelivery;
}

/** The `reason` of the `chat.status_changed` events the API's own changes write. */
export const API_REASONS = { status: 'agent', assignee: 'assigned', reply: 'attended' } as const;

/** The reply as the message's content (the send endpoint's content shapes, messages.schemas.ts). */
export function replyDraft(input: ReplyInput, senderProfileId: string, source: MessageSource = 'console'): OutboundDraft {
  const type = input.type ?? 'text';
  const caption = input.content === undefined ? {} : { caption: input.content };
  const content: Record<string, unknown> =
    type === 'text'
      ? { text: input.content }
      : type === 'audio'
        ? { url: input.url }
        : type === 'document'
          ? { url: input.url, ...(input.name ? { filename: input.name } : {}), ...caption }
          : { url: input.url, ...caption };
  return { type, content, senderProfileId, source, tempId: input.tempId ?? null };
}

export class ChatsService {
  constructor(private readonly deps: ChatsServiceDeps) {}

  /** `PUT …/status`: the same status again changes nothing (200); any other refused change is 409. */
  setStatus(organizationId: string, chatId: string, to: ChatStatus, profileId: string): Promise<ChatRecord> {
    return this.change(organizationId, chatId, (ctx, chat) =>
      chat.status === to
        ? Promise.resolve(chat)
        : this.deps.lifecycle.changeStatus(ctx, chat, to, { profileId, reason: API_REASONS.status }),
    );
  }

  /**
   * Without `chats.reassign` (an agent, DESIGN §12) a caller only takes a chat nobody holds, or
   * lets go of its own: giving a chat to someone else, or taking one from another, is 403.
   */
  setAssignee(
    organizationId: string,
    chatId: string,
    assignee: string | null,
    teamId: string | null | undefined,
    profileId: string,
    role?: string,
  ) {
    const actor: ChangeActor = { profileId, reason: API_REASONS.assignee };
    return this.change(organizationId, chatId, (ctx, chat) => {
      const others = [assignee, chat.assignee_profile_id].filter((id) => id !== null && id !== profileId);
      if (others.length > 0) demand(role, 'chats.reassign');
      return this.deps.lifecycle.assign(ctx, chat, assignee, teamId, actor);
    });
  }

  addCollaborator(organizationId: string, chatId: string, collaborator: string): Promise<ChatRecord> {
    return this.change(organizationId, chatId, (ctx, chat) => this.deps.lifecycle.addCollaborator(ctx, chat, collaborator));
  }

  /**
   * An agent's reply: refused before anything changes when the chat is closed (409 CHAT_CLOSED, as
   * for sequences and send-template), its channel cannot send (422 CHANNEL_DISCONNECTED) or
   * WhatsApp's window is closed (422 WHATSAPP_WINDOW_CLOSED); then the replying profile attends the
   * chat (assignee of an unassigned chat, else collaborator), then the message is delivered into it.
   */
  async reply(
    organizationId: string,
    chatId: string,
    profileId: string,
    input: ReplyInput,
    record?: RecordOutcome<ChatMessageRecord>,
    source: MessageSource = 'api',
  ): Promise<ChatMessageRecord> {
    const { chat, channel } = await loadChatTarget(this.deps.db, organizationId, chatId);
    const draft = replyDraft(input, profileId, source);
    // Checked before attending, so a refused reply changes nothing (ChatDelivery checks it again).
    if (channel.enforceWhatsAppWindow) assertWindowOpen(draft.type, chat.last_inbound_at, this.deps.clock.now());

    await this.change(organizationId, chatId, (ctx, row) => this.deps.lifecycle.attend(ctx, row, profileId));

    // The answer is the message as stored; `record` reads it in each of the delivery's transactions.
    const answer = async (db: Kysely<DB>, messageId: string) =>
      toChatMessage(
        await tenantQueries(db, organizationId)
          .selectFrom('messages')
          .select(MESSAGE_COLUMNS)
          .where('id', '=', messageId)
          .executeTakeFirstOrThrow(),
      );
    const delivered = await this.deps.delivery.intoChat(
      channel,
      { id: chat.id, contact: chat.contact, lastInboundAt: chat.last_inbound_at },
      draft,
      { record: record && (async (trx, state) => record(trx, await answer(trx, state.messageId))) },
    );
    return answer(this.deps.db, delivered.messageId);
  }

  /**
   * An agent opened the chat: the customer's messages still `delivered` become `read`, with one
   * `chat.read` event when any did (other agents' consoles clear the chat's unread count). Unread is
   * the organization's, not each agent's: a shared inbox, as a WhatsApp number read on several phones.
   */
  async markRead(organizationId: string, chatId: string, profileId: string): Promise<{ chatId: string; markedRead: number }> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      const chat = await ctx.q.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirst();
      if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
      const result = await ctx.q
        .updateTable('messages')
        .set({ status: 'read', updated_at: ctx.now })
        .where('chat_id', '=', chatId)
        .where('direction', '=', 'inbound')
        .where('status', '=', UNREAD_STATUS)
        .executeTakeFirst();
      const markedRead = Number(result.numUpdatedRows);
      if (markedRead > 0) await ctx.emit('chat.read', { chat_id: chatId, profile_id: profileId, marked_read: markedRead });
      return { chatId, markedRead };
    });
  }

  /**
   * Runs one change of a chat in a transaction and answers the chat record; on CHAT_CHANGED (the
   * chat moved between the read and the conditional update) reads it again and decides once more.
   */
  private async change(organizationId: string, chatId: string, apply: (ctx: OrgContext, chat: ChatRow) => Promise<ChatRow>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.deps.db.transaction().execute(async (trx): Promise<ChatRecord> => {
          const ctx = orgContext(this.deps, trx, organizationId);
          const changed = await apply(ctx, await loadChat(ctx, chatId));
          const channel = await ctx.q.selectFrom('channels').select('kind').where('id', '=', changed.channel_id).executeTakeFirstOrThrow();
          return toChatRecord(changed, channel.kind);
        });
      } catch (err) {
        if (attempt < 2 && err instanceof AppError && err.code === 'CHAT_CHANGED') continue;
        throw err;
      }
    }
  }
}
