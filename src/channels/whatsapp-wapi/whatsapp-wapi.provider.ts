/**
 * whatsapp_wapi: W-API (api.w-api.app), a hosted WhatsApp gateway with a Z-API-like surface but
 * Bearer auth and the instance in the query string.
 * Docs: https://w-api.app (API reference in the W-API panel). Callbacks: its docs' examples and captured
 * traffic (test/fixtures/vendors/wapi/SOURCES.md). Sends: no public reference was available
 * when this was written: bodies, events and statuses follow providers.md §5, reconstructed from
 * public clients and marked ⚠ there (see docs/providers.md). Location has no known endpoint and
 * templates need Meta's Cloud API, so both are refused.
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
import { baileysContent } from '../support/baileys.js';
import { baileysNews } from '../support/baileys-news.js';
import {
  compact,
  inboundEvent,
  isoFromMillis,
  isoFromSeconds,
  lookupStatus,
  record,
  statusEvent,
  stringOf,
  type StatusMap,
} from '../support/callbacks.js';
import { readConfig } from '../support/config.js';
import { documentName, extensionOf, locationOf, mediaOf, unsupported } from '../support/content.js';
import { callVendor, describeMessageError, invalidResponse } from '../support/http.js';
import { basicSendBody, deliveryEvents, instanceCallback } from '../support/zapi-family.js';
import { phoneFromJid } from '../support/whatsapp-ids.js';
import { urlMediaSource } from '../support/inbound-media.js';

const KIND = 'whatsapp_wapi';

/** ⚠ The status body is undocumented: the vocabulary integrators report for webhookStatus. */
const STATUS_MAP: StatusMap = {
  SENT: 'sent',
  RECEIVED: 'delivered',
  DELIVERED: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  FAILED: 'failed',
  ERROR: 'failed',
};

/** No templates (Cloud API only). Quoting: ⚠ `messageId` on send-text, as public clients send it. */
export const capabilities: ProviderCapabilities = {
  templates: false,
  quotedReplies: true,
  mediaKinds: ['image', 'video', 'audio', 'document'],
  lid: false,
  bsuid: false,
  captions: true,
  // Read from the Baileys content W-API forwards (msgContent); an agent's reaction through
  // `send-reaction` / `remove-reaction` (its docs: test/fixtures/vendors/wapi/SOURCES.md).
  news: { reactions: true, sendReactions: true, edits: true, deletes: true, echoes: true },
};

export const createWhatsAppWapiProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const instanceId = read.required('instanceId');
  const token = read.required('token');
  const baseUrl = read.url('baseUrl', 'https://api.w-api.app/v1');
  const secrets = [read.optional('callbackSecret'), read.optional('webhookToken')];
  const timeoutMs = read.number('timeoutMs', 15_000);

  /** POST /message/{action}?instanceId=…; W-API can refuse with a 2xx and `error: true` (clients check `error === false`). */
  async function call(action: string, body: Record<string, unknown>, signal: AbortSignal | undefined) {
    const response = await callVendor(
      deps.fetch,
      {
        url: `${baseUrl}/message/${action}?instanceId=${encodeURIComponent(instanceId)}`,
        headers: { authorization: `Bearer ${token}` },
        body,
        signal,
        timeoutMs,
      },
      describeMessageError,
    );
    const answer = record(response.body);
    if (answer.error === true) throw new ProviderError('WAPI_REFUSED', stringOf(answer.message) ?? 'refused', false, response.status);
    return answer;
  }

  const provider: ChannelProvider = {
    async send(message, options) {
      const [action, body] = request(message);
      const answer = await call(action, body, options?.signal);
      const id = stringOf(answer.messageId) ?? stringOf(answer.id);
      if (!id) throw invalidResponse('messageId');
      return { providerMessageId: id };
    },

    async react(reaction, options) {
      // send-reaction { phone, reaction, messageId }; remove-reaction { phone, messageId } removes.
      const remove = reaction.emoji === '';
      const body = { phone: reaction.to, messageId: reaction.targetProviderMessageId, ...(remove ? {} : { reaction: reaction.emoji }) };
      await call(remove ? 'remove-reaction' : 'send-reaction', body, options?.signal);
    },

    // The callback's URL (a gateway-hosted copy, or the platform's CDN), fetched through the outbound guard.
    mediaSource: urlMediaSource,

    verifySignature() {
      // Unsigned: the route checks the channel's callback secret instead.
      return false;
    },

    parseCallback(request) {
      const body = instanceCallback(request, instanceId, secrets);
      switch (body.event) {
        case 'webhookReceived':
          return inbound(body, deps);
        case 'webhookDelivery':
          return delivery(body, deps);
        case 'webhookStatus':
          return statuses(body, deps);
        default:
          return [];
      }
    },
  };
  return provider;
};

function request(message: OutboundMessage): [string, Record<string, unknown>] {
  const basic = basicSendBody(message);
  if (basic) return basic;
  if (message.type === 'location') {
    // ⚠ W-API's send-location, as its Z-API-shaped surface has it (docs/providers.md §5):
    // `{ phone, latitude, longitude, title, address }`, coordinates as strings like Z-API's.
    const location = locationOf(message);
    const title = location.name ?? location.address ?? `${location.latitude},${location.longitude}`;
    return [
      'send-location',
      {
        phone: message.to,
        latitude: String(location.latitude),
        longitude: String(location.longitude),
        title,
        address: location.address ?? title,
      },
    ];
  }
  if (message.type !== 'document') throw unsupported(KIND, message.type);
  const media = mediaOf(message);
  const fileName = documentName(media);
  return [
    'send-document',
    compact({ phone: message.to, document: media.url, fileName, extension: extensionOf(fileName), caption: media.caption }),
  ];
}

/**
 * `moment` is in seconds on messages but in milliseconds on webhookStatus (seen in captured traffic,
 * test/fixtures/vendors/wapi): a value past 10^12 is read as milliseconds.
 */
function momentOf(value: unknown, deps: ProviderDeps): string | undefined {
  return typeof value === 'number' && value > 1e12 ? isoFromMillis(value, deps, KIND) : isoFromSeconds(value, deps, KIND);
}

/**
 * webhookDelivery ("Ao enviar" in W-API's docs) is every message the number sends: ours through
 * the API (`fromApi: true`) and the business's from the phone (`fromApi: false`), with its whole
 * `msgContent`. A message from the phone is an echo (stored as sent from the phone); ours is
 * recognized by its id and marked sent. Its reactions, edits and revokes are news. A body without
 * content (an older shape) is read as Z-API's DeliveryCallback.
 */
function delivery(body: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  if (body.isGroup === true) return [];
  const occurredAt = momentOf(body.moment, deps);
  const message = record(body.msgContent);
  if (Object.keys(message).length === 0 || stringOf(body.error)) return deliveryEvents(body, occurredAt);
  const news = baileysNews(message, true, occurredAt);
  if (news) return [news];
  if (message.protocolMessage !== undefined) return [];
  const id = stringOf(body.messageId);
  return id ? [...echo(body, occurredAt), statusEvent(id, 'sent', occurredAt)] : [];
}

function inbound(body: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  if (body.isGroup === true) return [];
  const occurredAt = momentOf(body.moment, deps);
  const news = baileysNews(record(body.msgContent), body.fromMe === true, occurredAt);
  if (news) return [news];
  // Other protocol messages (history sync, key shares, peer-data answers) are about no message.
  if (record(body.msgContent).protocolMessage !== undefined) return [];
  // fromMe marks a message sent from the connected phone (or by us, recognized by its id): an echo.
  if (body.fromMe === true) return echo(body, occurredAt);
  const sender = record(body.sender);
  const id = stringOf(body.messageId);
  // sender.id may be a @lid privacy id; the chat id then still carries the number.
  const from = phoneFromJid(sender.id) ?? phoneFromJid(record(body.chat).id);
  if (!id || !from) {
    deps.logger?.warn({ provider: KIND, id, sender: sender.id }, 'inbound message without a phone sender skipped');
    return [];
  }
  const { type, content } = baileysContent(record(body.msgContent));
  return [
    inboundEvent({
      providerMessageId: id,
      from,
      senderName: stringOf(sender.pushName),
      type,
      content,
      occurredAt,
    }),
  ];
}

function statuses(body: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const ours = lookupStatus(STATUS_MAP, body.status, deps, KIND);
  if (!ours) return [];
  const ids = Array.isArray(body.ids) ? body.ids.map(stringOf) : [stringOf(body.messageId)];
  const occurredAt = momentOf(body.moment, deps);
  return ids.filter((id): id is string => id !== undefined).map((id) => statusEvent(id, ours, occurredAt));
}

/** A message the business sent (the phone, or our own send, whose id is stored): to the chat's contact. */
function echo(body: Record<string, unknown>, occurredAt: string | undefined): NormalizedEvent[] {
  const id = stringOf(body.messageId);
  const to = phoneFromJid(record(body.chat).id);
  if (!id || !to) return [];
  const { type, content } = baileysContent(record(body.msgContent));
  return [{ kind: 'echo', providerMessageId: id, to, type, content, occurredAt }];
}
