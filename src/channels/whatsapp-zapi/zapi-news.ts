/**
 * Z-API's news about earlier messages and the business's own messages (DESIGN.md §9), all on the
 * `ReceivedCallback` (https://developer.z-api.io/en/webhooks/on-message-received):
 * - `reaction { value, time, reactionBy, referencedMessage { messageId, fromMe, phone } }`: a
 *   reaction to `referencedMessage.messageId` (`value` '' = removed); `fromMe` = the business reacted.
 * - `isEdit: true`: the message `messageId` edited, its new content in the usual blocks.
 * - `fromMe: true` without `fromApi`: a message typed on the phone: an echo to `phone`. (`fromApi`
 *   marks our own sends through the API: their ids are stored already.)
 * Z-API documents no callback for a message deleted for everyone: `deletes` is not declared.
 */
import type { NormalizedEvent, ProviderDeps } from '../provider.js';
import { isoFromMillis, isRecord, record, stringOf, type InboundContent } from '../support/callbacks.js';
import { phoneFromJid } from '../support/whatsapp-ids.js';

const KIND = 'whatsapp_zapi';

/** The news a ReceivedCallback carries; undefined when it is an ordinary inbound message. */
export function zapiNews(
  body: Record<string, unknown>,
  content: (body: Record<string, unknown>) => InboundContent,
  deps: ProviderDeps,
): NormalizedEvent[] | undefined {
  const occurredAt = isoFromMillis(body.momment, deps, KIND);
  if (isRecord(body.reaction)) {
    const reaction = body.reaction;
    const target = stringOf(record(reaction.referencedMessage).messageId);
    if (!target) return [];
    const byBusiness = body.fromMe === true;
    return [{ kind: 'reaction', target, emoji: stringOf(reaction.value) ?? '', ...(byBusiness ? { byBusiness } : {}), occurredAt }];
  }
  const id = stringOf(body.messageId);
  if (body.isEdit === true) {
    if (!id) return [];
    const { type, content: edited } = content(body);
    return [{ kind: 'edit', target: id, type, content: edited, occurredAt }];
  }
  if (body.fromMe === true) {
    if (body.fromApi === true || body.isGroup === true || body.isNewsletter === true) return [];
    const to = phoneFromJid(body.phone);
    if (!id || !to) return [];
    const { type, content: sent } = content(body);
    return [{ kind: 'echo', providerMessageId: id, to, type, content: sent, occurredAt }];
  }
  return undefined;
}
