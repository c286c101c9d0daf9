/**
 * Shared pieces of callback parsing: reading the raw body, header lookup, constant-time secret
 * comparison, and the lookup in a provider's one exhaustive status map (unknown values → skipped
 * and logged, never guessed: STYLE.md 8).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ProviderError,
  type CallbackRequest,
  type Identity,
  type VendorError,
  type MessageStatus,
  type MessageType,
  type NormalizedEvent,
  type ProviderDeps,
} from '../provider.js';

export type OurStatus = Exclude<MessageStatus, 'pending'>;
/** A vendor status vocabulary: every known value, mapped to ours or to null (known, deliberately ignored). */
export type StatusMap = Readonly<Record<string, OurStatus | null>>;

export function invalidSignature(message: string): ProviderError {
  return new ProviderError('INVALID_SIGNATURE', message, false);
}

export function invalidCallback(message: string): ProviderError {
  return new ProviderError('INVALID_CALLBACK', message, false);
}

export function jsonBody(request: CallbackRequest): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(request.body);
    if (isRecord(body)) return body;
  } catch {
    // fall through
  }
  throw invalidCallback('callback body is not a JSON object');
}

export function header(request: CallbackRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, data: string): string {
  return createHmac(algorithm, key).update(data, 'utf8').digest('hex');
}

/**
 * Vendors that do not sign (Z-API, W-API, WAHA without HMAC): the URL registered at the vendor
 * carries the channel's secret as `?token=`: `config.callbackSecret` (generated when the channel is
 * created) or the older `config.webhookToken`. When either is set, a callback must bring one of
 * them. (The callback route already refused one without; this is the same check on the stored copy.)
 */
export function checkUrlToken(request: CallbackRequest, ...secrets: (string | undefined)[]): void {
  if (!urlTokenMatches(request, secrets)) throw invalidSignature('callback token missing or wrong');
}

/** Whether `?token=` equals one of the given secrets; true when none is set (nothing to check). */
function urlTokenMatches(request: CallbackRequest, secrets: (string | undefined)[]): boolean {
  const wanted = secrets.filter((secret): secret is string => secret !== undefined && secret !== '');
  if (wanted.length === 0) return true;
  const given = request.query.token;
  return typeof given === 'string' && wanted.some((secret) => safeEqual(given, secret));
}

/** The channel's own callback secrets: `callbackSecret`, and `webhookToken` (its older name). */
export function callbackSecrets(config: Record<string, unknown>): string[] {
  return [config.callbackSecret, config.webhookToken].filter((v): v is string => typeof v === 'string' && v !== '');
}

/** True when `?token=` is one of the channel's callback secrets (constant-time); false when it has none. */
export function hasCallbackToken(request: CallbackRequest, config: Record<string, unknown>): boolean {
  const secrets = callbackSecrets(config);
  return secrets.length > 0 && urlTokenMatches(request, secrets);
}

export function lookupStatus(map: StatusMap, value: unknown, deps: ProviderDeps, kind: string): OurStatus | undefined {
  const key = typeof value === 'number' ? String(value) : value;
  if (typeof key === 'string' && Object.hasOwn(map, key)) return map[key] ?? undefined;
  deps.logger?.warn({ provider: kind, status: value }, 'unknown vendor status skipped');
  return undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

export function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

export function stringOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/**
 * Vendor timestamps in seconds or milliseconds (numbers or numeric strings) → ISO; undefined if
 * absent. A value that is no time (not a number, or outside what a Date holds: ±8.64e15 ms) is
 * logged and treated as absent, never guessed: the event is still processed, without its time.
 */
export function isoFromSeconds(value: unknown, deps: ProviderDeps, kind: string): string | undefined {
  return vendorTime(value, 1000, deps, kind);
}

export function isoFromMillis(value: unknown, deps: ProviderDeps, kind: string): string | undefined {
  return vendorTime(value, 1, deps, kind);
}

function vendorTime(value: unknown, scale: number, deps: ProviderDeps, kind: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = numberOf(value);
  return n === undefined ? skipTime(value, deps, kind) : isoOrSkip(new Date(n * scale), value, deps, kind);
}

function isoOrSkip(date: Date, value: unknown, deps: ProviderDeps, kind: string): string | undefined {
  return Number.isNaN(date.getTime()) ? skipTime(value, deps, kind) : date.toISOString();
}

function skipTime(value: unknown, deps: ProviderDeps, kind: string): undefined {
  deps.logger?.warn({ provider: kind, timestamp: value }, 'unreadable vendor timestamp skipped');
  return undefined;
}

/** Drops undefined fields so normalized content stays small and comparable. */
export function compact(content: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(content).filter(([, v]) => v !== undefined));
}

export type InboundType = MessageType | 'unknown';
export interface InboundContent {
  type: InboundType;
  content: Record<string, unknown>;
}

export function statusEvent(providerMessageId: string, status: OurStatus, occurredAt?: string, error?: VendorError): NormalizedEvent {
  return compact({ kind: 'status', providerMessageId, status, occurredAt, error }) as NormalizedEvent;
}

export function inboundEvent(event: {
  providerMessageId: string;
  from: string;
  senderName?: string;
  type: InboundType;
  content: Record<string, unknown>;
  occurredAt?: string;
  identities?: Identity[];
  answers?: string[];
}): NormalizedEvent {
  return compact({ kind: 'inbound', ...event }) as NormalizedEvent;
}

/** An ISO/RFC date string (or epoch milliseconds) → ISO; undefined when absent, logged when unreadable. */
export function isoFromDate(value: unknown, deps: ProviderDeps, kind: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return skipTime(value, deps, kind);
  return isoOrSkip(new Date(value), value, deps, kind);
}
