/**
 * instagram: Instagram Messaging through the Graph API, in either flavor (config.flavor):
 * `instagram_login` (graph.instagram.com, Instagram user token; the default) or `facebook_login`
 * (graph.facebook.com, Page token).
 * Send:      https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/messaging-api
 * Webhooks:  https://developers.facebook.com/docs/instagram-platform/webhooks
 * Instagram sends no delivery receipts; a read names the message (`read.mid`). It takes image,
 * video and audio attachments; documents, locations and templates are refused.
 */
import type { ChannelProvider, OutboundMessage, ProviderFactory } from '../provider.js';
import { jsonBody } from '../support/callbacks.js';
import { misconfigured, readConfig } from '../support/config.js';
import { mediaOf, textOf, unsupported } from '../support/content.js';
import { hubHandshake, verifyHubSignature } from '../support/meta.js';
import { messagingEvents, messagingItems, sendMessenger } from '../support/messenger.js';

const KIND = 'instagram';

const FLAVOR_HOSTS: Record<string, string> = {
  instagram_login: 'https://graph.instagram.com',
  facebook_login: 'https://graph.facebook.com',
};

export const createInstagramProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const accessToken = read.required('accessToken');
  const appSecret = read.required('appSecret');
  const verifyToken = read.optional('verifyToken');
  // The IG professional account id, or the Page id for the Facebook-login flavor; `me` works with either token.
  const accountId = read.optional('accountId') ?? 'me';
  const flavor = read.optional('flavor') ?? 'instagram_login';
  const host = FLAVOR_HOSTS[flavor];
  if (!host) throw misconfigured(KIND, 'config.flavor must be instagram_login or facebook_login');
  const baseUrl = read.url('baseUrl', host);
  const apiVersion = read.optional('apiVersion') ?? 'v21.0';
  const messageTag = read.optional('messageTag');
  const endpoint = {
    kind: KIND,
    url: `${baseUrl}/${apiVersion}/${encodeURIComponent(accountId)}/messages`,
    accessToken,
    timeoutMs: read.number('timeoutMs', 15_000),
    // Outside the 24-hour window only a tag (HUMAN_AGENT, up to 7 days) lets a reply through.
    envelope: messageTag ? { messaging_type: 'MESSAGE_TAG', tag: messageTag } : {},
  };

  const provider: ChannelProvider = {
    async send(message, options) {
      const [payload, caption] = messagePayload(message);
      return sendMessenger(deps, endpoint, message, payload, caption, options?.signal);
    },

    parseCallback(request) {
      verifyHubSignature(request, appSecret);
      return messagingItems(jsonBody(request), 'instagram').flatMap(messagingEvents);
    },

    handshake(request) {
      return hubHandshake(request, verifyToken);
    },
  };
  return provider;
};

function messagePayload(message: OutboundMessage): [Record<string, unknown>, string | undefined] {
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
