/**
 * whatsapp_waha: WAHA, the self-hosted WhatsApp HTTP API (devlikeapro/waha).
 * Send:      https://waha.devlike.pro/docs/how-to/send-messages/
 * Webhooks:  https://waha.devlike.pro/docs/how-to/events/ (HMAC: …/docs/how-to/security/)
 * Send answers are engine-native (WEBJS, NOWEB, GOWS differ), so the id is read with the recipe of
 * providers.md §3 and kept in its bare form (the part after the last `_`): `message.ack` events
 * carry `true_<chatId>_<ID>`, reduced the same way, so both sides always meet.
 */
import type {
  CallbackRequest,
  ChannelProvider,
  NormalizedEvent,
  OutboundMessage,
  ProviderCapabilities,
  ProviderDeps,
  ProviderFactory,
} from '../provider.js';
import {
  checkUrlToken,
  compact,
  header,
  hmacHex,
  inboundEvent,
  invalidSignature,
  isoFromSeconds,
  isRecord,
  jsonBody,
  lookupStatus,
  numberOf,
  record,
  safeEqual,
  statusEvent,
  stringOf,
  type InboundContent,
  type StatusMap,
} from '../support/callbacks.js';
import { readConfig } from '../support/config.js';
import { documentName, locationOf, mediaOf, mimeTypeOf, textOf, unsupported } from '../support/content.js';
import { callVendor, describeMessageError, invalidResponse } from '../support/http.js';
import { phoneFromJid } from '../support/whatsapp-ids.js';
import { wahaNews } from './waha-news.js';

const KIND = 'whatsapp_waha';

/** WAMessageAck: ackName when present, else the number (-1..4). PENDING is before the server ack. */
const STATUS_MAP: StatusMap = {
  ERROR: 'failed',
  PENDING: null,
  SERVER: 'sent',
  DEVICE: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  '-1': 'failed',
  '0': null,
  '1': 'sent',
  '2': 'delivered',
  '3': 'read',
  '4': 'read',
};

/** No templates (Cloud API only). Quoting: `reply_to` on the send bodies. */
export const capabilities: ProviderCapabilities = {
  templates: false,
  quotedReplies: true,
  mediaKinds: ['image', 'video', 'audio', 'document'],
  news: { reactions: true, sendReactions: true, edits: true, deletes: true, echoes: true },
};

export const createWhatsAppWahaProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const baseUrl = read.url('baseUrl');
  const session = read.optional('session') ?? 'default';
  const apiKey = read.optional('apiKey');
  const hmacKey = read.optional('hmacKey');
  const secrets = [read.optional('callbackSecret'), read.optional('webhookToken')];
  const timeoutMs = read.number('timeoutMs', 15_000);

  const provider: ChannelProvider = {
    async send(message, options) {
      const [route, body] = request(message);
      const response = await callVendor(
        deps.fetch,
        {
          url: `${baseUrl}/api/${route}`,
          headers: apiKey ? { 'x-api-key': apiKey } : {},
          body: { session, chatId: `${message.to}@c.us`, ...body },
          signal: options?.signal,
          timeoutMs,
        },
        describeMessageError,
      );
      const id = bareId(sentId(response.body));
      if (!id) throw invalidResponse('a message id (engine answer without id)');
      return { providerMessageId: id };
    },

    verifySignature(request) {
      if (hmacKey === undefined) return false;
      verifyHmac(request, hmacKey);
      return true;
    },

    parseCallback(request) {
      if (hmacKey === undefined) checkUrlToken(request, ...secrets);
      else verifyHmac(request, hmacKey);
      const body = jsonBody(request);
      const payload = record(body.payload);
      const news = wahaNews(body.event, payload, inboundContent, deps);
      if (news) return news;
      switch (body.event) {
        case 'message':
          return inbound(payload, deps);
        case 'message.ack':
          return ack(payload, deps);
        default:
          return [];
      }
    },

    async react(reaction, options) {
      // PUT /api/reaction { session, messageId: '<fromMe>_<chatId>_<id>', reaction } ('' removes)
      const chatId = `${reaction.to}@c.us`;
      await callVendor(
        deps.fetch,
        {
          method: 'PUT',
          url: `${baseUrl}/api/reaction`,
          headers: apiKey ? { 'x-api-key': apiKey } : {},
          body: { session, messageId: `${reaction.targetFromMe}_${chatId}_${reaction.targetProviderMessageId}`, reaction: reaction.emoji },
          signal: options?.signal,
          timeoutMs,
        },
        describeMessageError,
      );
    },
  };
  return provider;
};

function request(message: OutboundMessage): [string, Record<string, unknown>] {
  switch (message.type) {
    case 'text':
      return ['sendText', { text: textOf(message) }];
    case 'image':
    case 'video':
    case 'document': {
      const media = mediaOf(message);
      const filename = documentName(media);
      const file = compact({
        url: media.url,
        mimetype: mimeTypeOf(filename),
        filename: message.type === 'document' ? filename : undefined,
      });
      const route = { image: 'sendImage', video: 'sendVideo', document: 'sendFile' }[message.type];
      return [route, compact({ file, caption: media.caption })];
    }
    case 'audio': {
      // A voice note must be OGG/Opus; WAHA transcodes anything else when asked to convert.
      const media = mediaOf(message);
      const mimetype = mimeTypeOf(documentName(media));
      return ['sendVoice', { file: compact({ url: media.url, mimetype }), convert: mimetype !== 'audio/ogg; codecs=opus' }];
    }
    case 'location': {
      const location = locationOf(message);
      return [
        'sendLocation',
        compact({ latitude: location.latitude, longitude: location.longitude, title: location.name ?? location.address }),
      ];
    }
    case 'template':
      throw unsupported(KIND, message.type);
  }
}

/** The engine-dependent id: WEBJS `id` (string or object) or `_data.id`, NOWEB `key.id`. */
function sentId(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  if (typeof body.id === 'string') return body.id;
  return stringOf(record(body.id)._serialized) ?? stringOf(record(record(body._data).id)._serialized) ?? stringOf(record(body.key).id);
}

function bareId(id: string | undefined): string | undefined {
  return id?.split('_').pop() || undefined;
}

/** With an HMAC key WAHA signs the raw body (X-Webhook-Hmac, SHA-512); without one, the URL token guards it. */
function verifyHmac(request: CallbackRequest, hmacKey: string): void {
  const given = header(request, 'x-webhook-hmac');
  if (!given) throw invalidSignature('X-Webhook-Hmac is missing');
  if (!safeEqual(given.toLowerCase(), hmacHex('sha512', hmacKey, request.body)))
    throw invalidSignature('X-Webhook-Hmac does not match the body');
}

function inbound(payload: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  if (payload.fromMe === true) return [];
  const id = bareId(stringOf(payload.id));
  const jid = stringOf(payload.from);
  const from = phoneFromJid(jid);
  if (!id || !from) {
    if (!jid?.endsWith('@g.us') && jid !== 'status@broadcast') {
      deps.logger?.warn({ provider: KIND, id, from: jid }, 'inbound message without a phone sender skipped');
    }
    return [];
  }
  const { type, content } = inboundContent(payload);
  return [inboundEvent({ providerMessageId: id, from, type, content, occurredAt: isoFromSeconds(payload.timestamp, deps, KIND) })];
}

function inboundContent(payload: Record<string, unknown>): InboundContent {
  const body = stringOf(payload.body);
  if (payload.hasMedia === true) {
    const media = record(payload.media);
    const mimeType = stringOf(media.mimetype);
    const family = mimeType?.split('/')[0];
    const type = family === 'image' || family === 'video' || family === 'audio' ? family : 'document';
    if (!mimeType) return { type: 'unknown', content: compact({ vendorType: 'media', caption: body }) };
    return { type, content: compact({ url: stringOf(media.url), mimeType, filename: stringOf(media.filename), caption: body }) };
  }
  const location = record(payload.location);
  const latitude = numberOf(location.latitude);
  const longitude = numberOf(location.longitude);
  if (latitude !== undefined && longitude !== undefined) {
    return { type: 'location', content: compact({ latitude, longitude, name: stringOf(location.description) }) };
  }
  if (body !== undefined) return { type: 'text', content: { text: body } };
  return { type: 'unknown', content: { vendorType: stringOf(payload.type) ?? 'unknown' } };
}

function ack(payload: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  // An ack with fromMe false is the customer's message being acknowledged, not ours.
  if (payload.fromMe !== true) return [];
  const id = bareId(stringOf(payload.id));
  const ours = lookupStatus(STATUS_MAP, payload.ackName ?? payload.ack, deps, KIND);
  if (!id || !ours) return [];
  return [statusEvent(id, ours, isoFromSeconds(payload.timestamp, deps, KIND))];
}
