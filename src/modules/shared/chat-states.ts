/**
 * The states of a chat (DESIGN.md §6): `pending` (waiting for an agent), `in_progress` (attended),
 * `await_closing` (the agent asked to close) and `closed`, which is final. The first three are
 * active: a contact has at most one active chat per channel, and its traffic goes there.
 */
import type { TenantQueries } from '../../db/tenant.js';

export const CHAT_STATUSES = ['pending', 'in_progress', 'await_closing', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const ACTIVE_CHAT_STATUSES = ['pending', 'in_progress', 'await_closing'] as const satisfies readonly ChatStatus[];
export type ActiveChatStatus = (typeof ACTIVE_CHAT_STATUSES)[number];

export function isActiveChatStatus(status: string): status is ActiveChatStatus {
  return (ACTIVE_CHAT_STATUSES as readonly string[]).includes(status);
}

/**
 * The contact's active chat on the channel, to select from: at most one row (chats_one_active_idx),
 * so no ordering; an ORDER BY id made SQLite walk the organization's active chats by (status, id).
 */
export function activeChatOf(q: TenantQueries, channelId: string, contact: string) {
  return q
    .selectFrom('chats')
    .where('channel_id', '=', channelId)
    .where('contact', '=', contact)
    .where('status', 'in', ACTIVE_CHAT_STATUSES);
}
