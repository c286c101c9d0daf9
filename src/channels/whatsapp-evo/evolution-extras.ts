/**
 * Evolution API as it really is (DESIGN.md §9), beside whatsapp-evo.provider.ts:
 * - LIDs (Evolution 2.3+, Baileys 6.7+): `key.remoteJid` may be `…@lid`, with the phone in
 *   `key.remoteJidAlt` (or `senderPn`); with `addressingMode: "lid"` the pair may come the other way
 *   round (`remoteJidAlt` the LID, `senderLid`). Whichever is which, both become the sender's
 *   identities, so Evolution's own mapping is used and never asked for again.
 * - `connection.update` (`data.state`: open, connecting, close, refused; `statusReason` the Baileys
 *   DisconnectReason) is the channel's health: open → ok; close or refused → disconnected (401 is
 *   Baileys' loggedOut), but 403 (forbidden: the number is banned) → banned.
 */
import type { Identity, NormalizedEvent, ProviderDeps } from '../provider.js';
import { compact, stringOf } from '../support/callbacks.js';
import { identities, lidFromJid, phoneFromJid } from '../support/whatsapp-ids.js';

export function evolutionSender(
  key: Record<string, unknown>,
  data: Record<string, unknown>,
): { from: string; identities?: Identity[] } | undefined {
  const candidates = [key.remoteJid, key.remoteJidAlt, key.senderPn, key.senderLid, data.senderPn, data.senderLid];
  const phone = candidates.map(phoneFromJid).find((value) => value !== undefined);
  const lid = candidates.map(lidFromJid).find((value) => value !== undefined);
  const list = identities({ type: 'whatsapp', value: phone }, { type: 'whatsapp_lid', value: lid });
  const from = phone ?? lid;
  if (!from) return undefined;
  return { from, ...(list.length > 1 ? { identities: list } : {}) };
}

export function connectionEvents(data: Record<string, unknown>, deps: ProviderDeps, kind: string): NormalizedEvent[] {
  const state = stringOf(data.state);
  const reason = stringOf(data.statusReason);
  if (state === 'connecting') return [];
  if (state !== 'open' && state !== 'close' && state !== 'refused') {
    deps.logger?.warn({ provider: kind, state }, 'unknown Evolution connection state skipped');
    return [];
  }
  // 401 is Baileys' loggedOut (the session is gone, not the number): disconnected; 403 is a ban.
  const health = state === 'open' ? 'ok' : reason === '403' ? 'banned' : 'disconnected';
  return [
    compact({ kind: 'health', health, code: reason ? `${state}:${reason}` : state, message: `connection ${state}` }) as NormalizedEvent,
  ];
}
