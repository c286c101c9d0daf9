/**
 * What Z-API and W-API have in common (W-API copies Z-API's surface): the send bodies for text and
 * plain media, unsigned callbacks that must name our instance, and the delivery callback that
 * reports our send handed to WhatsApp, or failed with an `error` string.
 */
import type { CallbackRequest, NormalizedEvent, OutboundMessage } from '../provider.js';
import { checkUrlToken, compact, invalidSignature, jsonBody, safeEqual, statusEvent, stringOf } from './callbacks.js';
import { mediaOf, textOf } from './content.js';

/** `send-text {phone, message}`, `send-image|video {phone, <type>: url, caption?}`, `send-audio {phone, audio}`. */
export function basicSendBody(message: OutboundMessage): [string, Record<string, unknown>] | undefined {
  const phone = message.to;
  switch (message.type) {
    case 'text':
      return ['send-text', { phone, message: textOf(message) }];
    case 'image':
    case 'video': {
      const media = mediaOf(message);
      return [`send-${message.type}`, compact({ phone, [message.type]: media.url, caption: media.caption })];
    }
    case 'audio':
      return ['send-audio', { phone, audio: mediaOf(message).url }];
    default:
      return undefined;
  }
}

/** The callback body, once it carries our URL token (callbackSecret or webhookToken, when set) and names our instance. */
export function instanceCallback(request: CallbackRequest, instanceId: string, secrets: (string | undefined)[]): Record<string, unknown> {
  checkUrlToken(request, ...secrets);
  const body = jsonBody(request);
  const from = stringOf(body.instanceId);
  if (!from || !safeEqual(from, instanceId)) throw invalidSignature('callback names another instance');
  return body;
}

/** Our send reached WhatsApp (`sent`), or did not: an `error` string (⚠ seen, not documented) means `failed`. */
export function deliveryEvents(body: Record<string, unknown>, occurredAt: string | undefined): NormalizedEvent[] {
  const id = stringOf(body.messageId);
  if (!id) return [];
  const error = stringOf(body.error);
  if (error) return [statusEvent(id, 'failed', occurredAt, { code: 'DELIVERY_ERROR', message: error })];
  return [statusEvent(id, 'sent', occurredAt)];
}

/**
 * Z-API's `DisconnectedCallback` (`{ type, momment, error, disconnected: true, instanceId }`) and
 * `ConnectedCallback` (`{ type, connected: true, momment, instanceId, phone }`): the channel's health.
 */
export function connectionHealth(body: Record<string, unknown>, occurredAt: string | undefined): NormalizedEvent[] {
  if (body.type === 'DisconnectedCallback')
    return [
      compact({
        kind: 'health',
        health: 'disconnected',
        code: 'DisconnectedCallback',
        message: stringOf(body.error),
        occurredAt,
      }) as NormalizedEvent,
    ];
  if (body.type === 'ConnectedCallback')
    return [compact({ kind: 'health', health: 'ok', code: 'ConnectedCallback', occurredAt }) as NormalizedEvent];
  return [];
}
