/**
 * instagram: Instagram Messaging through the Graph API, in either flavor (config.flavor):
 * `instagram_login` (graph.instagram.com, Instagram user token; the default) or `facebook_login`
 * (graph.facebook.com, Page token).
 * Send:      https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/messaging-api
 * Webhooks:  https://developers.facebook.com/docs/instagram-platform/webhooks
 * Instagram sends no delivery receipts; a read names the message (`read.mid`). It takes image,
 * video and audio attachments; documents, locations and templates are refused.
 */
import type { OutboundMessage, ProviderCapabilities, ProviderFactory } from '../provider.js';
import { misconfigured, readConfig } from '../support/config.js';
import { mediaOf, textOf, unsupported } from '../support/content.js';
import { createMessengerProvider } from '../support/messenger.js';

const KIND = 'instagram';

const FLAVOR_HOSTS: Record<string, string> = {
  instagram_login: 'https://graph.instagram.com',
  facebook_login: 'https://graph.facebook.com',
};

/** No templates; the send API read names no reply-to (only inbound messages carry `reply_to`); no documents. */
/** Instagram attachments carry no caption: it follows as a separate text message (support/messenger.ts). */
export const capabilities: ProviderCapabilities = {
  templates: false,
  quotedReplies: false,
  mediaKinds: ['image', 'video', 'audio'],
  lid: false,
  bsuid: false,
  captions: false,
  // The Send API reacts with a named reaction (`love`), not any emoji: agents' reactions are not offered.
  news: { reactions: true, sendReactions: false, edits: true, deletes: true, echoes: true },
};

export const createInstagramProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const flavor = read.optional('flavor') ?? 'instagram_login';
  const host = FLAVOR_HOSTS[flavor];
  if (!host) throw misconfigured(KIND, 'config.flavor must be instagram_login or facebook_login');
  // accountId: the IG professional account id (or the Page id for facebook_login); `me` works with either token.
  return createMessengerProvider({ kind: KIND, object: 'instagram', host, accountKey: 'accountId', envelope: {}, payload }, read, deps);
};

function payload(message: OutboundMessage): [Record<string, unknown>, string | undefined] {
  switch (message.type) {
    case 'text':
      return [{ text: textOf(message) }, undefined];
    case 'image':
    case 'video':
    case 'audio': {
      const media = mediaOf(message);
      return [{ attachment: { type: message.type, payload: { url: media.url } } }, media.caption];
    }
    case 'document':
    case 'location':
    case 'template':
      throw unsupported(KIND, message.type);
  }
}
