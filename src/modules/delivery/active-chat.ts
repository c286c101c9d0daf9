/**
 * Every message belongs to a chat (DESIGN.md §4): the active chat of a contact on a channel is found
 * or created here, inside the caller's transaction. A chat created this way is `pending` and nobody
 * attends it; attending is the chat endpoints' business.
 */
import type { Selectable } from 'kysely';
import type { ChatsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { type EventDraft, type OrgContext, ACTIVE_CHAT_STATUSES, activeChatOf, type ChatStatus } from '../shared/index.js';

export interface ChatTarget {
  channelId: string;
  customerId: string;
  /** The contact as stored on the customer (chats are keyed on it). */
  contact: string;
  /** What chat create sets on a chat it opens (DESIGN.md §6, §7); absent elsewhere. */
  teamId?: string | null;
  flow_id?: string | null;
  flow_variables?: string | null;
  context_message?: string | null;
  response_flow_id?: string | null;
}

export async function findOrCreateActiveChat(ctx: OrgContext, target: ChatTarget): Promise<{ chatId: string; created: boolean }> {
  const existing = await activeChatOf(ctx.q, target.channelId, target.contact).select('id').executeTakeFirst();
  if (existing) return { chatId: existing.id, created: false };
  return { chatId: await createActiveChat(ctx, target), created: true };
}

/**
 * The target's active chat as a whole row, found by one select or answered by its own insert's
 * RETURNING: for a caller that goes on with the row (chat create). `first`: events to record before
 * the chat's, in the same insert (the new customer's).
 *
 * `customerIsNew`: the customer was created in this transaction, so its contact almost never has an
 * active chat, and the insert goes first: one statement instead of a select and an insert. The
 * select is still needed when the insert is refused: a chat keeps the contact it was opened for, so
 * a customer's contact changed since leaves that chat active under the old customer, and it is the
 * answer. The insert skips what a unique index refuses (`on conflict do nothing`, both databases:
 * the one-active-chat index, or the primary key, whose clash the select then misses and the plain
 * insert retries with a new id); a foreign-key failure still throws. A parallel transaction's chat
 * for the contact is waited for and then found by the select, where a plain insert would have met a
 * unique violation and run the caller's unit again (chat-create's writeOnce); the advisory lock of
 * the customer lookup (customers/duplicates.ts) already serializes creates for one contact, so
 * only a path that adds a contact without it could reach that case.
 */
export async function findOrOpenActiveChat(
  ctx: OrgContext,
  target: ChatTarget,
  first: readonly EventDraft[] = [],
  options: { customerIsNew?: boolean } = {},
): Promise<{ chat: Selectable<ChatsTable>; created: boolean }> {
  const withEvents = async (chat: Selectable<ChatsTable>, row: ReturnType<typeof newActiveChat>) => {
    await ctx.emitAll([...first, chatCreated(row)]);
    return { chat, created: true };
  };
  if (options.customerIsNew) {
    const row = newActiveChat(ctx, target);
    const chat = await ctx.trx
      .insertInto('chats')
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (chat) return withEvents(chat, row);
  }
  const existing = await activeChatOf(ctx.q, target.channelId, target.contact).selectAll().executeTakeFirst();
  if (existing) {
    if (first.length > 0) await ctx.emitAll(first);
    return { chat: existing, created: false };
  }
  // A parallel create's chat this transaction cannot see yet makes this insert a unique violation:
  // the caller's unit runs again and then finds it (chat-create's writeOnce).
  const row = newActiveChat(ctx, target);
  return withEvents(await ctx.trx.insertInto('chats').values(row).returningAll().executeTakeFirstOrThrow(), row);
}

/**
 * Opens the target's active chat, for a caller that knows it has none (a customer created in this
 * transaction, whose contact was already looked for): one query fewer than findOrCreateActiveChat.
 * `first`: events to record before the chat's, in the same insert (the new customer's).
 */
export async function createActiveChat(ctx: OrgContext, target: ChatTarget, first: readonly EventDraft[] = []): Promise<string> {
  const values = newActiveChat(ctx, target);
  await ctx.trx.insertInto('chats').values(values).execute();
  await ctx.emitAll([...first, chatCreated(values)]);
  return values.id;
}

/** The row of a new active chat: pending, nobody attending. */
function newActiveChat(ctx: OrgContext, target: ChatTarget) {
  const { now } = ctx;
  return {
    id: newId(),
    organization_id: ctx.organizationId,
    channel_id: target.channelId,
    customer_id: target.customerId,
    contact: target.contact,
    status: 'pending' satisfies ChatStatus,
    team_id: target.teamId ?? null,
    assignee_profile_id: null,
    collaborator_profile_ids: '[]',
    response_flow_id: target.response_flow_id ?? null,
    flow_id: target.flow_id ?? null,
    flow_variables: target.flow_variables ?? null,
    context_message: target.context_message ?? null,
    created_at: now,
    updated_at: now,
    closed_at: null,
  };
}

function chatCreated(chat: ReturnType<typeof newActiveChat>): EventDraft & { type: 'chat.created' } {
  return {
    type: 'chat.created',
    data: { chat_id: chat.id, channel_id: chat.channel_id, customer_id: chat.customer_id, contact: chat.contact, status: 'pending' },
  };
}

/**
 * The active chats of many contacts on one channel, found by one query and the missing ones opened
 * by one insert (with their `chat.created` events by one more): a campaign's batch. Answers chat id
 * by contact. A contact given twice gets one chat (the first target's customer).
 */
export async function findOrCreateActiveChats(
  ctx: OrgContext,
  channelId: string,
  targets: readonly { customerId: string; contact: string }[],
): Promise<Map<string, string>> {
  const chatOf = new Map<string, string>();
  if (targets.length === 0) return chatOf;
  const existing = await ctx.q
    .selectFrom('chats')
    .select(['id', 'contact'])
    .where('channel_id', '=', channelId)
    .where('contact', 'in', [...new Set(targets.map((t) => t.contact))])
    .where('status', 'in', ACTIVE_CHAT_STATUSES)
    .execute();
  for (const chat of existing) chatOf.set(chat.contact, chat.id);
  const opened: ReturnType<typeof newActiveChat>[] = [];
  for (const target of targets) {
    if (chatOf.has(target.contact)) continue;
    const chat = newActiveChat(ctx, { channelId, ...target });
    chatOf.set(target.contact, chat.id);
    opened.push(chat);
  }
  if (opened.length === 0) return chatOf;
  await ctx.trx.insertInto('chats').values(opened).execute();
  await ctx.emitAll(opened.map(chatCreated));
  return chatOf;
}
