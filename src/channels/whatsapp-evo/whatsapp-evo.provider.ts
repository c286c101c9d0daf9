/**
 * whatsapp_evo: Evolution API v2, a self-hosted WhatsApp gateway (flat v2 bodies, not v1's options).
 * Send:      https://doc.evolution-api.com/v2/api-reference/message-controller/send-text
 * Webhooks:  https://doc.evolution-api.com/v2/en/configuration/webhooks
 * Evolution does not sign its webhooks; each body carries the instance token in `apikey`, which is
 * checked against config.webhookApiKey (or config.apiKey). Templates need Meta's Cloud API, so this
 * gateway refuses them.
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
import { baileysContent } from '../support/baileys.js';
import {
  checkUrlToken,
  inboundEvent,
  isoFromDate,
  invalidSignature,
  isoFromSeconds,
  isRecord,
  jsonBody,
  lookupStatus,
  record,
  records,
  safeEqual,
  statusEvent,
  stringOf,
  type StatusMap,
} from '../support/callbacks.js';
import { readConfig } from '../support/config.js';
import { documentName, locationOf, mediaOf, textOf, unsupported } from '../support/content.js';
import { callVendor, invalidResponse, type VendorError } from '../support/http.js';
import { connectionEvents, evolutionSender } from './evolution-extras.js';
import { protocolNews } from '../support/baileys-news.js';
import { deleteNews, echoOf, upsertNews } from './evo-news.js';
import { urlMediaSource } from '../support/inbound-media.js';

const KIND = 'whatsapp_evo';

/**
 * Baileys' message status, as Evolution renders it (names) or as older builds sent it (0..5).
 * PENDING is the state before the server ack; DELETED is a revoked or unreadable status.
 */
const STATUS_MAP: StatusMap = {
  ERROR: 'failed',
  PENDING: null,
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  DELETED: null,
  '0': 'failed',
  '1': null,
  '2': 'sent',
  '3': 'delivered',
  '4': 'read',
  '5': 'read',
};

/** No templates (Cloud API only). Quoting: `quoted.key.id` on the v2 send bodies. */
export const capabilities: ProviderCapabilities = {
  templates: false,
  quotedReplies: true,
  mediaKinds: ['image', 'video', 'audio', 'document'],
  // LIDs: `key.remoteJidAlt`/`senderLid` with `addressingMode` (Evolution 2.3+); a LID-only chat is sent to `<lid>@lid`.
  lid: true,
  bsuid: false,
  captions: true,
  news: { reactions: true, sendReactions: true, edits: true, deletes: true, echoes: true },
};

export const createWhatsAppEvoProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const baseUrl = read.url('baseUrl');
  const instance = read.required('instance');
  const apiKey = read.required('apiKey');
  const webhookApiKey = read.optional('webhookApiKey') ?? apiKey;
  const secrets = [read.optional('callbackSecret'), read.optional('webhookToken')];
  const timeoutMs = read.number('timeoutMs', 15_000);

  const provider: ChannelProvider = {
    async send(message, options) {
      const [route, body] = request(message);
      const response = await callVendor(
        deps.fetch,
        {
          url: `${baseUrl}/message/${route}/${encodeURIComponent(instance)}`,
          headers: { apikey: apiKey },
          body,
          signal: options?.signal,
          timeoutMs,
        },
        describeError,
      );
      const id = stringOf(record(record(response.body).key).id);
      if (!id) throw invalidResponse('key.id');
      return { providerMessageId: id };
    },

    // The callback's URL (a gateway-hosted copy, or the platform's CDN), fetched through the outbound guard.
    mediaSource: urlMediaSource,

    verifySignature(request) {
      // By default Evolution writes `apikey: null` (AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES=false):
      // nothing proven here, the channel's `?token=` must authenticate the callback.
      if (!exposesApiKey(request)) return false;
      authenticatedBody(request, webhookApiKey);
      return true;
    },

    parseCallback(request) {
      if (!exposesApiKey(request)) {
        // No apikey in the body: only the channel's URL token can vouch for it.
        if (!secrets.some(Boolean)) throw invalidSignature('apikey is null and the channel has no callback secret');
        checkUrlToken(request, ...secrets);
      }
      const body = exposesApiKey(request) ? authenticatedBody(request, webhookApiKey) : jsonBody(request);
      // The body says `messages.upsert`; the webhook config says MESSAGES_UPSERT. Accept both.
      const event = String(body.event ?? '')
        .toLowerCase()
        .replace(/_/g, '.');
      const items = Array.isArray(body.data) ? records(body.data) : isRecord(body.data) ? [body.data] : [];
      if (event === 'messages.upsert') return items.flatMap((data) => inbound(data, deps));
      if (event === 'messages.update') return items.flatMap((data) => status(data, deps));
      if (event === 'connection.update') return items.flatMap((data) => connectionEvents(data, deps, KIND));
      if (event === 'messages.edited') return items.flatMap((data) => protocolNews(data) ?? []);
      if (event === 'messages.delete') return items.flatMap(deleteNews);
      // send.message echoes our own sends; connection, contacts and chats events carry no message news.
      return [];
    },

    async react(reaction, options) {
      // POST /message/sendReaction/{instance} { key: { remoteJid, fromMe, id }, reaction } ('' removes)
      await callVendor(
        deps.fetch,
        {
          url: `${baseUrl}/message/sendReaction/${encodeURIComponent(instance)}`,
          headers: { apikey: apiKey },
          body: {
            key: {
              remoteJid: reaction.to.includes('@') ? reaction.to : `${reaction.to}@s.whatsapp.net`,
              fromMe: reaction.targetFromMe,
              id: reaction.targetProviderMessageId,
            },
            reaction: reaction.emoji,
          },
          signal: options?.signal,
          timeoutMs,
        },
        describeError,
      );
    },
  };
  return provider;
};

/** Whether the body carries an `apikey` (Evolution with AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES=true). */
function exposesApiKey(request: CallbackRequest): boolean {
  const apikey = jsonBody(request).apikey;
  return apikey !== null && apikey !== undefined;
}

/** Evolution signs nothing; with the key exposed, every webhook body carries the instance's `apikey`. */
function authenticatedBody(request: CallbackRequest, webhookApiKey: string): Record<string, unknown> {
  const body = jsonBody(request);
  const given = stringOf(body.apikey);
  if (!given || !safeEqual(given, webhookApiKey)) throw invalidSignature('apikey in the webhook body does not match the instance');
  return body;
}

function request(message: OutboundMessage): [string, Record<string, unknown>] {
  const number = message.to;
  switch (message.type) {
    case 'text':
      return ['sendText', { number, text: textOf(message) }];
    case 'image':
    case 'video':
    case 'document': {
      const media = mediaOf(message);
      const fileName = message.type === 'document' ? documentName(media) : undefined;
      return [
        'sendMedia',
        {
          number,
          mediatype: message.type,
          media: media.url,
          ...(media.caption ? { caption: media.caption } : {}),
          ...(fileName ? { fileName } : {}),
        },
      ];
    }
    case 'audio':
      return ['sendWhatsAppAudio', { number, audio: mediaOf(message).url }];
    case 'location': {
      // Evolution's location schema requires both name and address.
      const location = locationOf(message);
      return [
        'sendLocation',
        { number, latitude: location.latitude, longitude: location.longitude, name: location.name ?? '', address: location.address ?? '' },
      ];
    }
    case 'template':
      throw unsupported(KIND, message.type);
  }
}

/** `{"status":400,"error":"Bad Request","response":{"message":[…]}}` */
function describeError(body: unknown): VendorError | undefined {
  if (!isRecord(body)) return undefined;
  const detail = record(body.response).message;
  const notOnWhatsApp = records(detail).some((entry) => entry.exists === false);
  const text = typeof detail === 'string' ? detail : detail === undefined ? stringOf(body.error) : JSON.stringify(detail);
  return { code: notOnWhatsApp ? 'NOT_ON_WHATSAPP' : undefined, message: text ?? stringOf(body.error) };
}

function inbound(data: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const key = record(data.key);
  const news = upsertNews(data, deps);
  if (news) return [news];
  // Our own sends (through the API or from the phone) come back as upserts too: echoes (evo-news.ts).
  if (key.fromMe === true) return echoOf(data, deps);
  const id = stringOf(key.id);
  const jid = stringOf(key.remoteJid);
  // A `@lid` privacy id hides the number; Evolution 2.3+ puts the other form beside it
  // (`remoteJidAlt`, `senderPn`/`senderLid`, with `addressingMode: "lid"`): both are the sender's.
  const sender = evolutionSender(key, data);
  if (!id || !sender) {
    if (!jid?.endsWith('@g.us') && jid !== 'status@broadcast') {
      deps.logger?.warn({ provider: KIND, id, remoteJid: jid }, 'inbound message without a phone or LID sender skipped');
    }
    return [];
  }
  const from = sender.from;
  const message = record(data.message);
  const { type, content } = baileysContent(message, stringOf(message.mediaUrl) ?? stringOf(data.mediaUrl));
  return [
    inboundEvent({
      providerMessageId: id,
      from,
      senderName: stringOf(data.pushName),
      type,
      content,
      occurredAt: isoFromSeconds(data.messageTimestamp, deps, KIND),
      identities: sender.identities,
    }),
  ];
}

function status(data: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const key = record(data.key);
  // fromMe false would be *our* reading of the customer's message, not a receipt for ours.
  if ((data.fromMe ?? key.fromMe) !== true) return [];
  const id = stringOf(data.keyId) ?? stringOf(data.id) ?? stringOf(key.id);
  const ours = lookupStatus(STATUS_MAP, data.status, deps, KIND);
  if (!id || !ours) return [];
  return [statusEvent(id, ours, isoFromDate(data.dateTime, deps, KIND))];
}
