/**
 * The message status machine (DESIGN.md §4), pure so every rule has a plain unit test.
 * pending → sent → delivered → read, steps may be skipped; failed only from pending or sent.
 * Anything else (a repeat, a step back, a status after failed or read) is not a transition: the
 * caller ignores it and fires nothing.
 */
import type { MessageStatus } from '../../channels/provider.js';

const ORDER: Record<Exclude<MessageStatus, 'failed'>, number> = { pending: 0, sent: 1, delivered: 2, read: 3 };

export function canTransition(from: MessageStatus, to: MessageStatus): boolean {
  if (from === to || from === 'failed') return false;
  if (to === 'failed') return from === 'pending' || from === 'sent';
  return ORDER[to] > ORDER[from];
}

const ALL: readonly MessageStatus[] = ['pending', 'sent', 'delivered', 'read', 'failed'];

/**
 * The statuses a message may be in for `to` to apply: the `where status in (…)` of the conditional
 * UPDATE, so two concurrent callbacks can never move a message backwards.
 */
export function allowedPrevious(to: MessageStatus): MessageStatus[] {
  return ALL.filter((from) => canTransition(from, to));
}
