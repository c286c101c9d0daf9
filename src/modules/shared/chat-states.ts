/**
 * The states of a chat (DESIGN.md §6): `pending` (waiting for an agent), `in_progress` (attended),
 * `await_closing` (the agent asked to close) and `closed`, which is final. The first three are
 * active: a contact has at most one active chat per channel, and its traffic goes there.
 */
export const CHAT_STATUSES = ['pending', 'in_progress', 'await_closing', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATUSES)[number];

export const ACTIVE_CHAT_STATUSES = ['pending', 'in_progress', 'await_closing'] as const satisfies readonly ChatStatus[];
export type ActiveChatStatus = (typeof ACTIVE_CHAT_STATUSES)[number];

export function isActiveChatStatus(status: string): status is ActiveChatStatus {
  return (ACTIVE_CHAT_STATUSES as readonly string[]).includes(status);
}
