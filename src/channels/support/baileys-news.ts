/**
 * News about earlier messages in the Baileys proto shape that Evolution (`data.message`) and W-API
 * (`msgContent`) forward (DESIGN.md §9): a `reactionMessage` names its target in `key` (`text` ''
 * = removed); a `protocolMessage` of `type` REVOKE (0) deletes `key`, MESSAGE_EDIT (14) carries the
 * new content in `editedMessage` (also found wrapped as `editedMessage.message.protocolMessage`).
 */
import type { NormalizedEvent } from '../provider.js';
import { baileysContent } from './baileys.js';
import { record, stringOf } from './callbacks.js';

const REVOKE = new Set<unknown>(['REVOKE', '0', 0]);
const EDIT = new Set<unknown>(['MESSAGE_EDIT', '14', 14]);

/** A Baileys message that is news about another one (a reaction, an edit, a revoke); undefined otherwise. */
export function baileysNews(message: Record<string, unknown>, fromMe: boolean, occurredAt?: string): NormalizedEvent | undefined {
  // W-API reports a reaction sent through its API wrapped once more: `reactionMessage.reactionMessage`.
  const outer = record(message.reactionMessage);
  const reaction = outer.key === undefined && outer.reactionMessage !== undefined ? record(outer.reactionMessage) : outer;
  if (Object.keys(reaction).length > 0) {
    const target = stringOf(record(reaction.key).id);
    if (!target) return undefined;
    return { kind: 'reaction', target, emoji: stringOf(reaction.text) ?? '', ...(fromMe ? { byBusiness: true } : {}), occurredAt };
  }
  const protocol = record(message.protocolMessage ?? record(record(message.editedMessage).message).protocolMessage);
  return Object.keys(protocol).length > 0 ? protocolNews(protocol, occurredAt) : undefined;
}

/** A protocolMessage `{ key, type, editedMessage }`: a revoke or an edit; other protocol messages are no news. */
export function protocolNews(protocol: Record<string, unknown>, occurredAt?: string): NormalizedEvent | undefined {
  const target = stringOf(record(protocol.key).id);
  if (!target) return undefined;
  if (REVOKE.has(protocol.type)) return { kind: 'delete', target, occurredAt };
  const edited = record(protocol.editedMessage);
  if (EDIT.has(protocol.type) || Object.keys(edited).length > 0) {
    const { type, content } = baileysContent(edited);
    return { kind: 'edit', target, type, content, occurredAt };
  }
  return undefined;
}
