/**
 * The one reading of "where are this inbound message's media" shared by the adapters whose
 * callbacks carry a URL (the gateways, Instagram, Messenger, the sandbox): a media type with an
 * http(s) `content.url`. Each adapter's `mediaSource` calls it (with its own headers, if any).
 */
import { MEDIA_KINDS, type MediaKind, type MediaSource, type MessageType } from '../provider.js';

export function isMediaType(type: MessageType | 'unknown'): type is MediaKind {
  return (MEDIA_KINDS as readonly string[]).includes(type);
}

/** `{ url }` of a media message's content, or undefined (no URL, or not http(s): nothing to fetch). */
export function urlMediaSource(
  type: MessageType | 'unknown',
  content: Record<string, unknown>,
  headers?: Record<string, string>,
): MediaSource | undefined {
  const url = content.url;
  if (!isMediaType(type) || typeof url !== 'string' || !/^https?:\/\//i.test(url)) return undefined;
  return headers ? { url, headers } : { url };
}
