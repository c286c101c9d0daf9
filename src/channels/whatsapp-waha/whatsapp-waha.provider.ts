/**
 * whatsapp_waha: WAHA, the self-hosted WhatsApp HTTP API (devlikeapro/waha).
 * Send:      https://waha.devlike.pro/docs/how-to/send-messages/
 * Webhooks:  https://waha.devlike.pro/docs/how-to/events/ (HMAC: …/docs/how-to/security/)
 * Send answers are engine-native (WEBJS, NOWEB, GOWS differ), so the id is read with the recipe of
 * providers.md §3 and kept in its bare form (the part after the last `_`): `message.ack` events
 * carry `true_<chatId>_<ID>`, reduced the same way, so both sides always meet.
 */
import {
  ProviderError,
  type CallbackRequest,
  type ChannelProvider,
  type NormalizedEvent,
  type OutboundMessage,
  type ProviderCapabilities,
  type ProviderDeps,
  type ProviderFactory,
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
import { urlMediaSource } from '../support/inbound-media.js';
import { documentName, locationOf, mediaOf, mimeTypeOf, textOf, unsupported } from '../support/content.js';
import { callVendor, describeMessageError, invalidResponse } from '../support/http.js';
import { lookupLid, sessionStatusEvents, wahaEdition, wahaSender } from './waha-extras.js';
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
  // LIDs: `…@lid` senders, their phone from the payload or GET /api/{session}/lids/{lid}; a LID-only chat is sent to `<lid>@lid`.
  lid: true,
  bsuid: false,
  captions: true,
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
  const headers: Record<string, string> = apiKey ? { 'x-api-key': apiKey } : {};
  const configuredEdition = read.optional('edition');
  const mediaAsLink = config.mediaAsLink === true;

  const provider: ChannelProvider = {
    async send(message, options) {
      let outbound = message;
      if (
        isMedia(message) &&
        (await wahaEdition(deps, { baseUrl, headers, timeoutMs, configured: configuredEdition }, options?.signal)) === 'core'
      ) {
        // WAHA Core refuses media: a link in a text when the channel allows it, else refused for good.
        if (!mediaAsLink) throw new ProviderError('UNSUPPORTED_BY_CHANNEL', 'WAHA Core sends no media (config.edition core)', false);
        outbound = mediaAsText(message);
      }
      const [route, body] = await request(outbound, deps);
      const response = await callVendor(
        deps.fetch,
        {
          url: `${baseUrl}/api/${route}`,
          headers,
          // A chat known only by its LID is answered at `<lid>@lid` (WAHA takes it as a chatId).
          body: { session, chatId: message.to.includes('@') ? message.to : `${message.to}@c.us`, ...body },
          signal: options?.signal,
          timeoutMs,
        },
        describeMessageError,
      );
      const id = bareId(sentId(response.body));
      if (!id) throw invalidResponse('a message id (engine answer without id)');
      return { providerMessageId: id };
    },

    // WAHA serves the media it downloaded under its own /api/files, behind its API key; a URL
    // elsewhere (an S3 bucket WAHA uploaded to) gets no key.
    mediaSource(type, content) {
      const own = typeof content.url === 'string' && content.url.startsWith(`${baseUrl}/`);
      return urlMediaSource(type, content, own && apiKey ? headers : undefined);
    },

    verifySignature(request) {
      if (hmacKey === undefined) return false;
      verifyHmac(request, hmacKey);
      return true;
    },

    resolveLid(lid, options) {
      return lookupLid(deps, { baseUrl, session, headers, timeoutMs }, lid, options?.signal);
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
        case 'session.status':
          return sessionStatusEvents(body, deps, KIND);
        default:
          return [];
      }
    },

    async react(reaction, options) {
      // PUT /api/reaction { session, messageId: '<fromMe>_<chatId>_<id>', reaction } ('' removes)
      // A LID chat is keyed at `<lid>@lid`, as sends are.
      const chatId = reaction.to.includes('@') ? reaction.to : `${reaction.to}@c.us`;
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

function isMedia(message: OutboundMessage): boolean {
  return message.type === 'image' || message.type === 'video' || message.type === 'audio' || message.type === 'document';
}

/** A media message as text: its caption, then the file's link (our signed link for a file of ours). */
function mediaAsText(message: OutboundMessage): OutboundMessage {
  const media = mediaOf(message);
  return { ...message, type: 'text', content: { text: [media.caption, media.url].filter(Boolean).join('\n') } };
}

/**
 * WAHA wants `file.mimetype` with every file: the message's own (a file of ours names it), else the
 * URL's extension, else the content type the URL answers a HEAD with, else a byte stream.
 */
async function mimetypeFor(message: OutboundMessage, filename: string | undefined, deps: ProviderDeps): Promise<string> {
  const given = stringOf(message.content.mimeType) ?? stringOf(message.content.mimetype);
  if (given) return given;
  const guessed = mimeTypeOf(filename);
  if (guessed) return guessed;
  try {
    const head = await deps.fetchMedia(mediaOf(message).url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    const type = head.headers.get('content-type')?.split(';')[0]?.trim();
    if (head.ok && type) return type;
  } catch {
    // unreachable for a HEAD: WAHA will try the URL itself
  }
  return 'application/octet-stream';
}

async function request(message: OutboundMessage, deps: ProviderDeps): Promise<[string, Record<string, unknown>]> {
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
        mimetype: await mimetypeFor(message, filename, deps),
        filename: message.type === 'document' ? filename : undefined,
      });
      const route = { image: 'sendImage', video: 'sendVideo', document: 'sendFile' }[message.type];
      return [route, compact({ file, caption: media.caption })];
    }
    case 'audio': {
      // A voice note must be OGG/Opus; WAHA transcodes anything else when asked to convert.
      const media = mediaOf(message);
      const mimetype = await mimetypeFor(message, documentName(media), deps);
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
  // A phone, or (newer engines) a LID with the phone beside it where the payload has one.
  const sender = wahaSender(payload);
  if (!id || !sender) {
    if (!jid?.endsWith('@g.us') && jid !== 'status@broadcast') {
      deps.logger?.warn({ provider: KIND, id, from: jid }, 'inbound message without a phone or LID sender skipped');
    }
    return [];
  }
  const { type, content } = inboundContent(payload);
  return [
    inboundEvent({
      providerMessageId: id,
      from: sender.from,
      type,
      content,
      occurredAt: isoFromSeconds(payload.timestamp, deps, KIND),
      identities: sender.identities,
    }),
  ];
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
