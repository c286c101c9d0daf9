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
