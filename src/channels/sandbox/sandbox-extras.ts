/**
 * The sandbox's simulation of DESIGN.md §9's channel and identity items (the callback bodies of its
 * last paragraph), beside sandbox.provider.ts's `message` and `status`:
 *   {"event":"status", …, "status":"read", "played":true, "pricing":{"billable":true,"category":"service"}}
 *   {"event":"health", "status":"ok"|"throttled"|"disconnected"|"banned", "code"?, "message"?, "timestamp"?}
 *   {"event":"message", …, "lid"?, "bsuid"?, "username"?}   (`from` may itself be a LID or a BSUID)
 */
import type { HealthState, Identity, NormalizedEvent } from '../provider.js';
import { bsuidOf, identities, lidFromJid, phoneFromJid } from '../support/whatsapp-ids.js';

const HEALTH_STATES: readonly HealthState[] = ['ok', 'throttled', 'disconnected', 'banned'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** `{"event":"health", …}` → a health event; undefined (skipped, logged by the caller) for an unknown status. */
export function sandboxHealth(body: Record<string, unknown>): NormalizedEvent | undefined {
  const health = HEALTH_STATES.find((state) => state === body.status);
  if (!health) return undefined;
  const event: NormalizedEvent = { kind: 'health', health };
  const code = text(body.code);
  const message = text(body.message);
  if (code) event.code = code;
  if (message) event.message = message;
  if (typeof body.timestamp === 'string') event.occurredAt = body.timestamp;
  return event;
}

/** A status body's `played` and `pricing`, as the status event's fields. */
export function sandboxStatusExtras(body: Record<string, unknown>): { played?: true; pricing?: Record<string, unknown> } {
  return {
    ...(body.played === true ? { played: true as const } : {}),
    ...(isRecord(body.pricing) ? { pricing: body.pricing } : {}),
  };
}

/**
 * A message body's identifiers: `from` (a phone, `<digits>@lid` or a BSUID) with `lid`, `bsuid`
 * and `username` beside it. Undefined when `from` is the only one (the plain §5 message).
 */
export function sandboxIdentities(body: Record<string, unknown>): Identity[] | undefined {
  const from = text(body.from) ?? '';
  const lid = text(body.lid);
  const list = identities(
    { type: 'whatsapp', value: phoneFromJid(from.replace(/^\+/, '')) },
    { type: 'whatsapp_bsuid', value: bsuidOf(from) ?? bsuidOf(body.bsuid) },
    { type: 'whatsapp_lid', value: lidFromJid(from) ?? lidFromJid(lid) ?? lidFromJid(lid && /^\d+$/.test(lid) ? `${lid}@lid` : undefined) },
    { type: 'whatsapp_username', value: text(body.username) },
  );
  return list.length > 1 ? list : undefined;
}
