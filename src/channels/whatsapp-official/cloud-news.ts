/**
 * The Cloud API's news about earlier messages and the business's own messages (DESIGN.md §9):
 * - `messages[]` of type `reaction` (`reaction.message_id`, `emoji`; no emoji or '' = removed),
 *   `edit` (`edit.original_message_id`, `edit.message`), `revoke` (`revoke.original_message_id`):
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/reaction
 *   …/messages/edit, …/messages/revoke (edits and revokes: WhatsApp Business app numbers, "Coexistence").
 * - the `smb_message_echoes` field's `message_echoes[]`: what the business sent from the WhatsApp
 *   Business app or a linked device (`to` is the customer), and its edits and revokes there:
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/smb_message_echoes
 */
import type { MessageType, NormalizedEvent, ProviderDeps } from '../provider.js';
import { isoFromSeconds, record, records, stringOf, type InboundContent } from '../support/callbacks.js';
import { phoneFromJid } from '../support/whatsapp-ids.js';

const KIND = 'whatsapp_official';

/** A `messages[]` (or `message_echoes[]`) item that is news about another message; undefined otherwise. */
export function cloudNews(
  message: Record<string, unknown>,
  content: (message: Record<string, unknown>) => InboundContent,
  deps: ProviderDeps,
  byBusiness = false,
): NormalizedEvent | undefined {
  const occurredAt = isoFromSeconds(message.timestamp, deps, KIND);
  switch (message.type) {
    case 'reaction': {
      const reaction = record(message.reaction);
      const target = stringOf(reaction.message_id);
      if (!target) return undefined;
      return { kind: 'reaction', target, emoji: stringOf(reaction.emoji) ?? '', ...(byBusiness ? { byBusiness } : {}), occurredAt };
    }
    case 'edit': {
      const edit = record(message.edit);
      const target = stringOf(edit.original_message_id);
      if (!target) return undefined;
      const { type, content: edited } = content(record(edit.message));
      return { kind: 'edit', target, type: type as MessageType | 'unknown', content: withoutContext(edited), occurredAt };
    }
    case 'revoke': {
      const target = stringOf(record(message.revoke).original_message_id);
      return target ? { kind: 'delete', target, occurredAt } : undefined;
    }
    default:
      return undefined;
  }
}

/** `value.message_echoes[]` of an `smb_message_echoes` change: echoes, or news from the business app. */
export function echoEvents(
  value: Record<string, unknown>,
  content: (message: Record<string, unknown>) => InboundContent,
  deps: ProviderDeps,
): NormalizedEvent[] {
  const events: NormalizedEvent[] = [];
  for (const echo of records(value.message_echoes)) {
    const news = cloudNews(echo, content, deps, true);
    if (news) {
      events.push(news);
      continue;
    }
    const id = stringOf(echo.id);
    const to = phoneFromJid(echo.to);
    if (!id || !to) {
      deps.logger?.warn({ provider: KIND, id, to: echo.to }, 'message echo without id or phone recipient skipped');
      continue;
    }
    const { type, content: body } = content(echo);
    events.push({ kind: 'echo', providerMessageId: id, to, type, content: body, occurredAt: isoFromSeconds(echo.timestamp, deps, KIND) });
  }
  return events;
}

/** An edit's `context` names the edited message itself: not part of its content. */
function withoutContext(content: Record<string, unknown>): Record<string, unknown> {
  const { replyTo: _replyTo, ...rest } = content;
  return rest;
}
