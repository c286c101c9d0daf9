/**
 * `to` per channel kind (issue 4 item 1): a phone for the WhatsApp kinds, an e-mail for email, a
 * platform user id for Instagram and Facebook. The normalized value is what the provider is sent,
 * what the chat's contact is, and what the answer echoes.
 */
import { isWhatsAppKind } from '../../channels/kinds.js';
import { SANDBOX_FAILING_PREFIX } from '../../channels/sandbox/sandbox.provider.js';
import type { ErrorDetail } from '../../errors.js';
import { AppError } from '../../errors.js';
import { normalizeContact, type ContactType } from '../shared/index.js';

export function contactTypeFor(kind: string): ContactType {
  if (isWhatsAppKind(kind)) return 'whatsapp';
  if (kind === 'email') return 'email';
  if (kind === 'instagram') return 'instagram';
  return 'facebook';
}

// Instagram-scoped and page-scoped ids are digits; some gateways use handles. No spaces, no '@'.
const PLATFORM_ID = /^[A-Za-z0-9._-]{1,128}$/;

export interface Recipient {
  contactType: ContactType;
  /** Stored and sent value. */
  value: string;
  /** Duplicate-detection key of the contact (customer_contacts.match_key). */
  matchKey: string;
  /** A sandbox "000…" recipient: valid only on a sandbox channel, no real contact. */
  sandboxOnly?: boolean;
}

/**
 * Normalizes `to` for the channel's kind, or returns the detail that explains why it cannot be.
 * On a sandbox channel a recipient made of digits starting with 000 is kept as is: it is the
 * sandbox's way to simulate an undeliverable number, and no real numbering plan has it.
 */
export function normalizeRecipient(kind: string, to: string, defaultCountry: string, sandbox: boolean): Recipient | ErrorDetail {
  const contactType = contactTypeFor(kind);
  const trimmed = to.trim();
  if (sandbox && contactType === 'whatsapp' && new RegExp(`^${SANDBOX_FAILING_PREFIX}\\d{0,20}$`).test(trimmed)) {
    return { contactType, value: trimmed, matchKey: trimmed, sandboxOnly: true };
  }
  if ((contactType === 'instagram' || contactType === 'facebook') && !PLATFORM_ID.test(trimmed)) {
    return { field: 'to', message: `must be a ${contactType} user id (letters, digits, '.', '_' or '-')` };
  }
  try {
    const normalized = normalizeContact(contactType, trimmed, defaultCountry, 'to');
    return { contactType, value: normalized.value, matchKey: normalized.matchKey };
  } catch (err) {
    if (err instanceof AppError && err.details?.[0]) return { field: 'to', message: err.details[0].message };
    throw err;
  }
}

export function isRecipient(value: Recipient | ErrorDetail): value is Recipient {
  return 'value' in value;
}
