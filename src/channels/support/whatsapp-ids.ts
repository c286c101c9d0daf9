import type { Identity } from '../provider.js';
/**
 * WhatsApp addresses across gateways: `5511987654321@s.whatsapp.net` (Baileys), `…@c.us` (WAHA),
 * bare digits (Z-API, W-API). Our contacts are E.164 digits, so only person addresses that carry a
 * phone number become a sender; groups, broadcasts, newsletters and `@lid` privacy ids do not.
 */
const PERSON_SUFFIXES = ['@s.whatsapp.net', '@c.us'];

export function phoneFromJid(jid: unknown): string | undefined {
  if (typeof jid !== 'string' || jid === '') return undefined;
  const at = jid.indexOf('@');
  if (at !== -1 && !PERSON_SUFFIXES.includes(jid.slice(at))) return undefined;
  // `5511…:12@s.whatsapp.net` carries a device number after the colon.
  const user = (at === -1 ? jid : jid.slice(0, at)).split(':')[0]!;
  const digits = user.replace(/\D/g, '');
  return /^\d{8,15}$/.test(digits) && /^[\d+\s()-]+$/.test(user) ? digits : undefined;
}

/** `123456789012345@lid` (or with a device `:12`) → `123456789012345@lid`; anything else undefined. */
export function lidFromJid(jid: unknown): string | undefined {
  if (typeof jid !== 'string') return undefined;
  const match = /^(\d{1,24})(?::\d+)?@lid$/.exec(jid);
  return match ? `${match[1]}@lid` : undefined;
}

/** Meta's business-scoped user id: `US.13491208655302741918`, parent ids `US.ENT.…`. */
export function bsuidOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/.test(value) ? value : undefined;
}

/** Identities of one person, each once, in the order given; absent values skipped. */
export function identities(...candidates: { type: Identity['type']; value: string | undefined }[]): Identity[] {
  const seen = new Set<string>();
  const out: Identity[] = [];
  for (const { type, value } of candidates) {
    if (value === undefined || seen.has(`${type}:${value}`)) continue;
    seen.add(`${type}:${value}`);
    out.push({ type, value });
  }
  return out;
}
