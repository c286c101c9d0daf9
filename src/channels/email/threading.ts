/**
 * E-mail threading (RFC 5322 §3.6.4), both ways (DESIGN.md §9 "E-mail"): an inbound mail names the
 * mails it answers in `In-Reply-To` and `References`, which become the event's `answers` (it then
 * lands in the chat of the first one we know); an outbound reply carries `In-Reply-To` (its parent)
 * and `References` (the parent), so the customer's client threads it.
 */

/** The message ids a header lists (`<a@x> <b@y>`), each with its angle brackets, in order, at most 50. */
export function messageIdsOf(header: string | undefined): string[] {
  return (header?.match(/<[^<>\s]+>/g) ?? []).slice(0, 50);
}

/** The ids an inbound mail answers, nearest first: `In-Reply-To`, then `References` newest first. */
export function answeredIds(inReplyTo: string | undefined, references: string | undefined): string[] {
  const ids = [...messageIdsOf(inReplyTo), ...messageIdsOf(references).reverse()];
  return [...new Set(ids)];
}

/** The headers of a reply to `parent` (our provider id of the mail answered, `<…@…>`); none without a parent. */
export function replyHeaders(parent: string | undefined): { inReplyTo?: string; references?: string[] } {
  if (!parent || messageIdsOf(parent).length !== 1) return {};
  return { inReplyTo: parent, references: [parent] };
}

/** A list, or undefined when it is empty (so an event without answers carries no `answers`). */
export function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
