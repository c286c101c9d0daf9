/**
 * The Messenger Platform's (and Instagram Messaging's) news about earlier messages and the
 * business's own messages (DESIGN.md §9), from `entry[].messaging[]` items:
 * - `reaction { mid, action: react|unreact, emoji, reaction }` (message_reactions):
 *   https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/message-reactions
 * - `message_edit { mid, text, num_edit }` (message_edits; Instagram's carries no `text`: skipped):
 *   https://developers.facebook.com/docs/messenger-platform/reference/webhook-events/message-edits
 * - `message.is_deleted` (Instagram: an unsent message).
 * - `message.is_echo` (message_echoes): what the Page or account sent. One naming our app
 *   (`app_id` = config.appId) is our own send (and its caption follow-up); any other (the inbox on
 *   the phone, another app) is an echo to `recipient.id`.
 */
import type { NormalizedEvent, ProviderDeps } from '../provider.js';
import { isoFromMillis, record, stringOf, type InboundContent } from './callbacks.js';

export function messengerNews(
  item: Record<string, unknown>,
  appId: string | undefined,
  content: (message: Record<string, unknown>) => InboundContent,
  deps: ProviderDeps,
  kind: string,
): NormalizedEvent[] | undefined {
  const occurredAt = isoFromMillis(item.timestamp, deps, kind);
  const reaction = record(item.reaction);
  if (Object.keys(reaction).length > 0) {
    const target = stringOf(reaction.mid);
    if (!target) return [];
    const emoji = reaction.action === 'unreact' ? '' : (stringOf(reaction.emoji) ?? stringOf(reaction.reaction) ?? '');
    return [{ kind: 'reaction', target, emoji, occurredAt }];
  }
  const edit = record(item.message_edit);
  if (Object.keys(edit).length > 0) {
    const target = stringOf(edit.mid);
    const text = stringOf(edit.text);
    // Instagram delivers `message_edit { mid, num_edit }` with no text (captured traffic,
    // test/fixtures/vendors/instagram/SOURCES.md): nothing to apply, and never a blanked message.
    if (target && text === undefined) deps.logger?.warn({ provider: kind, target }, 'message_edit without text skipped');
    return target && text !== undefined ? [{ kind: 'edit', target, type: 'text', content: { text }, occurredAt }] : [];
  }
  const message = record(item.message);
  const mid = stringOf(message.mid);
  if (message.is_deleted === true) return mid ? [{ kind: 'delete', target: mid, occurredAt }] : [];
  if (message.is_echo === true) {
    const to = stringOf(record(item.recipient).id);
    if (!mid || !to || (appId !== undefined && stringOf(message.app_id) === appId)) return [];
    const { type, content: sent } = content(message);
    return [{ kind: 'echo', providerMessageId: mid, to, type, content: sent, occurredAt }];
  }
  return undefined;
}
