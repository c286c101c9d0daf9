/**
 * The chat API's reads (docs/conversations.md "Chat API and lifecycle"): the chat list, one chat
 * and a chat's messages. Pagination as the customer list: by id (UUID v7, so id order is creation
 * order), `limit` + 1 rows read to know whether a next page exists, `nextCursor` the last id given.
 *
 * The list is one query per page, whatever its size: the chats with their channel kind, customer
 * name and newest message (a left join on the id a correlated subquery finds: two index seeks per
 * chat on messages_chat_idx).
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/schema.js';
import { prepareQuery } from '../../db/prepared.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import { fromJson } from '../../lib/json.js';
import { toChatRecord, type ChatRecord } from './chat-record.js';
import { chatsOfTag, tagProbeFor, type TagProbe } from './tag-filter.js';
import { visibleTo, type ChatViewer } from './chat-visibility.js';
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

export type ChatListRecord = ChatRecord & { customerName: string; lastMessage: LastMessage | null; unreadCount: number };

const PREVIEW_LENGTH = 200;

/** An inbound message is stored `delivered`; an agent opening the chat marks it `read` (chats.service.ts markRead). */
export const UNREAD_STATUS = 'delivered';

function pageSize(limit: number | undefined): number {
  return Math.min(Math.max(limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
}

/** A short text for a message: its text, else its caption, else its type in brackets. */
export function previewOf(type: string, content: string): string {
  const parsed = fromJson<Record<string, unknown>>(content, {});
  const text = typeof parsed.text === 'string' ? parsed.text : typeof parsed.caption === 'string' ? parsed.caption : `[${type}]`;
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
}

/** The chats of one page, before what a row shows is joined to them: the caller adds filters, order and limit. */
function chatPage(db: Executor, organizationId: string) {
  return db.selectFrom('chats as c').selectAll('c').where('c.organization_id', '=', organizationId);
}

type ChatPage = ReturnType<typeof chatPage>;

/**
 * A page of chats (`page`, already filtered, ordered and limited) with what an inbox row shows:
 * channel kind, customer name, the newest message (its id by a seek on messages_chat_idx, then the
 * row by the same index) and the unread count (the customer's messages no agent has opened yet:
 * inbound ones still `delivered`, counted on the same index). Aliased tables, so the organization
 * filters are explicit.
 *
 * The page is chosen first, in its own subquery (neither database flattens a subquery with a LIMIT
 * into a join), and only its rows are joined: with the joins and the newest message beside the
 * filters, PostgreSQL at 300,000 chats read every pending chat with its newest message and customer,
 * then sorted them (30,000 rows, 420 ms a page) rather than walking the status index newest first;
 * a tag's page did the same for its 50,000 customers on both databases (docs/capacity.md).
 */
function chatListSelect(db: Executor, organizationId: string, page: ChatPage) {
  return (
    db
      .selectFrom(page.as('c'))
      // CROSS JOIN plus the join conditions in WHERE: the same rows, but SQLite never reorders a CROSS
      // JOIN, so the page stays the outer loop. With statistics (ANALYZE) its planner otherwise started
      // from the channels and scanned every customer: 3.2 s a page at 100,000 customers
      // (docs/performance.md). PostgreSQL plans it as the inner join it is.
      .crossJoin('channels as ch')
      .crossJoin('customers as cu')
      .whereRef('ch.id', '=', 'c.channel_id')
      .whereRef('ch.organization_id', '=', 'c.organization_id')
      .whereRef('cu.id', '=', 'c.customer_id')
      .whereRef('cu.organization_id', '=', 'c.organization_id')
      .leftJoin('messages as lm', (join) =>
        join
          .onRef('lm.organization_id', '=', 'c.organization_id')
          .onRef('lm.chat_id', '=', 'c.id')
          .on((eb) =>
            eb(
              'lm.id',
              '=',
              eb
                .selectFrom('messages as m')
                .select('m.id')
                .whereRef('m.organization_id', '=', 'c.organization_id')
                .whereRef('m.chat_id', '=', 'c.id')
                .orderBy('m.id', 'desc')
                .limit(1),
            ),
          ),
      )
      .selectAll('c')
      .select((eb) => [
        'ch.kind as channel_kind',
        'cu.name as customer_name',
        'lm.id as lm_id',
        'lm.direction as lm_direction',
        'lm.type as lm_type',
        'lm.status as lm_status',
        'lm.content as lm_content',
        'lm.created_at as lm_created_at',
        eb
          .selectFrom('messages as um')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .whereRef('um.organization_id', '=', 'c.organization_id')
          .whereRef('um.chat_id', '=', 'c.id')
          .where('um.direction', '=', 'inbound')
          .where('um.status', '=', UNREAD_STATUS)
          .as('unread_count'),
      ])
      .where('c.organization_id', '=', organizationId)
  );
}

type ChatListRow = Awaited<ReturnType<ReturnType<typeof chatListSelect>['executeTakeFirstOrThrow']>>;

function toChatListRecord(row: ChatListRow): ChatListRecord {
  const { channel_kind, customer_name, lm_id, lm_direction, lm_type, lm_status, lm_content, lm_created_at, unread_count, ...chat } = row;
  const lastMessage: LastMessage | null =
    lm_id === null
      ? null
      : {
          id: lm_id,
          direction: lm_direction as LastMessage['direction'],
          type: lm_type ?? 'text',
          status: lm_status ?? 'pending',
          preview: previewOf(lm_type ?? 'text', lm_content ?? ''),
          createdAt: lm_created_at ?? chat.created_at,
        };
  return { ...toChatRecord(chat, channel_kind), customerName: customer_name, lastMessage, unreadCount: Number(unread_count ?? 0) };
}

/**
 * The list's filters (all but the cursor) as one condition on chat `c`; the counts (chat-counts.ts)
 * use it too. `tagProbe`: how a tag is matched (tag-filter.ts), a list of the tag's customers unless told.
 */
export function chatFilter(
  organizationId: string,
  query: Omit<ChatListInput, 'limit' | 'cursor'>,
  viewer?: ChatViewer,
  tagProbe: TagProbe = 'in',
) {
  return (eb: ExpressionBuilder<DB & { c: DB['chats'] }, 'c'>) => {
    const all: Expression<SqlBool>[] = [];
    if (viewer) all.push(visibleTo(viewer, organizationId)(eb));
    if (query.status) all.push(eb('c.status', 'in', [...new Set(query.status.split(','))]));
    if (query.channelId) all.push(eb('c.channel_id', '=', query.channelId));
    if (query.customerId) all.push(eb('c.customer_id', '=', query.customerId));
    if (query.assigneeProfileId) all.push(eb('c.assignee_profile_id', '=', query.assigneeProfileId));
    if (query.teamId) all.push(eb('c.team_id', '=', query.teamId));
    if (query.unassigned === true) all.push(eb('c.assignee_profile_id', 'is', null));
    if (query.tagId) all.push(chatsOfTag(eb, organizationId, query.tagId, tagProbe));
    if (query.customerWrote !== undefined) all.push(eb('c.last_inbound_at', query.customerWrote ? 'is not' : 'is', null));
    return eb.and(all);
  };
}

export async function listChats(db: Executor, organizationId: string, query: ChatListInput, viewer?: ChatViewer) {
  const limit = pageSize(query.limit);
  const tagProbe = query.tagId ? await tagProbeFor(db, organizationId, query.tagId) : undefined;
  let chats = chatPage(db, organizationId).where(chatFilter(organizationId, query, viewer, tagProbe));
  if (query.cursor) chats = chats.where('c.id', '<', query.cursor);
  const rows = await chatListSelect(db, organizationId, chats.orderBy('c.id', 'desc').limit(limit + 1))
    .orderBy('c.id', 'desc')
    .execute();
  const page = rows.slice(0, limit);
  return { data: page.map(toChatListRecord), nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}

/**
 * The chats of some customers and some chats by id, as list rows, newest first (what a search
 * answers): the viewer's visible ones only.
 */
export async function chatListItemsOf(
  db: Executor,
  organizationId: string,
  of: { customerIds: readonly string[]; chatIds: readonly string[] },
  viewer: ChatViewer,
  limit: number,
): Promise<ChatListRecord[]> {
  if (of.customerIds.length === 0 && of.chatIds.length === 0) return [];
  let page = chatPage(db, organizationId).where((eb) =>
    eb.or([
      ...(of.customerIds.length > 0 ? [eb('c.customer_id', 'in', [...of.customerIds])] : []),
      ...(of.chatIds.length > 0 ? [eb('c.id', 'in', [...of.chatIds])] : []),
    ]),
  );
  if (viewer) page = page.where(visibleTo(viewer, organizationId));
  const rows = await chatListSelect(db, organizationId, page.orderBy('c.id', 'desc').limit(limit)).orderBy('c.id', 'desc').execute();
  return rows.map(toChatListRecord);
}

/** One chat as a list row (what the console refreshes when an event names the chat). */
export async function getChatListItem(db: Executor, organizationId: string, chatId: string): Promise<ChatListRecord> {
  const row = await chatListSelect(db, organizationId, chatPage(db, organizationId).where('c.id', '=', chatId)).executeTakeFirst();
  if (!row) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
  return toChatListRecord(row);
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
  pricing: string | null;
  played_at: string | null;
  error_details: string | null;
  source: string | null;
  reactions: string | null;
  edits: string | null;
  edited_at: string | null;
  deleted_at: string | null;
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
  'pricing',
  'played_at',
  'error_details',
  'source',
  'reactions',
  'edits',
  'edited_at',
  'deleted_at',
] as const;

/** A failed message's error: the vendor's whole one when it gave it (migration 0026), else code and message. */
function errorOf(m: MessageRow): ChatMessageRecord['error'] {
  if (m.status !== 'failed') return null;
  const basic = { code: m.error_code ?? 'FAILED', message: m.error_message ?? 'failed' };
  return { ...fromJson<Record<string, unknown>>(m.error_details, {}), ...basic };
}

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
    error: errorOf(m),
    pricing: fromJson<Record<string, unknown> | null>(m.pricing, null),
    playedAt: m.played_at,
    source: m.source as ChatMessageRecord['source'],
    reactions: fromJson<ChatMessageRecord['reactions']>(m.reactions, []),
    edits: fromJson<ChatMessageRecord['edits']>(m.edits, []),
    editedAt: m.edited_at,
    deletedAt: m.deleted_at,
  };
}

/** The page queries, built once (db/prepared.ts): without a cursor the bound is below (above) every id. */
const FIRST_ID = '00000000-0000-0000-0000-000000000000';
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
type PageParams = { organizationId: string; chatId: string; cursor: string; limit: number };
const oldestFirst = prepareQuery<PageParams>()((db, p) =>
  db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('organization_id', '=', p('organizationId'))
    .where('chat_id', '=', p('chatId'))
    .where('id', '>', p('cursor'))
    .orderBy('id', 'asc')
    .limit(p('limit')),
);
const newestFirst = prepareQuery<PageParams>()((db, p) =>
  db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('organization_id', '=', p('organizationId'))
    .where('chat_id', '=', p('chatId'))
    .where('id', '<', p('cursor'))
    .orderBy('id', 'desc')
    .limit(p('limit')),
);

/** A page of messages as the response body's JSON text: the stored content goes in as stored, unparsed. */
function messagePageJson(rows: MessageRow[], nextCursor: string | null): string {
  const items = rows.map(
    (m) =>
      `{"id":${JSON.stringify(m.id)},"chatId":${JSON.stringify(m.chat_id)},"channelId":${JSON.stringify(m.channel_id)},` +
      `"direction":${JSON.stringify(m.direction)},"type":${JSON.stringify(m.type)},"status":${JSON.stringify(m.status)},` +
      `"content":${m.content || '{}'},"senderProfileId":${JSON.stringify(m.sender_profile_id)},"tempId":${JSON.stringify(m.temp_id)},` +
      `"createdAt":${JSON.stringify(m.created_at)},"updatedAt":${JSON.stringify(m.updated_at)},"error":${JSON.stringify(errorOf(m))},` +
      `"pricing":${m.pricing || 'null'},"playedAt":${JSON.stringify(m.played_at)},` +
      `"source":${JSON.stringify(m.source)},"reactions":${m.reactions || '[]'},"edits":${m.edits || '[]'},` +
      `"editedAt":${JSON.stringify(m.edited_at)},"deletedAt":${JSON.stringify(m.deleted_at)}}`,
  );
  return `{"success":true,"data":[${items.join(',')}],"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/**
 * A chat's messages: oldest first by default; `order=desc` gives the newest first, so the console
 * reads the latest page with one call and older pages by `cursor`. One prepared query on
 * messages_chat_idx (organization_id, chat_id, id); only an empty page looks the chat up (404).
 * Answers the response body as JSON text (the stored contents are not parsed and re-serialized);
 * its shape is `ChatMessagePage` (chats.schemas.ts).
 */
export async function chatMessagesJson(db: Executor, organizationId: string, chatId: string, query: ChatMessagesInput): Promise<string> {
  const limit = pageSize(query.limit);
  const desc = query.order === 'desc';
  const params = { organizationId, chatId, cursor: query.cursor ?? (desc ? LAST_ID : FIRST_ID), limit: limit + 1 };
  const { rows } = await (desc ? newestFirst : oldestFirst).execute(db, params);
  if (rows.length === 0) {
    const chat = await tenantQueries(db, organizationId).selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirst();
    if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
  }
  const page = rows.slice(0, limit);
  return messagePageJson(page, rows.length > limit ? (page[page.length - 1]?.id ?? null) : null);
}
