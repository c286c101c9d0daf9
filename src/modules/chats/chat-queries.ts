/**
 * The chat API's reads (docs/conversations.md "Chat API and lifecycle"): the chat list, one chat
 * and a chat's messages. Pagination as the customer list: by id (UUID v7, so id order is creation
 * order), `limit` + 1 rows read to know whether a next page exists, `nextCursor` the last id given.
 *
 * The list is two queries per page, whatever its size: the chats with their channel kind, customer
 * name and the id of their newest message (a correlated subquery, one index seek per chat on
 * messages_chat_idx), then those newest messages by id.
 */
import type { Executor } from '../../db/executor.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';
import type { ChatRow } from './chat-lifecycle.service.js';
import { toChatRecord, type ChatRecord } from './chat-record.js';
import type { ChatListInput, ChatMessageRecord, ChatMessagesInput } from './chats.schemas.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './chats.schemas.js';

export interface LastMessage {
  id: string;
  direction: 'inbound' | 'outbound';
  type: string;
  status: string;
  preview: string;
  createdAt: string;
}

export type ChatListRecord = ChatRecord & { customerName: string; lastMessage: LastMessage | null };

const PREVIEW_LENGTH = 200;

function pageSize(limit: number | undefined): number {
  return Math.min(Math.max(limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
}

/** A short text for a message: its text, else its caption, else its type in brackets. */
export function previewOf(type: string, content: string): string {
  const parsed = fromJson<Record<string, unknown>>(content, {});
  const text = typeof parsed.text === 'string' ? parsed.text : typeof parsed.caption === 'string' ? parsed.caption : `[${type}]`;
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

export async function listChats(db: Executor, organizationId: string, query: ChatListInput) {
  const limit = pageSize(query.limit);
  // Aliased tables (the joins and the subquery name them), so the organization filters are explicit.
  let select = db
    .selectFrom('chats as c')
    .innerJoin('channels as ch', (join) => join.onRef('ch.id', '=', 'c.channel_id').onRef('ch.organization_id', '=', 'c.organization_id'))
    .innerJoin('customers as cu', (join) => join.onRef('cu.id', '=', 'c.customer_id').onRef('cu.organization_id', '=', 'c.organization_id'))
    .selectAll('c')
    .select(['ch.kind as channel_kind', 'cu.name as customer_name'])
    .select((eb) =>
      eb
        .selectFrom('messages as m')
        .select('m.id')
        .whereRef('m.organization_id', '=', 'c.organization_id')
        .whereRef('m.chat_id', '=', 'c.id')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_message_id'),
    )
    .where('c.organization_id', '=', organizationId);
  if (query.status) select = select.where('c.status', 'in', [...new Set(query.status.split(','))]);
  if (query.channelId) select = select.where('c.channel_id', '=', query.channelId);
  if (query.customerId) select = select.where('c.customer_id', '=', query.customerId);
  if (query.assigneeProfileId) select = select.where('c.assignee_profile_id', '=', query.assigneeProfileId);
  if (query.teamId) select = select.where('c.team_id', '=', query.teamId);
  if (query.cursor) select = select.where('c.id', '<', query.cursor);
  const rows = await select
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);

  const lastIds = page.map((row) => row.last_message_id).filter((id): id is string => typeof id === 'string');
  const last = new Map<string, LastMessage>();
  if (lastIds.length > 0) {
    const messages = await tenantQueries(db, organizationId)
      .selectFrom('messages')
      .select(['id', 'chat_id', 'direction', 'type', 'status', 'content', 'created_at'])
      .where('id', 'in', lastIds)
      .execute();
    for (const m of messages) {
      last.set(m.chat_id, {
        id: m.id,
        direction: m.direction as LastMessage['direction'],
        type: m.type,
        status: m.status,
        preview: previewOf(m.type, m.content),
        createdAt: m.created_at,
      });
    }
  }
  const data: ChatListRecord[] = page.map(({ channel_kind, customer_name, last_message_id: _last, ...chat }) => ({
    ...toChatRecord(chat as ChatRow, channel_kind),
    customerName: customer_name,
    lastMessage: last.get(chat.id) ?? null,
  }));
  return { data, nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}

/** One chat of the organization; another organization's is answered as a missing one. */
export async function getChat(db: Executor, organizationId: string, chatId: string): Promise<ChatRecord> {
  const row = await db
    .selectFrom('chats as c')
    .innerJoin('channels as ch', (join) => join.onRef('ch.id', '=', 'c.channel_id').onRef('ch.organization_id', '=', 'c.organization_id'))
    .selectAll('c')
    .select('ch.kind as channel_kind')
    .where('c.organization_id', '=', organizationId)
    .where('c.id', '=', chatId)
    .executeTakeFirst();
  if (!row) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
  const { channel_kind, ...chat } = row;
  return toChatRecord(chat, channel_kind);
}

interface MessageRow {
  id: string;
  chat_id: string;
  channel_id: string;
  direction: string;
  type: string;
  status: string;
  content: string;
  sender_profile_id: string | null;
  temp_id: string | null;
  created_at: string;
  updated_at: string;
  error_code: string | null;
  error_message: string | null;
}

export const MESSAGE_COLUMNS = [
  'id',
  'chat_id',
  'channel_id',
  'direction',
  'type',
  'status',
  'content',
  'sender_profile_id',
  'temp_id',
  'created_at',
  'updated_at',
  'error_code',
  'error_message',
] as const;

export function toChatMessage(m: MessageRow): ChatMessageRecord {
  return {
    id: m.id,
    chatId: m.chat_id,
    channelId: m.channel_id,
    direction: m.direction as ChatMessageRecord['direction'],
    type: m.type as ChatMessageRecord['type'],
    status: m.status as ChatMessageRecord['status'],
    content: fromJson<Record<string, unknown>>(m.content, {}),
    senderProfileId: m.sender_profile_id,
    tempId: m.temp_id,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
    error: m.status === 'failed' ? { code: m.error_code ?? 'FAILED', message: m.error_message ?? 'failed' } : null,
  };
}

/**
 * A chat's messages: oldest first by default; `order=desc` gives the newest first, so the console
 * reads the latest page with one call and older pages by `cursor`. Two index seeks: the chat (404),
 * then the messages on messages_chat_idx (organization_id, chat_id, id).
 */
export async function listChatMessages(db: Executor, organizationId: string, chatId: string, query: ChatMessagesInput) {
  const limit = pageSize(query.limit);
  const q = tenantQueries(db, organizationId);
  const chat = await q.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirst();
  if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
  const desc = query.order === 'desc';
  let select = q.selectFrom('messages').select(MESSAGE_COLUMNS).where('chat_id', '=', chatId);
  if (query.cursor) select = select.where('id', desc ? '<' : '>', query.cursor);
  const rows = await select
    .orderBy('id', desc ? 'desc' : 'asc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return { data: page.map(toChatMessage), nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}
