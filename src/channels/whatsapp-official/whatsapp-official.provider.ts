/**
 * whatsapp_official: Meta's WhatsApp Business Cloud API.
 * Send:      https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages
 * Webhooks:  https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/components
 * Our message id rides along as biz_opaque_callback_data (echoed in status webhooks). The 24-hour
 * window (error 131047) is the vendor's to enforce: it comes back as a permanent refusal here, or
 * later as a `failed` status.
 */
import type {
  ChannelProvider,
  NormalizedEvent,
  OutboundMessage,
  ProviderCapabilities,
  ProviderDeps,
  ProviderFactory,
  VendorError,
} from '../provider.js';
import {
  compact,
  inboundEvent,
  isoFromSeconds,
  isRecord,
  jsonBody,
  lookupStatus,
  record,
  records,
  statusEvent,
  stringOf,
  type InboundContent,
  type StatusMap,
} from '../support/callbacks.js';
import { readConfig } from '../support/config.js';
import { documentName, locationOf, mediaOf, templateOf, textOf } from '../support/content.js';
import { callVendor, invalidResponse } from '../support/http.js';
import { isMediaType } from '../support/inbound-media.js';
import { describeGraphError, hubHandshake, verifyHubSignature } from '../support/meta.js';
import { bsuidOf, identities, phoneFromJid } from '../support/whatsapp-ids.js';
import { cloudNews, echoEvents } from './cloud-news.js';

const KIND = 'whatsapp_official';

/** Every Cloud API status value: `deleted` and `warning` are known and deliberately ignored. */
const STATUS_MAP: StatusMap = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  // A voice message was played: `read`, with playedAt (DESIGN.md §9).
  played: 'read',
  deleted: null,
  warning: null,
};

/**
 * Templates: the Cloud API's message templates, the only kind that has them. Quoting:
 * `context.message_id` names the message answered.
 */
export const capabilities: ProviderCapabilities = {
  templates: true,
  quotedReplies: true,
  mediaKinds: ['image', 'video', 'audio', 'document'],
  lid: false,
  // BSUIDs and usernames (2026): `user_id`, `profile.username`, `from_user_id`; a BSUID-only chat is answered with `recipient`.
  bsuid: true,
  captions: true,
  // Edits, revokes and echoes reach numbers that also run the WhatsApp Business app (Coexistence).
  news: { reactions: true, sendReactions: true, edits: true, deletes: true, echoes: true },
};

export const createWhatsAppOfficialProvider: ProviderFactory = (config, deps) => {
  const read = readConfig(KIND, config);
  const accessToken = read.required('accessToken');
  const phoneNumberId = read.required('phoneNumberId');
  const appSecret = read.required('appSecret');
  const verifyToken = read.optional('verifyToken');
  const apiVersion = read.optional('apiVersion') ?? 'v21.0';
  const baseUrl = read.url('baseUrl', 'https://graph.facebook.com');
  const timeoutMs = read.number('timeoutMs', 15_000);
  const messagesUrl = `${baseUrl}/${apiVersion}/${encodeURIComponent(phoneNumberId)}/messages`;

  const provider: ChannelProvider = {
    async send(message, options) {
      const response = await callVendor(
        deps.fetch,
        {
          url: messagesUrl,
          headers: { authorization: `Bearer ${accessToken}` },
          body: requestBody(message),
          signal: options?.signal,
          timeoutMs,
        },
        describeGraphError,
      );
      const id = stringOf(records(record(response.body).messages)[0]?.id);
      if (!id) throw invalidResponse('messages[0].id');
      return { providerMessageId: id };
    },

    // Inbound media come as a Graph media id (inboundContent below): GET /{media-id} answers a
    // short-lived URL, itself fetched with the same bearer token.
    mediaSource(type, content) {
      return isMediaType(type) && typeof content.mediaId === 'string' ? { mediaId: content.mediaId } : undefined;
    },

    async resolveMedia(mediaId, options) {
      const authorization = { authorization: `Bearer ${accessToken}` };
      const response = await callVendor(
        deps.fetch,
        {
          url: `${baseUrl}/${apiVersion}/${encodeURIComponent(mediaId)}`,
          method: 'GET',
          headers: authorization,
          signal: options?.signal,
          timeoutMs,
        },
        describeGraphError,
      );
      const url = stringOf(record(response.body).url);
      if (!url) throw invalidResponse('url');
      return { url, headers: authorization };
    },

    verifySignature(request) {
      verifyHubSignature(request, appSecret);
      return true;
    },

    parseCallback(request) {
      verifyHubSignature(request, appSecret);
      const body = jsonBody(request);
      const events: NormalizedEvent[] = [];
      for (const entry of records(body.entry)) {
        for (const change of records(entry.changes)) {
          if (change.field !== 'messages' && change.field !== 'smb_message_echoes') continue;
          const value = record(change.value);
          // One Meta app may serve several numbers: another number's events are never this channel's.
          const named = stringOf(record(value.metadata).phone_number_id);
          if (named !== phoneNumberId) {
            deps.logger?.warn({ provider: KIND, phoneNumberId: named }, 'callback for another phone number id skipped');
            continue;
          }
          if (change.field === 'smb_message_echoes') events.push(...echoEvents(value, inboundContent, deps));
          else events.push(...statusEvents(value, deps), ...inboundEvents(value, deps), ...healthEvents(value, deps));
        }
      }
      return events;
    },

    handshake(request) {
      return hubHandshake(request, verifyToken);
    },

    async react(reaction, options) {
      // https://developers.facebook.com/documentation/business-messaging/whatsapp/messages/reaction-messages ('' removes)
      await callVendor(
        deps.fetch,
        {
          url: messagesUrl,
          headers: { authorization: `Bearer ${accessToken}` },
          body: {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            // A BSUID chat is reacted in as it is answered: at Meta's `recipient`.
            ...(bsuidOf(reaction.to) ? { recipient: reaction.to } : { to: reaction.to }),
            type: 'reaction',
            reaction: { message_id: reaction.targetProviderMessageId, emoji: reaction.emoji },
          },
          signal: options?.signal,
          timeoutMs,
        },
        describeGraphError,
      );
    },
  };
  return provider;
};

function requestBody(message: OutboundMessage): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // A chat known only by the person's BSUID is answered at it: Meta's `recipient` takes a BSUID
    // (or parent BSUID) where `to` takes a phone (business-scoped user ids, "Messages API").
    ...(bsuidOf(message.to) ? { recipient: message.to } : { to: message.to }),
    biz_opaque_callback_data: message.id,
    // Quoting: the answered message, shown above this one.
    ...(message.replyToProviderMessageId ? { context: { message_id: message.replyToProviderMessageId } } : {}),
  };
  switch (message.type) {
    case 'text':
      return { ...base, type: 'text', text: { body: textOf(message), preview_url: false } };
    case 'image':
    case 'video': {
      const media = mediaOf(message);
      return { ...base, type: message.type, [message.type]: compact({ link: media.url, caption: media.caption }) };
    }
    case 'audio':
      // Audio takes no caption on WhatsApp.
      return { ...base, type: 'audio', audio: { link: mediaOf(message).url } };
    case 'document': {
      // Without a filename WhatsApp shows the document untitled; the URL's last segment is better.
      const media = mediaOf(message);
      return { ...base, type: 'document', document: compact({ link: media.url, filename: documentName(media), caption: media.caption }) };
    }
    case 'location':
      return { ...base, type: 'location', location: compact({ ...locationOf(message) }) };
    case 'template': {
      const template = templateOf(message);
      return {
        ...base,
        type: 'template',
        template: { name: template.name, language: { code: template.language }, components: template.components },
      };
    }
  }
}

function statusEvents(value: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const events: NormalizedEvent[] = [];
  for (const status of records(value.statuses)) {
    const id = stringOf(status.id);
    const ours = lookupStatus(STATUS_MAP, status.status, deps, KIND);
    if (!id || !ours) continue;
    const occurredAt = isoFromSeconds(status.timestamp, deps, KIND);
    events.push(
      compact({
        ...(statusEvent(id, ours, occurredAt, ours === 'failed' ? graphErrors(status.errors) : undefined) as object),
        played: status.status === 'played' ? true : undefined,
        pricing: pricingOf(status),
      }) as NormalizedEvent,
    );
  }
  return events;
}

/**
 * Every error of a status or of `value.errors`, whole: the first one's code and title as before
 * (`error_code`, `error_message`), its `error_data.details`, and the full list when there is more.
 */
function graphErrors(value: unknown): VendorError | undefined {
  const list = records(value).map((e) =>
    compact({
      code: stringOf(e.code),
      title: stringOf(e.title),
      message: stringOf(e.message),
      details: stringOf(record(e.error_data).details),
      href: stringOf(e.href),
    }),
  );
  const first = list[0];
  if (!first) return undefined;
  return compact({
    code: stringOf(first.code) ?? 'UNKNOWN',
    message: stringOf(first.title) ?? stringOf(first.message) ?? 'failed',
    title: stringOf(first.title),
    details: stringOf(first.details),
    errors: list,
  }) as unknown as VendorError;
}

/** Meta's `pricing` (billable, category, pricing_model, type) and `conversation` (id, origin.type, expiration_timestamp), as received. */
function pricingOf(status: Record<string, unknown>): Record<string, unknown> | undefined {
  const pricing = status.pricing;
  const conversation = status.conversation;
  if (!isRecord(pricing) && !isRecord(conversation)) return undefined;
  return compact({
    ...(isRecord(pricing) ? pricing : {}),
    conversation: isRecord(conversation) ? conversation : undefined,
  });
}

/**
 * `value.errors` outside any status: the account's own trouble (DESIGN.md §9, "Per channel").
 * Throttling codes make the channel `throttled`, a locked or restricted account `banned`; any other
 * code is logged and left (never guessed).
 */
const THROTTLING_CODES = new Set(['4', '80007', '130429', '131048', '131056']);
const BANNED_CODES = new Set(['131031', '368']);

function healthEvents(value: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const events: NormalizedEvent[] = [];
  for (const error of records(value.errors)) {
    const code = stringOf(error.code);
    const health = code && THROTTLING_CODES.has(code) ? 'throttled' : code && BANNED_CODES.has(code) ? 'banned' : undefined;
    if (!health) {
      deps.logger?.warn({ provider: KIND, code, title: error.title }, 'account-level error without a health meaning skipped');
      continue;
    }
    const message = [stringOf(error.title) ?? stringOf(error.message), stringOf(record(error.error_data).details)]
      .filter(Boolean)
      .join(': ');
    events.push(compact({ kind: 'health', health, code, message: message || undefined }) as NormalizedEvent);
  }
  return events;
}

function inboundEvents(value: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const contacts = records(value.contacts);
  const events: NormalizedEvent[] = [];
  for (const message of records(value.messages)) {
    const news = cloudNews(message, inboundContent, deps);
    if (news) {
      events.push(news);
      continue;
    }
    const id = stringOf(message.id);
    const phone = phoneFromJid(message.from);
    // Since 2026 the sender may be named by BSUID only (`from_user_id`), the phone withheld.
    const bsuid = bsuidOf(message.from_user_id) ?? bsuidOf(message.from);
    const contact =
      contacts.find((c) => (phone && c.wa_id === phone) || (bsuid && c.user_id === bsuid)) ??
      (contacts.length === 1 ? contacts[0] : undefined);
    const profile = record(contact?.profile);
    const ids = identities(
      { type: 'whatsapp', value: phone ?? phoneFromJid(contact?.wa_id) },
      { type: 'whatsapp_bsuid', value: bsuid ?? bsuidOf(contact?.user_id) },
      { type: 'whatsapp_username', value: stringOf(profile.username) ?? stringOf(contact?.username) },
    );
    const from = ids.find((i) => i.type === 'whatsapp')?.value ?? ids.find((i) => i.type === 'whatsapp_bsuid')?.value;
    if (!id || !from) {
      deps.logger?.warn({ provider: KIND, id, from: message.from }, 'inbound message without id or sender skipped');
      continue;
    }
    const { type, content } = inboundContent(message);
    events.push(
      inboundEvent({
        providerMessageId: id,
        from,
        senderName: stringOf(profile.name),
        type,
        content,
        occurredAt: isoFromSeconds(message.timestamp, deps, KIND),
        identities: ids.length > 1 ? ids : undefined,
      }),
    );
  }
  return events;
}

/**
 * Media arrives as a Graph media id, not a URL (fetching it takes the access token and a second
 * call), so inbound media content is `{ mediaId, mimeType, caption?, filename? }`. Button taps are
 * the customer's answer, so they become text; a sticker is an image. Other types (contacts, …) are kept
 * as `unknown` with the vendor's type name rather than guessed.
 */
function inboundContent(message: Record<string, unknown>): InboundContent {
  const vendorType = stringOf(message.type) ?? 'unknown';
  const block = record(message[vendorType]);
  const replyTo = stringOf(record(message.context).id);
  switch (vendorType) {
    case 'text':
      return { type: 'text', content: compact({ text: stringOf(block.body) ?? '', replyTo }) };
    case 'image':
    case 'video':
    case 'audio':
    case 'document':
      return {
        type: vendorType,
        content: compact({
          mediaId: stringOf(block.id),
          mimeType: stringOf(block.mime_type),
          caption: stringOf(block.caption),
          filename: stringOf(block.filename),
          voice: block.voice === true ? true : undefined,
          replyTo,
        }),
      };
    case 'sticker':
      // A sticker (image/webp, by media id) is an image, downloaded into our files like one.
      return {
        type: 'image',
        content: compact({ mediaId: stringOf(block.id), mimeType: stringOf(block.mime_type), sticker: true, replyTo }),
      };
    case 'location':
      return {
        type: 'location',
        content: compact({
          latitude: block.latitude,
          longitude: block.longitude,
          name: stringOf(block.name),
          address: stringOf(block.address),
        }),
      };
    case 'button':
      return { type: 'text', content: compact({ text: stringOf(block.text) ?? '', payload: stringOf(block.payload), replyTo }) };
    case 'interactive': {
      const reply = record(block.button_reply ?? block.list_reply);
      return { type: 'text', content: compact({ text: stringOf(reply.title) ?? '', payload: stringOf(reply.id), replyTo }) };
    }
    default:
      return { type: 'unknown', content: { vendorType } };
  }
}
