/**
 * The chat lifecycle (DESIGN.md §6) as data: which state may follow which. `pending` waits for an
 * agent; `in_progress` is attended (it has an assignee); `await_closing` means the agent asked to
 * close, and the chat closes by itself after the organization's `awaitClosingMinutes` unless the
 * customer writes, which takes it back to `in_progress`; `closed` is final (new traffic of the
 * contact opens a new chat). Every other change is refused with 409 INVALID_TRANSITION.
 */
import type { ChatStatus } from '../shared/index.js';

const NEXT: Record<ChatStatus, readonly ChatStatus[]> = {
  pending: ['in_progress', 'closed'],
  // Back to `pending`: handed back to the queue.
  in_progress: ['await_closing', 'pending'],
  await_closing: ['in_progress', 'closed'],
  closed: [],
};

export function canTransition(from: ChatStatus, to: ChatStatus): boolean {
  return NEXT[from].includes(to);
}

/** The states a chat may be in for a change to `to` to be allowed (for conditional updates). */
export function allowedFrom(to: ChatStatus): ChatStatus[] {
  return (Object.keys(NEXT) as ChatStatus[]).filter((from) => NEXT[from].includes(to));
}

/** Minutes in `await_closing` before a chat closes by itself, when the organization sets none. */
export const DEFAULT_AWAIT_CLOSING_MINUTES = 60;
