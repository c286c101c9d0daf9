/**
 * Evolution's news about earlier messages and the business's own messages (DESIGN.md §9), read from
 * the Baileys shapes Evolution forwards (src/api/integrations/channel/whatsapp/whatsapp.baileys.service.ts):
 * - `messages.upsert` whose `message.reactionMessage` names the target in `key` (its `text` '' =
 *   removed); `key.fromMe` on the upsert = the business reacted (phone, or our own reaction's echo).
 * - `messages.upsert` carrying a `protocolMessage` (`type` REVOKE/0: deleted; MESSAGE_EDIT/14 with
 *   `editedMessage`: edited), also wrapped in `editedMessage.message.protocolMessage`.
 * - `messages.edited` (`MESSAGES_EDITED`): the protocolMessage itself, `{ key, type, editedMessage }`.
 * - `messages.delete` (`MESSAGES_DELETE`): the deleted message's `key` (or, for a delete made through
 *   the API, the stored message with its `key`).
 * - any other `messages.upsert` with `key.fromMe`: a message the business sent (phone, or our own
 *   send coming back, which the echo's provider id recognizes): an echo to `key.remoteJid`.
 */
import type { NormalizedEvent, ProviderDeps } from '../provider.js';
import { baileysContent } from '../support/baileys.js';
import { baileysNews } from '../support/baileys-news.js';
import { isoFromSeconds, record, stringOf } from '../support/callbacks.js';
import { lidFromJid, phoneFromJid } from '../support/whatsapp-ids.js';

const KIND = 'whatsapp_evo';
/** An upsert that is news about another message (a reaction, an edit, a revoke); undefined otherwise. */
export function upsertNews(data: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent | undefined {
  return baileysNews(record(data.message), record(data.key).fromMe === true, isoFromSeconds(data.messageTimestamp, deps, KIND));
}

/** `messages.delete`: the key of the message deleted (or the stored message with its key). */
export function deleteNews(data: Record<string, unknown>): NormalizedEvent[] {
  const target = stringOf(data.id && !data.key ? data.id : record(data.key).id) ?? stringOf(data.keyId);
  return target ? [{ kind: 'delete', target }] : [];
}

/** An upsert of the business's own message: the echo, to the chat's contact. */
export function echoOf(data: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const key = record(data.key);
  const id = stringOf(key.id);
  const jid = stringOf(key.remoteJid);
  // A contact named only by LID (no `remoteJidAlt`/`senderPn` beside it) is written to by its LID.
  const to = phoneFromJid(jid?.endsWith('@lid') ? (key.remoteJidAlt ?? key.senderPn ?? data.senderPn) : jid) ?? lidFromJid(jid);
  if (!id || !to) return [];
  const message = record(data.message);
  const { type, content } = baileysContent(message, stringOf(message.mediaUrl) ?? stringOf(data.mediaUrl));
  return [{ kind: 'echo', providerMessageId: id, to, type, content, occurredAt: isoFromSeconds(data.messageTimestamp, deps, KIND) }];
}
