/**
 * facebook: the Messenger Platform Send API for a Facebook Page.
 * Send:      https://developers.facebook.com/docs/messenger-platform/reference/send-api
 * Webhooks:  https://developers.facebook.com/docs/messenger-platform/webhooks (message_deliveries,
 *            message_reads, message_echoes)
 * Receipts are watermarks: a read (and a delivery without `mids`) covers every earlier message to
 * that person, reported as a `status_watermark` event. Our message id goes out as `metadata`.
 * Locations have no Send API attachment and templates are WhatsApp's, so both are refused.
 */
import type { OutboundMessage, ProviderCapabilities, ProviderFactory } from '../provider.js';
import { readConfig } from '../support/config.js';
import { mediaOf, textOf, unsupported } from '../support/content.js';
import { createMessengerProvider } from '../support/messenger.js';

const KIND = 'facebook';

const ATTACHMENT_TYPE = { image: 'image', video: 'video', audio: 'audio', document: 'file' } as const;

/** No templates (WhatsApp's); the Send API read names no reply-to (only inbound messages carry `reply_to`). */
export const capabilities: ProviderCapabilities = {
  templates: false,
  quotedReplies: false,
  mediaKinds: ['image', 'video', 'audio', 'document'],
  lid: false,
  bsuid: false,
  // Messenger attachments carry no caption: it follows as a separate text message (support/messenger.ts).
  captions: false,
  // The Send API reacts with a named reaction, not any emoji: agents' reactions are not offered.
  news: { reactions: true, sendReactions: false, edits: true, deletes: true, echoes: true },
};

export const createFacebookProvider: ProviderFactory = (config, deps) =>
  createMessengerProvider(
    // RESPONSE: a reply inside the 24-hour window; a configured messageTag replaces it after.
    {
      kind: KIND,
      object: 'page',
      host: 'https://graph.facebook.com',
      accountKey: 'pageId',
      envelope: { messaging_type: 'RESPONSE' },
      payload,
    },
    readConfig(KIND, config),
    deps,
  );

function payload(message: OutboundMessage): [Record<string, unknown>, string | undefined] {
  switch (message.type) {
    case 'text':
      return [{ text: textOf(message), metadata: message.id }, undefined];
    case 'image':
    case 'video':
    case 'audio':
    case 'document': {
      const media = mediaOf(message);
      const attachment = { type: ATTACHMENT_TYPE[message.type], payload: { url: media.url, is_reusable: false } };
      return [{ attachment, metadata: message.id }, media.caption];
    }
    case 'location':
    case 'template':
      throw unsupported(KIND, message.type);
  }
}
