/**
 * WAHA's news about earlier messages and the business's own messages (DESIGN.md §9), from its
 * webhook events (https://waha.devlike.pro/docs/how-to/events/):
 * - `message.reaction`: `payload.reaction { text, messageId }` (`text` '' = removed); `fromMe` =
 *   the business reacted.
 * - `message.revoked`: `payload.revokedMessageId` (older builds: the revoked message as `before`).
 * - `message.edited`: `payload.editedMessageId` and the new `body`.
 * - `message.any` with `fromMe`: a message the business sent (the phone, or our own send coming
 *   back, recognized by its id): an echo to `payload.to`. (`message` never carries our messages.)
 * Ids are kept bare (the part after the last `_`), as the adapter keeps them.
 */
import type { NormalizedEvent, ProviderDeps } from '../provider.js';
import { isoFromSeconds, record, stringOf, type InboundContent } from '../support/callbacks.js';
import { phoneFromJid } from '../support/whatsapp-ids.js';

const KIND = 'whatsapp_waha';

export function bareWahaId(id: string | undefined): string | undefined {
  return id?.split('_').pop() || undefined;
}

export function wahaNews(
  event: unknown,
  payload: Record<string, unknown>,
  content: (payload: Record<string, unknown>) => InboundContent,
  deps: ProviderDeps,
): NormalizedEvent[] | undefined {
  const occurredAt = isoFromSeconds(payload.timestamp, deps, KIND);
  switch (event) {
    case 'message.reaction': {
      const reaction = record(payload.reaction);
      const target = bareWahaId(stringOf(reaction.messageId));
      if (!target) return [];
      const byBusiness = payload.fromMe === true;
      return [{ kind: 'reaction', target, emoji: stringOf(reaction.text) ?? '', ...(byBusiness ? { byBusiness } : {}), occurredAt }];
    }
    case 'message.revoked': {
      const target = bareWahaId(stringOf(payload.revokedMessageId) ?? stringOf(record(payload.before).id));
      return target ? [{ kind: 'delete', target, occurredAt }] : [];
    }
    case 'message.edited': {
      const target = bareWahaId(stringOf(payload.editedMessageId));
      if (!target) return [];
      return [{ kind: 'edit', target, type: 'text', content: { text: stringOf(payload.body) ?? '' }, occurredAt }];
    }
    case 'message.any': {
      if (payload.fromMe !== true) return [];
      const id = bareWahaId(stringOf(payload.id));
      const to = phoneFromJid(payload.to);
      if (!id || !to) return [];
      const { type, content: body } = content(payload);
      return [{ kind: 'echo', providerMessageId: id, to, type, content: body, occurredAt }];
    }
    default:
      return undefined;
  }
}
