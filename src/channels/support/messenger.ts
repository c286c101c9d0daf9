/**
 * What Instagram Messaging and the Messenger Platform share (both run on Meta's Send API): the send
 * call with its caption follow-up, and the `entry[].messaging[]` webhook events.
 * https://developers.facebook.com/docs/messenger-platform/reference/send-api
 * https://developers.facebook.com/docs/messenger-platform/webhooks
 * Attachments there carry no caption, so a caption goes out as a second, plain text message right
 * after the attachment; the attachment's id is the message's id. A failed caption is logged, not
 * thrown: the attachment already went out and a retry would send it twice.
 */
import type { ChannelProvider, NormalizedEvent, OutboundMessage, ProviderDeps, SendResult } from '../provider.js';
import {
  compact,
  jsonBody,
  inboundEvent,
  isoFromMillis,
  numberOf,
  record,
  records,
  statusEvent,
  stringOf,
  type InboundContent,
} from './callbacks.js';
import { callVendor, invalidResponse } from './http.js';
import type { ConfigReader } from './config.js';
import { describeGraphError, hubHandshake, verifyHubSignature } from './meta.js';
import { messengerNews } from './messenger-news.js';
import { urlMediaSource } from './inbound-media.js';

export interface MessengerPlatform {
  kind: string;
  /** The webhook `object` the platform posts (`instagram`, `page`). */
  object: string;
  /** Default Graph host for the send call. */
  host: string;
  /** The config key naming the sending account (`me` when absent: the token knows it). */
  accountKey: string;
  /** `messaging_type` and friends when no `messageTag` is configured. */
  envelope: Record<string, unknown>;
  /** Our message → the Send API `message` object, plus a caption to follow it; throws for unsupported types. */
  payload(message: OutboundMessage): [Record<string, unknown>, string | undefined];
}

/**
 * The provider both platforms build from their config: `accessToken`, `appSecret` (webhooks are
 * always verified), `verifyToken`, the account id, `apiVersion`, `baseUrl`, `messageTag`, `timeoutMs`.
 */
export function createMessengerProvider(platform: MessengerPlatform, read: ConfigReader, deps: ProviderDeps): ChannelProvider {
  const accessToken = read.required('accessToken');
  const appSecret = read.required('appSecret');
  const verifyToken = read.optional('verifyToken');
  const accountId = read.optional(platform.accountKey) ?? 'me';
  const baseUrl = read.url('baseUrl', platform.host);
  const apiVersion = read.optional('apiVersion') ?? 'v21.0';
  const messageTag = read.optional('messageTag');
  // Our Meta app's id: an echo (`is_echo`) that names it is our own send, any other app's is the business's (DESIGN.md §9).
  const appId = read.optional('appId');
  const endpoint: MessengerEndpoint = {
    kind: platform.kind,
    url: `${baseUrl}/${apiVersion}/${encodeURIComponent(accountId)}/messages`,
    accessToken,
    timeoutMs: read.number('timeoutMs', 15_000),
    // Outside the 24-hour window only a tag (HUMAN_AGENT: human replies up to 7 days) lets a message through.
    envelope: messageTag ? { messaging_type: 'MESSAGE_TAG', tag: messageTag } : platform.envelope,
  };
  return {
    async send(message, options) {
      const [payload, caption] = platform.payload(message);
      return sendMessenger(deps, endpoint, message, payload, caption, options?.signal);
    },
    // The callback's URL (a gateway-hosted copy, or the platform's CDN), fetched through the outbound guard.
    mediaSource: urlMediaSource,

    verifySignature(request) {
      verifyHubSignature(request, appSecret);
      return true;
    },
    parseCallback(request) {
      verifyHubSignature(request, appSecret);
      return messagingItems(jsonBody(request), platform, accountId, deps).flatMap(
        (item) => messengerNews(item, appId, messageContent, deps, platform.kind) ?? messagingEvents(item, deps, platform.kind),
      );
    },
    handshake(request) {
      return hubHandshake(request, verifyToken);
    },
  };
}

interface MessengerEndpoint {
  kind: string;
  url: string;
  accessToken: string;
  timeoutMs: number;
  /** Fields beside `recipient` and `message`: messaging_type, tag. */
  envelope: Record<string, unknown>;
}

async function sendMessenger(
  deps: ProviderDeps,
  endpoint: MessengerEndpoint,
  message: OutboundMessage,
  payload: Record<string, unknown>,
  caption: string | undefined,
  signal: AbortSignal | undefined,
): Promise<SendResult> {
  const post = async (body: Record<string, unknown>) => {
    const response = await callVendor(
      deps.fetch,
      {
        url: endpoint.url,
        headers: { authorization: `Bearer ${endpoint.accessToken}` },
        body: { recipient: { id: message.to }, ...endpoint.envelope, message: body },
        signal,
        timeoutMs: endpoint.timeoutMs,
      },
      describeGraphError,
    );
    const id = stringOf(record(response.body).message_id);
    if (!id) throw invalidResponse('message_id');
    return id;
  };
  const providerMessageId = await post(payload);
  if (caption) {
    try {
      await post({ text: caption });
    } catch (err) {
      deps.logger?.warn({ provider: endpoint.kind, providerMessageId, err: String(err) }, 'attachment sent, its caption was not');
    }
  }
  return { providerMessageId };
}

/** One `entry[].messaging[]` item → our events. Echoes of our own sends never become inbound. */
function messagingEvents(item: Record<string, unknown>, deps: ProviderDeps, kind: string): NormalizedEvent[] {
  const sender = stringOf(record(item.sender).id);
  const occurredAt = isoFromMillis(item.timestamp, deps, kind);
  const message = record(item.message);
  if (Object.keys(message).length > 0) {
    if (message.is_echo === true || message.is_deleted === true) return [];
    const mid = stringOf(message.mid);
    if (!mid || !sender) return [];
    const { type, content } = messageContent(message);
    return [inboundEvent({ providerMessageId: mid, from: sender, type, content, occurredAt })];
  }
  const read = record(item.read);
  if (Object.keys(read).length > 0) {
    // Instagram names the message read; Messenger gives a watermark covering all earlier ones.
    const mid = stringOf(read.mid);
    if (mid) return [statusEvent(mid, 'read', occurredAt)];
    const watermark = isoFromMillis(read.watermark, deps, kind);
    return watermark && sender ? [{ kind: 'status_watermark', recipient: sender, status: 'read', watermark }] : [];
  }
  const delivery = record(item.delivery);
  if (Object.keys(delivery).length > 0) {
    const mids = Array.isArray(delivery.mids) ? delivery.mids.map(stringOf).filter((mid): mid is string => mid !== undefined) : [];
    // Delivery events often carry no timestamp of their own; the watermark is when they happened.
    const deliveredAt = occurredAt ?? isoFromMillis(delivery.watermark, deps, kind);
    if (mids.length > 0) return mids.map((mid) => statusEvent(mid, 'delivered', deliveredAt));
    const watermark = isoFromMillis(delivery.watermark, deps, kind);
    return watermark && sender ? [{ kind: 'status_watermark', recipient: sender, status: 'delivered', watermark }] : [];
  }
  const postback = record(item.postback);
  const postbackMid = stringOf(postback.mid);
  if (postbackMid && sender) {
    // A button tap is the customer's answer.
    const content = compact({ text: stringOf(postback.title) ?? '', payload: stringOf(postback.payload) });
    return [inboundEvent({ providerMessageId: postbackMid, from: sender, type: 'text', content, occurredAt })];
  }
  // Reactions, referrals, optins, standby: no message news for us.
  return [];
}

const ATTACHMENT_TYPES: Record<string, 'image' | 'video' | 'audio' | 'document'> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  file: 'document',
};

function messageContent(message: Record<string, unknown>): InboundContent {
  const text = stringOf(message.text);
  const replyTo = stringOf(record(message.reply_to).mid);
  const attachments = records(message.attachments);
  if (message.is_unsupported === true) return { type: 'unknown', content: { vendorType: 'unsupported' } };
  const first = attachments[0];
  if (!first) {
    return { type: 'text', content: compact({ text: text ?? '', payload: stringOf(record(message.quick_reply).payload), replyTo }) };
  }
  const vendorType = stringOf(first.type) ?? 'unknown';
  const payload = record(first.payload);
  const more =
    attachments.length > 1 ? attachments.map((a) => compact({ type: stringOf(a.type), url: stringOf(record(a.payload).url) })) : undefined;
  const type = ATTACHMENT_TYPES[vendorType];
  if (type) return { type, content: compact({ url: stringOf(payload.url), caption: text, attachments: more, replyTo }) };
  const coordinates = record(payload.coordinates);
  const latitude = numberOf(coordinates.lat);
  const longitude = numberOf(coordinates.long);
  if (vendorType === 'location' && latitude !== undefined && longitude !== undefined) {
    return { type: 'location', content: compact({ latitude, longitude, name: stringOf(first.title) }) };
  }
  // share, story_mention, ig_reel, fallback, …: kept with the vendor's name, not guessed.
  return { type: 'unknown', content: compact({ vendorType, url: stringOf(payload.url), text }) };
}

/**
 * Every `entry[].messaging[]` item of a webhook body, when `object` is the expected one. An entry
 * is one Page or IG account (`entry.id`): one Meta app may serve several, so an entry naming
 * another account than the channel's is skipped and logged. With the account left as `me` the
 * channel does not know its id and every entry is read (docs/providers.md: set it).
 */
function messagingItems(
  body: Record<string, unknown>,
  platform: MessengerPlatform,
  accountId: string,
  deps: ProviderDeps,
): Record<string, unknown>[] {
  if (body.object !== platform.object) return [];
  return records(body.entry).flatMap((entry) => {
    const named = stringOf(entry.id);
    if (accountId !== 'me' && named !== accountId) {
      deps.logger?.warn({ provider: platform.kind, entryId: named }, `callback for another ${platform.accountKey} skipped`);
      return [];
    }
    return records(entry.messaging);
  });
}
