/**
 * What Meta's three channels (WhatsApp Cloud API, Instagram, Messenger) share: the Graph API error
 * body, the X-Hub-Signature-256 check over the raw body, and the hub.challenge handshake.
 * https://developers.facebook.com/docs/graph-api/webhooks/getting-started
 * https://developers.facebook.com/docs/graph-api/guides/error-handling
 */
import type { CallbackRequest, HandshakeResponse } from '../provider.js';
import { header, hmacHex, invalidSignature, isRecord, safeEqual, stringOf } from './callbacks.js';
import type { VendorError } from './http.js';

/**
 * Graph error codes that mean "later", even when the HTTP status is a 4xx: 2 service unavailable;
 * 4, 17, 32, 613 API rate limits; 130429 Cloud API throughput; 131056 pair rate limit.
 */
const RETRYABLE_GRAPH_CODES = new Set(['2', '4', '17', '32', '613', '130429', '131056']);

/** `{"error":{"message","type","code","error_subcode","error_data":{"details"},"fbtrace_id"}}` */
export function describeGraphError(body: unknown): VendorError | undefined {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (!error) return undefined;
  const code = stringOf(error.code);
  const subcode = stringOf(error.error_subcode);
  const details = isRecord(error.error_data) ? stringOf(error.error_data.details) : undefined;
  const parts = [stringOf(error.message) ?? 'Graph API error'];
  if (details) parts.push(details);
  if (subcode) parts.push(`subcode ${subcode}`);
  const trace = stringOf(error.fbtrace_id);
  if (trace) parts.push(`fbtrace_id ${trace}`);
  return { code, message: parts.join(' | '), retryable: code !== undefined && RETRYABLE_GRAPH_CODES.has(code) };
}

/** Throws INVALID_SIGNATURE unless X-Hub-Signature-256 is HMAC-SHA256(app secret, raw body). */
export function verifyHubSignature(request: CallbackRequest, appSecret: string): void {
  const given = header(request, 'x-hub-signature-256');
  if (!given) throw invalidSignature('X-Hub-Signature-256 is missing');
  const expected = `sha256=${hmacHex('sha256', appSecret, request.body)}`;
  if (!safeEqual(given.toLowerCase(), expected)) throw invalidSignature('X-Hub-Signature-256 does not match the body');
}

/** GET ?hub.mode=subscribe&hub.verify_token=…&hub.challenge=… → 200 with the challenge, else 403. */
export function hubHandshake(request: CallbackRequest, verifyToken: string | undefined): HandshakeResponse {
  const mode = request.query['hub.mode'];
  const token = request.query['hub.verify_token'];
  const challenge = request.query['hub.challenge'];
  const ok =
    verifyToken !== undefined &&
    mode === 'subscribe' &&
    typeof token === 'string' &&
    safeEqual(token, verifyToken) &&
    typeof challenge === 'string';
  return ok ? { status: 200, body: challenge } : { status: 403, body: 'forbidden' };
}
