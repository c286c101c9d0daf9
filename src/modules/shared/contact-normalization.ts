/**
 * How a contact value is stored and how duplicates are recognized (DESIGN.md §4, "Contacts and
 * duplicates"). Pure functions: no database, no clock, so every rule has a plain unit test.
 *
 * - `value` is what we keep and show (and what a provider is sent to): phones as E.164 digits
 *   without '+', e-mails lower-cased, ids trimmed.
 * - `matchKey` is what duplicate detection and lookups compare (index customer_contacts
 *   (organization_id, type, match_key)). It equals `value` except for Brazilian mobiles, where a
 *   number with and without the ninth digit is the same line, so both get the nine-digit key.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { AppError } from '../../errors.js';

/** The country a bare national number is read in when the organization names none (`settings.defaultCountry`). */
export const DEFAULT_COUNTRY = 'BR';

export const CONTACT_TYPES = [
  'whatsapp',
  'phone',
  'email',
  'instagram',
  'facebook',
  'telegram',
  // How else WhatsApp names a person (DESIGN.md §9, Identity): a linked-device id, Meta's
  // business-scoped user id, the user's username. Learned from callbacks, or given like any contact.
  'whatsapp_lid',
  'whatsapp_bsuid',
  'whatsapp_username',
] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

export interface NormalizedContact {
  value: string;
  matchKey: string;
}

const MAX_CONTACT_LENGTH = 320;
// Separators people type in phone numbers; anything else (letters, '#', ...) is a typo we refuse.
const PHONE_CHARACTERS = /^[0-9+()\-.\s/]+$/;
// Deliberately loose (one '@', a dot in the domain, no spaces): the mailbox is the final judge.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', `Invalid ${field}: ${message}`, [{ field, message }]);
}

export function isContactType(type: string): type is ContactType {
  return (CONTACT_TYPES as readonly string[]).includes(type);
}

/**
 * Normalizes one contact. Throws VALIDATION_ERROR (detail on `field`) when the value cannot be
 * a contact of that type. `defaultCountry` is the organization's (settings.defaultCountry).
 */
export function normalizeContact(type: string, rawValue: string, defaultCountry: string, field = 'value'): NormalizedContact {
  if (!isContactType(type)) throw invalid(field.replace(/value$/, 'type'), `must be one of ${CONTACT_TYPES.join(', ')}`);
  const trimmed = rawValue.trim();
  if (trimmed === '') throw invalid(field, 'must not be empty');
  if (trimmed.length > MAX_CONTACT_LENGTH) throw invalid(field, `must be at most ${MAX_CONTACT_LENGTH} characters`);
  switch (type) {
    case 'whatsapp':
    case 'phone':
      return normalizePhone(trimmed, defaultCountry, field);
    case 'email': {
      const value = normalizeEmail(trimmed, field);
      return { value, matchKey: value };
    }
    case 'instagram':
    case 'facebook':
    case 'telegram':
      return { value: trimmed, matchKey: trimmed };
    case 'whatsapp_lid':
    case 'whatsapp_bsuid':
    case 'whatsapp_username':
      return normalizeWhatsAppIdentity(type, trimmed, field);
  }
}

/** `<digits>@lid`, or the digits alone. */
const LID_PATTERN = /^(\d{1,24})(?::\d+)?(?:@lid)?$/;
/**
 * Meta: "a two-letter ISO country code, a period, and up to 128 alphanumeric characters"; a parent
 * BSUID has `ENT.` after the country (`US.ENT.11815799212886844830`).
 */
export const BSUID_PATTERN = /^[A-Z]{2}\.(?:ENT\.)?[A-Za-z0-9]{1,128}$/;
const USERNAME_PATTERN = /^@?[A-Za-z0-9._-]{1,64}$/;

/**
 * LIDs are stored `<digits>@lid` (what the gateways send, and take back); a BSUID as Meta writes it;
 * a username as given, found again whatever its case and with or without its `@`.
 */
function normalizeWhatsAppIdentity(
  type: 'whatsapp_lid' | 'whatsapp_bsuid' | 'whatsapp_username',
  raw: string,
  field: string,
): NormalizedContact {
  if (type === 'whatsapp_lid') {
    const digits = LID_PATTERN.exec(raw)?.[1];
    if (!digits) throw invalid(field, 'must be a WhatsApp LID: digits, optionally followed by @lid');
    return { value: `${digits}@lid`, matchKey: `${digits}@lid` };
  }
  if (type === 'whatsapp_bsuid') {
    if (!BSUID_PATTERN.test(raw)) throw invalid(field, 'must be a business-scoped user id, e.g. US.13491208655302741918');
    return { value: raw, matchKey: raw };
  }
  if (!USERNAME_PATTERN.test(raw)) throw invalid(field, 'must be a WhatsApp username (letters, digits, ".", "_" or "-")');
  return { value: raw, matchKey: raw.replace(/^@/, '').toLowerCase() };
}

export function normalizeEmail(rawValue: string, field = 'email'): string {
  const value = rawValue.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(value) || value.length > MAX_CONTACT_LENGTH) throw invalid(field, 'must be an e-mail address');
  return value;
}

/**
 * Tax ids (CPF, CNPJ, or another country's): punctuation and spaces go, letters stay (upper-cased)
 * so a non-Brazilian id is not destroyed; a CPF/CNPJ thus ends up digits only.
 */
export function normalizeDocument(rawValue: string, field = 'document'): string {
  const value = rawValue.replace(/[^0-9a-zA-Z]/g, '').toUpperCase();
  if (value === '') throw invalid(field, 'must contain digits or letters');
  if (value.length > 64) throw invalid(field, 'must be at most 64 characters');
  return value;
}

/**
 * Phones: '+…' or '00…' is international; a bare number is first read as a national number of
 * the default country, and only if that is not a valid number there, as international digits
 * without the '+' (as WhatsApp ids are written, e.g. 5511987654321 in a US organization).
 */
export function normalizePhone(raw: string, defaultCountry: string, field = 'value'): NormalizedContact {
  const key = `${defaultCountry} ${raw}`;
  const known = normalizedPhones.get(key);
  if (known) return { ...known };
  const normalized = parsePhone(raw, defaultCountry, field);
  if (normalizedPhones.size >= NORMALIZED_PHONES_KEPT) normalizedPhones.clear();
  normalizedPhones.set(key, { ...normalized });
  return normalized;
}

/**
 * The numbers read lately, by country and as written: libphonenumber's parse and validation was 4 %
 * of the send path's processor time (CPU profile of `npm run bench -- send`), and a business writes
 * to the same customers again and again. The reading is a pure function of the two, so a kept answer
 * is the answer; refusals are not kept (they throw, and are rare). Bounded: emptied when full.
 */
const normalizedPhones = new Map<string, NormalizedContact>();
const NORMALIZED_PHONES_KEPT = 10_000;

function parsePhone(raw: string, defaultCountry: string, field: string): NormalizedContact {
  if (!PHONE_CHARACTERS.test(raw))
    throw invalid(field, 'must be a phone number (digits, optionally with +, spaces, dashes or parentheses)');
  const compact = raw.replace(/[^0-9+]/g, '');
  const international = internationalForm(compact);
  const candidates = international ? [international] : [compact, `+${compact}`];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, defaultCountry as CountryCode);
    if (parsed?.isValid()) {
      const value = parsed.number.slice(1);
      return { value, matchKey: brazilianMobileKey(value) ?? value };
    }
  }
  if (international) throw invalid(field, 'is not a valid phone number');
  throw invalid(field, `is not a valid phone number (a number without + is read as a ${defaultCountry} number)`);
}

/** A number written with '+' or '00' in its international form ('+…'); undefined without its country code. */
function internationalForm(compact: string): string | undefined {
  return compact.startsWith('+') ? compact : compact.startsWith('00') ? `+${compact.slice(2)}` : undefined;
}

/**
 * Whether reading `value` as a contact of `type` (of any type, when not given) can depend on the
 * organization's default country: only for a phone number written without '+' or '00'. Callers read
 * the organization's country only then, so an integration sending E.164 numbers (or e-mails) costs
 * one query less a request; otherwise they pass COUNTRY_NOT_NEEDED, which no rule reads.
 */
export function needsDefaultCountry(value: string, type?: string): boolean {
  if (type !== undefined && type !== 'whatsapp' && type !== 'phone') return false;
  const raw = value.trim();
  return PHONE_CHARACTERS.test(raw) && internationalForm(raw.replace(/[^0-9+]/g, '')) === undefined;
}

/** The default country given when no value needs one (`needsDefaultCountry`): "unknown region". */
export const COUNTRY_NOT_NEEDED = 'ZZ';

/**
 * Brazil added a ninth digit (a leading 9) to mobile numbers in 2012–2016, but WhatsApp still
 * knows many lines by their old eight-digit form. Mobile local numbers start with 6–9 (old form)
 * or 9 followed by 6–9 (new form); both map to the nine-digit key. Landlines (2–5) keep their own.
 */
export function brazilianMobileKey(e164Digits: string): string | undefined {
  const match = /^55(\d{2})(\d{8,9})$/.exec(e164Digits);
  if (!match) return undefined;
  const [, areaCode, local] = match as unknown as [string, string, string];
  if (local.length === 8 && /^[6-9]/.test(local)) return `55${areaCode}9${local}`;
  if (local.length === 9 && /^9[6-9]/.test(local)) return e164Digits;
  return undefined;
}
