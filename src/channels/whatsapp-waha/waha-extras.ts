/**
 * WAHA as it really is (DESIGN.md §9), beside the happy path of whatsapp-waha.provider.ts:
 * - senders named by LID (`…@lid`, NOWEB/GOWS engines): the phone, where the payload carries it
 *   (`_data.key.senderPn`, `_data.key.remoteJidAlt`, `_data.key.participantPn`, a phone
 *   `participant`), joins the LID as the sender's identities; else `resolveLid` asks
 *   `GET /api/{session}/lids/{lid}` (WAHA's LID endpoints: `{ "lid": "…@lid", "pn": "…@c.us" }`);
 * - `session.status` events (`payload.status`: STOPPED, STARTING, SCAN_QR_CODE, WORKING, FAILED)
 *   are the channel's health;
 * - the edition (`config.edition`: `core` or `plus`): WAHA Core sends no media. Unset, it is read
 *   once from `GET /api/server/version` (`tier`: CORE or PLUS) and kept for the process.
 */
import type { Identity, NormalizedEvent, ProviderDeps } from '../provider.js';
import { compact, isoFromMillis, record, stringOf } from '../support/callbacks.js';
import { callVendor, describeMessageError } from '../support/http.js';
import { identities, lidFromJid, phoneFromJid } from '../support/whatsapp-ids.js';

/** WAHA's session states → health; STARTING says nothing yet (skipped). */
const SESSION_HEALTH: Readonly<Record<string, 'ok' | 'disconnected' | null>> = {
  WORKING: 'ok',
  STARTING: null,
  SCAN_QR_CODE: 'disconnected',
  STOPPED: 'disconnected',
  FAILED: 'disconnected',
};

export function sessionStatusEvents(body: Record<string, unknown>, deps: ProviderDeps, kind: string): NormalizedEvent[] {
  const status = stringOf(record(body.payload).status);
  if (!status || !Object.hasOwn(SESSION_HEALTH, status)) {
    deps.logger?.warn({ provider: kind, status }, 'unknown WAHA session status skipped');
    return [];
  }
  const health = SESSION_HEALTH[status];
  if (!health) return [];
  return [
    compact({
      kind: 'health',
      health,
      code: status,
      message: `session ${stringOf(body.session) ?? ''} is ${status}`.replace('  ', ' '),
      occurredAt: isoFromMillis(body.timestamp, deps, kind),
    }) as NormalizedEvent,
  ];
}

/**
 * A message's sender: the phone, and the LID with the phone the payload gives beside it. Undefined
 * when the sender is neither (a group, a broadcast).
 */
export function wahaSender(payload: Record<string, unknown>): { from: string; identities?: Identity[] } | undefined {
  const jid = stringOf(payload.from);
  const key = record(record(payload._data).key);
  const lid = lidFromJid(jid) ?? lidFromJid(key.remoteJid) ?? lidFromJid(key.senderLid);
  const phone =
    phoneFromJid(jid) ??
    phoneFromJid(key.senderPn) ??
    phoneFromJid(key.remoteJidAlt) ??
    phoneFromJid(key.participantPn) ??
    phoneFromJid(payload.participant);
  const list = identities({ type: 'whatsapp', value: phone }, { type: 'whatsapp_lid', value: lid });
  const from = phone ?? lid;
  if (!from) return undefined;
  return { from, ...(list.length > 1 ? { identities: list } : {}) };
}

/** `<lid>@lid` → its phone, from WAHA's LID endpoint; undefined when WAHA does not know it. */
export async function lookupLid(
  deps: ProviderDeps,
  api: { baseUrl: string; session: string; headers: Record<string, string>; timeoutMs: number },
  lid: string,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const url = `${api.baseUrl}/api/${encodeURIComponent(api.session)}/lids/${encodeURIComponent(lid)}`;
  try {
    const response = await callVendor(
      deps.fetch,
      { url, method: 'GET', headers: api.headers, signal, timeoutMs: api.timeoutMs },
      describeMessageError,
    );
    return phoneFromJid(record(response.body).pn);
  } catch {
    return undefined; // 404: not known; the LID alone names the sender
  }
}

/** The editions read from the version endpoint, per WAHA base URL, for the life of the process. */
const editions = new Map<string, 'core' | 'plus'>();

export async function wahaEdition(
  deps: ProviderDeps,
  api: { baseUrl: string; headers: Record<string, string>; timeoutMs: number; configured?: string },
  signal?: AbortSignal,
): Promise<'core' | 'plus' | undefined> {
  if (api.configured === 'core' || api.configured === 'plus') return api.configured;
  const known = editions.get(api.baseUrl);
  if (known) return known;
  try {
    const response = await callVendor(
      deps.fetch,
      { url: `${api.baseUrl}/api/server/version`, method: 'GET', headers: api.headers, signal, timeoutMs: api.timeoutMs },
      describeMessageError,
    );
    const tier = stringOf(record(response.body).tier)?.toLowerCase();
    if (tier !== 'core' && tier !== 'plus') return undefined;
    editions.set(api.baseUrl, tier);
    return tier;
  } catch {
    return undefined; // unknown: the send goes as asked, and WAHA answers for itself
  }
}
