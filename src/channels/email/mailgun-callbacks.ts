/**
 * Mailgun posts two kinds of callbacks to an e-mail channel's webhook, both signed with the
 * webhook signing key as hex(HMAC-SHA256(key, timestamp + token)):
 *  - an inbound route `forward()`: a form (application/x-www-form-urlencoded) with the message;
 *  - event webhooks: JSON `{signature:{timestamp,token,signature}, "event-data":{event, message:{headers}}}`.
 * The signature alone proves nothing about when: a captured (timestamp, token, signature) would
 * verify for ever. So the callback route also refuses a timestamp outside its freshness window and a
 * token already seen on the channel (`mailgunNonce`, checked by modules/provider-callbacks before
 * anything is stored, as Mailgun's docs recommend). The stored copy is parsed later by a job, so
 * only its signature is checked again here, not its age.
 * Inbound mail with attachments comes as a multipart form: its text is read, its files are only
 * counted (`attachmentCount`), since the stored body is text (see docs/providers.md).
 */
import type { CallbackRequest, NormalizedEvent, ProviderDeps, SignedNonce } from '../provider.js';
import {
  compact,
  header,
  hmacHex,
  inboundEvent,
  invalidCallback,
  invalidSignature,
  isoFromSeconds,
  jsonBody,
  lookupStatus,
  record,
  safeEqual,
  statusEvent,
  stringOf,
  type StatusMap,
} from '../support/callbacks.js';
import { readFormFields, type FormFields } from './form-fields.js';
import { answeredIds, nonEmpty } from './threading.js';

const KIND = 'email';

/**
 * Mailgun event names. `failed` is split by severity: a temporary failure is still being retried by
 * Mailgun, so only a permanent one fails the message. Clicks, complaints and unsubscribes are no status.
 */
const EVENT_MAP: StatusMap = {
  accepted: null,
  delivered: 'delivered',
  opened: 'read',
  'failed:permanent': 'failed',
  'failed:temporary': null,
  rejected: 'failed',
  clicked: null,
  complained: null,
  unsubscribed: null,
  stored: null,
};

export function parseMailgunCallback(request: CallbackRequest, signingKey: string, deps: ProviderDeps): NormalizedEvent[] {
  const contentType = header(request, 'content-type') ?? '';
  if (contentType.includes('application/json')) return eventWebhook(jsonBody(request), signingKey, deps);
  const form = readFormFields(contentType, request.body);
  if (form) return inboundRoute(form, signingKey, deps);
  throw invalidCallback(`unsupported e-mail callback content type "${contentType}"`);
}

/** Checks the Mailgun signature of either kind of callback, without reading the rest (the callback route's check). */
export function verifyMailgunSignature(request: CallbackRequest, signingKey: string): void {
  const fields = signatureFields(request);
  verify(fields.timestamp, fields.token, fields.signature, signingKey);
}

/** The signed timestamp and token of a callback whose signature `verifyMailgunSignature` accepted. */
export function mailgunNonce(request: CallbackRequest): SignedNonce {
  const { timestamp, token } = signatureFields(request);
  const seconds = Number(timestamp);
  if (!token || !timestamp || !/^\d{1,12}(\.\d+)?$/.test(timestamp) || !Number.isFinite(seconds))
    throw invalidSignature('Mailgun timestamp is not a number of seconds');
  return { timestampSeconds: seconds, token };
}

function signatureFields(request: CallbackRequest): { timestamp?: string; token?: string; signature?: string } {
  const contentType = header(request, 'content-type') ?? '';
  if (contentType.includes('application/json')) {
    const signature = record(jsonBody(request).signature);
    return { timestamp: stringOf(signature.timestamp), token: stringOf(signature.token), signature: stringOf(signature.signature) };
  }
  const form = readFormFields(contentType, request.body);
  if (!form) throw invalidSignature(`unsupported e-mail callback content type "${contentType}"`);
  return { timestamp: form.get('timestamp'), token: form.get('token'), signature: form.get('signature') };
}

function verify(timestamp: string | undefined, token: string | undefined, signature: string | undefined, key: string): void {
  if (!timestamp || !token || !signature) throw invalidSignature('Mailgun signature fields are missing');
  if (!safeEqual(signature.toLowerCase(), hmacHex('sha256', key, timestamp + token)))
    throw invalidSignature('Mailgun signature does not match');
}

function eventWebhook(body: Record<string, unknown>, key: string, deps: ProviderDeps): NormalizedEvent[] {
  const signature = record(body.signature);
  verify(stringOf(signature.timestamp), stringOf(signature.token), stringOf(signature.signature), key);
  const data = record(body['event-data']);
  const event = stringOf(data.event);
  if (event === 'complained' || event === 'unsubscribed') return optOut(event, data, deps);
  const name = event === 'failed' ? `failed:${stringOf(data.severity) ?? 'unknown'}` : event;
  const ours = lookupStatus(EVENT_MAP, name, deps, KIND);
  // Mailgun reports the Message-ID without its angle brackets; ours are stored with them.
  const messageId = stringOf(record(record(data.message).headers)['message-id']);
  if (!ours || !messageId) return [];
  const status = record(data['delivery-status']);
  const error =
    ours === 'failed'
      ? {
          code: stringOf(status.code) ?? stringOf(data.reason) ?? 'FAILED',
          message: stringOf(status.description) || stringOf(status.message) || stringOf(data.reason) || 'failed',
        }
      : undefined;
  return [statusEvent(`<${messageId.replace(/^<|>$/g, '')}>`, ours, isoFromSeconds(data.timestamp, deps, KIND), error)];
}

/** A complaint (marked as spam) or an unsubscribe names the recipient who asked to hear no more. */
function optOut(signal: 'complained' | 'unsubscribed', data: Record<string, unknown>, deps: ProviderDeps): NormalizedEvent[] {
  const address = stringOf(data.recipient)?.trim().toLowerCase();
  if (!address) return [];
  return [compact({ kind: 'opt_out', address, signal, occurredAt: isoFromSeconds(data.timestamp, deps, KIND) }) as NormalizedEvent];
}

function inboundRoute(form: FormFields, key: string, deps: ProviderDeps): NormalizedEvent[] {
  verify(form.get('timestamp'), form.get('token'), form.get('signature'), key);
  const headers = messageHeaders(form.get('message-headers'));
  const messageId = headers.get('message-id');
  const sender = parseAddress(form.get('from') ?? form.get('sender') ?? '');
  if (!messageId || !sender) {
    deps.logger?.warn({ provider: KIND, messageId, from: form.get('from') }, 'inbound e-mail without Message-Id or sender skipped');
    return [];
  }
  const content = compact({
    text: form.get('stripped-text') ?? form.get('body-plain') ?? '',
    subject: form.get('subject'),
    inReplyTo: headers.get('in-reply-to'),
    references: headers.get('references'),
    attachmentCount: form.files > 0 ? form.files : undefined,
  });
  return [
    inboundEvent({
      providerMessageId: messageId,
      from: sender.address,
      senderName: sender.name,
      type: 'text',
      content,
      occurredAt: isoFromSeconds(form.get('timestamp'), deps, KIND),
      answers: nonEmpty(answeredIds(headers.get('in-reply-to'), headers.get('references'))),
    }),
  ];
}

/** `message-headers` is a JSON list of [name, value] pairs; names are matched case-insensitively. */
function messageHeaders(raw: string | undefined): Map<string, string> {
  const headers = new Map<string, string>();
  let pairs: unknown;
  try {
    pairs = raw ? JSON.parse(raw) : [];
  } catch {
    pairs = [];
  }
  if (!Array.isArray(pairs)) return headers;
  for (const pair of pairs) {
    if (Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string' && !headers.has(pair[0].toLowerCase())) {
      headers.set(pair[0].toLowerCase(), pair[1]);
    }
  }
  return headers;
}

/** `"Maria Souza" <Maria@Example.com>` → { address: 'maria@example.com', name: 'Maria Souza' }. */
function parseAddress(value: string): { address: string; name?: string } | undefined {
  const angle = /^(.*)<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value.trim());
  const address = (angle?.[2] ?? value.trim()).toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return undefined;
  const name = angle?.[1]?.trim().replace(/^"|"$/g, '').trim();
  return { address, name: name || undefined };
}
