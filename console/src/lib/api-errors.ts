/**
 * The service's error codes in the agent's language. The service answers `{ error: { code,
 * message } }` with an English message for developers; the console shows the catalogue's sentence
 * for the code (`apiError.<CODE>` in i18n/en.ts and pt-BR.ts), and the service's own message only
 * for a code the catalogue does not have. A validation error names the fields it refused.
 * Plain TypeScript apart from the catalogue lookup, which is passed in (test/console/api-errors.test.ts).
 */

/** The codes the catalogue translates (src/errors.ts has the service's whole list). */
export const TRANSLATED_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'IP_NOT_ALLOWED',
  'ROUTE_NOT_FOUND',
  'CHAT_NOT_FOUND',
  'CUSTOMER_NOT_FOUND',
  'MESSAGE_NOT_FOUND',
  'FILE_NOT_FOUND',
  'TEMPLATE_NOT_FOUND',
  'TAG_NOT_FOUND',
  'STAGE_NOT_FOUND',
  'NOTE_NOT_FOUND',
  'TEMPLATE_NOT_APPROVED',
  'CHANNEL_NOT_OFFICIAL',
  'DUPLICATE_CONTACT',
  'DUPLICATE_EMAIL',
  'DUPLICATE_DOCUMENT',
  'TAG_NAME_TAKEN',
  'SHORTCUT_TAKEN',
  'ALREADY_EXISTS',
  'LAST_OWNER',
  'INVALID_TRANSITION',
  'CHAT_CHANGED',
  'CHAT_CLOSED',
  'MESSAGE_NOT_SENT',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'CHANNEL_DISCONNECTED',
  'UNSUPPORTED_BY_CHANNEL',
  'WHATSAPP_WINDOW_CLOSED',
  'OUTSIDE_WINDOW',
  'FILE_FETCH_FAILED',
  'RATE_LIMITED',
  'MESSAGING_LIMIT',
  'INTERNAL_ERROR',
  'NOT_READY',
] as const;
export type TranslatedCode = (typeof TRANSLATED_CODES)[number];

export interface ErrorEnvelope {
  code?: string;
  message?: string;
  details?: { field?: unknown; message?: unknown }[];
}

/**
 * The sentence an agent reads for an error answer: the catalogue's for a known code (a
 * validation error with the refused fields), else the service's message, else `fallback`.
 */
export function apiErrorText(
  error: ErrorEnvelope,
  translate: (key: TranslatedCode | 'VALIDATION_ERROR_FIELDS', values: { fields: string }) => string,
  fallback: string,
): string {
  const code = error.code ?? '';
  if ((TRANSLATED_CODES as readonly string[]).includes(code)) {
    const fields = [...new Set((error.details ?? []).map((d) => (typeof d.field === 'string' ? d.field : '')).filter(Boolean))];
    if (code === 'VALIDATION_ERROR' && fields.length > 0) return translate('VALIDATION_ERROR_FIELDS', { fields: fields.join(', ') });
    return translate(code as TranslatedCode, { fields: '' });
  }
  return error.message || fallback;
}
