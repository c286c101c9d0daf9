/**
 * The sandbox's simulation of DESIGN.md §9's news (its last paragraph), as callback bodies an
 * integrator can post with curl:
 *   {"event":"reaction","message_id","from","target_message_id","emoji"}   ('' removes)
 *   {"event":"edit","message_id","from","target_message_id","content":{"text"}}
 *   {"event":"delete","message_id","from","target_message_id"}
 *   {"event":"echo","message_id","to","type","content"}                    (sent from the phone)
 * `target_message_id` names a message of the channel by the provider id its callback or send
 * carried, or by our own id (the sandbox's news are looked up both ways: message-news.ts).
 */
import { MESSAGE_TYPES, ProviderError, type NormalizedEvent } from '../provider.js';

function invalid(message: string): ProviderError {
  return new ProviderError('INVALID_CALLBACK', message, false);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function target(body: Record<string, unknown>): string {
  if (typeof body.target_message_id !== 'string' || body.target_message_id === '')
    throw invalid(`sandbox ${String(body.event)} without "target_message_id"`);
  return body.target_message_id;
}

/** The news a sandbox callback simulates; undefined for other events. */
export function sandboxNews(body: Record<string, unknown>, messageId: string, occurredAt?: string): NormalizedEvent | undefined {
  switch (body.event) {
    case 'reaction': {
      if (typeof body.emoji !== 'string') throw invalid('sandbox reaction without "emoji" (an empty string removes)');
      return { kind: 'reaction', target: target(body), emoji: body.emoji, occurredAt };
    }
    case 'edit': {
      const content = isRecord(body.content) ? body.content : undefined;
      if (!content) throw invalid('sandbox edit without "content"');
      return { kind: 'edit', target: target(body), content, occurredAt };
    }
    case 'delete':
      return { kind: 'delete', target: target(body), occurredAt };
    case 'echo': {
      if (typeof body.to !== 'string' || body.to === '') throw invalid('sandbox echo without "to"');
      const type = MESSAGE_TYPES.find((t) => t === body.type) ?? 'unknown';
      const content = isRecord(body.content) ? body.content : typeof body.text === 'string' ? { text: body.text } : {};
      return { kind: 'echo', providerMessageId: messageId, to: body.to, type, content, occurredAt };
    }
    default:
      return undefined;
  }
}
