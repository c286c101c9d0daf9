/**
 * whatsapp_zapi: Z-API (api.z-api.io), a hosted WhatsApp gateway.
 * Send:      https://developer.z-api.io/en/message/send-message-text (and send-message-image, …)
 * Webhooks:  https://developer.z-api.io/en/webhooks/on-message-received,
 *            https://developer.z-api.io/en/webhooks/on-whatsapp-message-status-changes
 * Z-API does not sign webhooks: a callback must name our instanceId, and config.webhookToken (as
 * `?token=` on the registered URL) guards the route. Quirks kept here: the document extension goes
 * in the path, coordinates are strings, `momment` (sic) is in milliseconds.
 */
import {
  ProviderError,
  type ChannelProvider,
  type NormalizedEvent,
  type OutboundMessage,
  type ProviderCapabilities,
  type ProviderDeps,
  type ProviderFactory,
} from '../provider.js';
import {
  compact,
  inboundEvent,
  isoFromMillis,
  isRecord,
  lookupStatus,
  numberOf,
  record,
  statusEvent,
  stringOf,
  type InboundContent,
  type StatusMap,
} from '../support/callbacks.js';
import { readConfig } from '../support/config.js';
import { documentName, extensionOf, locationOf, mediaOf, unsupported } from '../support/content.js';
import { callVendor, describeMessageError, invalidResponse } from '../support/http.js';
import { basicSendBody, connectionHealth, deliveryEvents, instanceCallback } from '../support/zapi-family.js';
import { identities, lidFromJid, phoneFromJid } from '../support/whatsapp-ids.js';
import { zapiNews } from './zapi-news.js';
import { urlMediaSource } from '../support/inbound-media.js';

const KIND = 'whatsapp_zapi';

/** MessageStatusCallback.status. READ_BY_ME (older docs: READ-SELF) is us reading the customer's message. */
const STATUS_MAP: StatusMap = {
  SENT: 'sent',
  RECEIVED: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  READ_BY_ME: null,
  'READ-SELF': null,
};

/** No templates (Cloud API only). Quoting: the `messageId` send option. */
export const capabilities: ProviderCapabilities = {
  templates: false,
  quotedReplies: true,
  mediaKinds: ['image', 'video', 'audio', 'document'],
  // A `senderLid` beside the phone is learned; a LID-only sender or a send to a LID is not documented.
  lid: false,
  bsuid: false,
  captions: true,
  news: { reactions: true, sendReactions: true, edits: true, deletes: false, echoes: true },
};

export const createWhatsAppZapiProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const instanceId = read.required('instanceId');
  const instanceToken = read.required('instanceToken');
  const clientToken = read.optional('clientToken');
  const baseUrl = read.url('baseUrl', 'https://api.z-api.io');
  const secrets = [read.optional('callbackSecret'), read.optional('webhookToken')];
  const timeoutMs = read.number('timeoutMs', 15_000);
  const instanceUrl = `${baseUrl}/instances/${encodeURIComponent(instanceId)}/token/${encodeURIComponent(instanceToken)}`;

  const provider: ChannelProvider = {
    async send(message, options) {
      const [action, body] = request(message);
      const response = await callVendor(
        deps.fetch,
        {
          url: `${instanceUrl}/${action}`,
          headers: clientToken ? { 'client-token': clientToken } : {},
          body,
          signal: options?.signal,
          timeoutMs,
        },
        describeMessageError,
      );
      const answer = record(response.body);
      const id = stringOf(answer.messageId) ?? stringOf(answer.id);
      if (!id) throw invalidResponse('messageId');
      return { providerMessageId: id };
    },

    // The callback's URL (a gateway-hosted copy, or the platform's CDN), fetched through the outbound guard.
    mediaSource: urlMediaSource,

    verifySignature() {
      // Unsigned: the route checks the channel's callback secret instead.
      return false;
    },

    parseCallback(request) {
      const body = instanceCallback(request, instanceId, secrets);
      switch (body.type) {
        case 'ReceivedCallback':
          return zapiNews(body, inboundContent, deps) ?? inbound(body, deps);
        case 'DeliveryCallback':
          return deliveryEvents(body, isoFromMillis(body.momment, deps, KIND));
        case 'MessageStatusCallback':
          return statuses(body, deps);
        case 'DisconnectedCallback':
        case 'ConnectedCallback':
          return connectionHealth(body, isoFromMillis(body.momment, deps, KIND));
        default:
          // PresenceChat and the like carry no message news.
          return [];
      }
    },

    async react(reaction, options) {
      // POST send-reaction { phone, reaction, messageId }; send-remove-reaction { phone, messageId } removes.
      const remove = reaction.emoji === '';
      await callVendor(
        deps.fetch,
        {
          url: `${instanceUrl}/${remove ? 'send-remove-reaction' : 'send-reaction'}`,
          headers: clientToken ? { 'client-token': clientToken } : {},
          body: {
            phone: reaction.to,
            messageId: reaction.targetProviderMessageId,
            ...(remove ? {} : { reaction: reaction.emoji }),
          },
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
  const basic = basicSendBody(message);
  if (basic) return basic;
  const phone = message.to;
  switch (message.type) {
    case 'document': {
      const media = mediaOf(message);
      const name = documentName(media);
      const extension = extensionOf(name);
      if (!extension) {
        throw new ProviderError(
          'INVALID_MESSAGE_CONTENT',
          'Z-API needs the document extension: give a filename or a URL ending in one',
          false,
        );
      }
      const fileName = name?.slice(0, -(extension.length + 1));
      return [`send-document/${extension}`, compact({ phone, document: media.url, fileName, caption: media.caption })];
    }
    case 'location': {
      // Z-API requires title and address, and takes coordinates as strings.
      const location = locationOf(message);
      const title = location.name ?? location.address ?? `${location.latitude},${location.longitude}`;
      return [
        'send-location',
        { phone, title, address: location.address ?? title, latitude: String(location.latitude), longitude: String(location.longitude) },
      ];
    }
    default:
      throw unsupported(KIND, message.type);
  }
}

function inbound(body: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  // With "received-delivery" the messages we send also arrive here, marked fromMe.
  if (body.fromMe === true || body.isGroup === true || body.isNewsletter === true) return [];
  const id = stringOf(body.messageId);
  const from = phoneFromJid(body.phone);
  if (!id || !from) {
    deps.logger?.warn({ provider: KIND, id, phone: body.phone }, 'inbound message without a phone sender skipped');
    return [];
  }
  const { type, content } = inboundContent(body);
  // The sender's LID beside the phone (`senderLid`; `chatLid` in some examples) joins their identities (DESIGN.md §9).
  const ids = identities(
    { type: 'whatsapp', value: from },
    { type: 'whatsapp_lid', value: lidFromJid(body.senderLid) ?? lidFromJid(body.chatLid) },
  );
  return [
    inboundEvent({
      providerMessageId: id,
      from,
      identities: ids.length > 1 ? ids : undefined,
      senderName: stringOf(body.senderName) ?? stringOf(body.chatName),
      type,
      content,
      occurredAt: isoFromMillis(body.momment, deps, KIND),
    }),
  ];
}

/** Content arrives in exactly one typed block. */
function inboundContent(body: Record<string, unknown>): InboundContent {
  const text = record(body.text);
  if (stringOf(text.message) !== undefined) return { type: 'text', content: { text: stringOf(text.message) } };
  const media: [string, 'image' | 'video' | 'audio' | 'document', string][] = [
    ['image', 'image', 'imageUrl'],
    ['video', 'video', 'videoUrl'],
    ['audio', 'audio', 'audioUrl'],
    ['document', 'document', 'documentUrl'],
  ];
  for (const [block, type, urlKey] of media) {
    if (!isRecord(body[block])) continue;
    const data = record(body[block]);
    return {
      type,
      content: compact({
        url: stringOf(data[urlKey]),
        mimeType: stringOf(data.mimeType),
        caption: stringOf(data.caption),
        filename: stringOf(data.fileName),
        voice: data.ptt === true ? true : undefined,
      }),
    };
  }
  // A sticker (`sticker { stickerUrl, mimeType: image/webp }`) is an image, downloaded like one.
  if (isRecord(body.sticker)) {
    const sticker = record(body.sticker);
    return { type: 'image', content: compact({ url: stringOf(sticker.stickerUrl), mimeType: stringOf(sticker.mimeType), sticker: true }) };
  }
  const location = record(body.location);
  const latitude = numberOf(location.latitude);
  const longitude = numberOf(location.longitude);
  if (latitude !== undefined && longitude !== undefined) {
    return {
      type: 'location',
      content: compact({ latitude, longitude, name: stringOf(location.name), address: stringOf(location.address) }),
    };
  }
  const button = record(body.buttonsResponseMessage);
  if (stringOf(button.message) !== undefined) {
    return { type: 'text', content: compact({ text: stringOf(button.message), payload: stringOf(button.buttonId) }) };
  }
  const vendorType = Object.keys(body).find((key) => isRecord(body[key])) ?? 'unknown';
  return { type: 'unknown', content: { vendorType } };
}

/** One status event can cover several message ids. */
function statuses(body: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const ours = lookupStatus(STATUS_MAP, body.status, deps, KIND);
  if (!ours || !Array.isArray(body.ids)) return [];
  const occurredAt = isoFromMillis(body.momment, deps, KIND);
  return (
    body.ids
      .map(stringOf)
      .filter((id): id is string => id !== undefined)
      .map((id) => statusEvent(id, ours, occurredAt))
      // PLAYED: a voice message was played, `read` with playedAt (DESIGN.md §9).
      .map((event) => (body.status === 'PLAYED' ? { ...event, played: true } : event) as NormalizedEvent)
  );
}
