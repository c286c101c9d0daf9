/**
 * News about a stored message (DESIGN.md §9 "Per message"), applied to the message itself inside the
 * caller's transaction, never stored as a new message:
 * - a reaction: `reactions` keeps one entry per reactor, replaced when it changes, removed by an
 *   empty emoji. A chat is one customer and one business number, and WhatsApp and Messenger keep
 *   one reaction per account: so there is one `customer` entry and one `agent` entry (the business:
 *   an agent here, whose profile is named, or someone on the phone). The vendor's echo of an agent's
 *   reaction finds the same emoji already there and changes nothing.
 * - an edit: the content replaced, the earlier one appended to `edits`, `edited_at` set.
 * - a delete: `deleted_at` set; the content stays (the organization's record).
 * Each applied change records its event (`message.reaction`, `message.edited`, `message.deleted`);
 * one that changes nothing (a redelivered callback) records nothing. The message is named by the
 * provider's id on the channel; `unknown` when there is none (yet): see provider-callbacks.service.
 */
import type { MessageNewsEvent } from '../../channels/provider.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { OrgContext } from '../shared/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ReactionFrom = 'customer' | 'agent';

export interface Reaction {
  emoji: string;
  from: ReactionFrom;
  profileId?: string;
  at: string;
}

export interface Edit {
  content: Record<string, unknown>;
  at: string;
}

interface Target {
  id: string;
  chat_id: string;
  type: string;
  content: string;
  reactions: string | null;
  edits: string | null;
  deleted_at: string | null;
}

export type NewsOutcome = 'applied' | 'ignored' | 'unknown';

/** Applies a vendor's news to the message it names on the channel. */
export async function applyMessageNews(
  ctx: OrgContext,
  channelId: string,
  event: MessageNewsEvent,
  options: { byOwnId?: boolean } = {},
): Promise<NewsOutcome> {
  const select = () =>
    ctx.q
      .selectFrom('messages')
      .select(['id', 'chat_id', 'type', 'content', 'reactions', 'edits', 'deleted_at'])
      .where('channel_id', '=', channelId);
  // The sandbox names a message by its provider id or by our own id (sandbox-news.ts).
  const target =
    (await select().where('provider_message_id', '=', event.target).executeTakeFirst()) ??
    (options.byOwnId && UUID.test(event.target) ? await select().where('id', '=', event.target).executeTakeFirst() : undefined);
  if (!target) return 'unknown';
  const at = event.occurredAt ?? ctx.now;
  switch (event.kind) {
    case 'reaction':
      return (await setReaction(ctx, target, { emoji: event.emoji, from: event.byBusiness ? 'agent' : 'customer', at }))
        ? 'applied'
        : 'ignored';
    case 'edit':
      return applyEdit(ctx, target, event, at);
    case 'delete':
      return applyDelete(ctx, target, at);
  }
}

/** The reactions once `reaction` is applied (its reactor's entry replaced, or removed by ''), or undefined when nothing changes. */
export function reactionsWith(current: Reaction[], reaction: Reaction): Reaction[] | undefined {
  const others = current.filter((entry) => entry.from !== reaction.from);
  const mine = current.find((entry) => entry.from === reaction.from);
  if (reaction.emoji === '') return mine ? others : undefined;
  if (mine?.emoji === reaction.emoji && (reaction.profileId === undefined || mine.profileId === reaction.profileId)) return undefined;
  return [
    ...others,
    { emoji: reaction.emoji, from: reaction.from, ...(reaction.profileId ? { profileId: reaction.profileId } : {}), at: reaction.at },
  ];
}

/**
 * Sets (or removes) a reaction on a message we hold; answers whether anything changed (and then
 * `message.reaction` was recorded). Shared by the vendors' callbacks and the agents' endpoint.
 */
export async function setReaction(
  ctx: OrgContext,
  target: { id: string; chat_id: string; reactions: string | null },
  reaction: Reaction,
): Promise<boolean> {
  const next = reactionsWith(fromJson<Reaction[]>(target.reactions, []), reaction);
  if (!next) return false;
  await ctx.q
    .updateTable('messages')
    .set({ reactions: next.length > 0 ? toJson(next) : null, updated_at: ctx.now })
    .where('id', '=', target.id)
    .execute();
  await ctx.emit(
    'message.reaction',
    {
      message_id: target.id,
      chat_id: target.chat_id,
      emoji: reaction.emoji === '' ? null : reaction.emoji,
      from: reaction.from,
      profile_id: reaction.profileId ?? null,
      timestamp: reaction.at,
    },
    reaction.at,
  );
  return true;
}

async function applyEdit(
  ctx: OrgContext,
  target: Target,
  event: Extract<MessageNewsEvent, { kind: 'edit' }>,
  at: string,
): Promise<NewsOutcome> {
  const previous = fromJson<Record<string, unknown>>(target.content, {});
  // A caption edit names only the caption: the rest of a media message's content stays.
  const content = event.type === undefined || event.type === target.type ? { ...previous, ...event.content } : event.content;
  if (JSON.stringify(content) === JSON.stringify(previous)) return 'ignored';
  const edits = [...fromJson<Edit[]>(target.edits, []), { content: previous, at }];
  await ctx.q
    .updateTable('messages')
    .set({ content: toJson(content), edits: toJson(edits), edited_at: at, updated_at: ctx.now })
    .where('id', '=', target.id)
    .execute();
  await ctx.emit(
    'message.edited',
    { message_id: target.id, chat_id: target.chat_id, content, previous_content: previous, timestamp: at },
    at,
  );
  return 'applied';
}

async function applyDelete(ctx: OrgContext, target: Target, at: string): Promise<NewsOutcome> {
  if (target.deleted_at !== null) return 'ignored';
  await ctx.q.updateTable('messages').set({ deleted_at: at, updated_at: ctx.now }).where('id', '=', target.id).execute();
  await ctx.emit('message.deleted', { message_id: target.id, chat_id: target.chat_id, timestamp: at }, at);
  return 'applied';
}
