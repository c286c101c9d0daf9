/**
 * facebook: the Messenger Platform Send API for a Facebook Page.
 * Send:      https://developers.facebook.com/docs/messenger-platform/reference/send-api
 * Webhooks:  https://developers.facebook.com/docs/messenger-platform/webhooks (message_deliveries,
 *            message_reads, message_echoes)
 * Receipts are watermarks: a read (and a delivery without `mids`) covers every earlier message to
 * that person, reported as a `status_watermark` event. Our message id goes out as `metadata`.
 * Locations have no Send API attachment and templates are WhatsApp's, so both are refused.
 */
import type { ChannelProvider, OutboundMessage, ProviderFactory } from '../provider.js';
import { jsonBody } from '../support/callbacks.js';
import { readConfig } from '../support/config.js';
import { mediaOf, textOf, unsupported } from '../support/content.js';
import { hubHandshake, verifyHubSignature } from '../support/meta.js';
import { messagingEvents, messagingItems, sendMessenger } from '../support/messenger.js';

const KIND = 'facebook';

const ATTACHMENT_TYPE = { image: 'image', video: 'video', audio: 'audio', document: 'file' } as const;

export const createFacebookProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const accessToken = read.required('accessToken');
  const appSecret = read.required('appSecret');
  const verifyToken = read.optional('verifyToken');
  const pageId = read.optional('pageId') ?? 'me';
  const baseUrl = read.url('baseUrl', 'https://graph.facebook.com');
  const apiVersion = read.optional('apiVersion') ?? 'v21.0';
  const messageTag = read.optional('messageTag');
  const endpoint = {
    kind: KIND,
    url: `${baseUrl}/${apiVersion}/${encodeURIComponent(pageId)}/messages`,
    accessToken,
    timeoutMs: read.number('timeoutMs', 15_000),
    // RESPONSE inside the 24-hour window; a configured tag (e.g. HUMAN_AGENT) for replies after it.
    envelope: messageTag ? { messaging_type: 'MESSAGE_TAG', tag: messageTag } : { messaging_type: 'RESPONSE' },
  };

  const provider: ChannelProvider = {
    async send(message, options) {
      const [payload, caption] = messagePayload(message);
      return sendMessenger(deps, endpoint, message, { ...payload, metadata: message.id }, caption, options?.signal);
    },

    parseCallback(request) {
      verifyHubSignature(request, appSecret);
      return messagingItems(jsonBody(request), 'page').flatMap(messagingEvents);
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
    case 'audio':
    case 'document': {
      const media = mediaOf(message);
      return [{ attachment: { type: ATTACHMENT_TYPE[message.type], payload: { url: media.url, is_reusable: false } } }, media.caption];
    }
    case 'location':
    case 'template':
      throw unsupported(KIND, message.type);
  }
}
