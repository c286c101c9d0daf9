/**
 * What a custom field value may be, per field type (pure; unit-tested). `validateFieldValue`
 * returns the value as stored (e-mails lower-cased, phones as E.164 digits, multiselect without
 * repeats) or throws VALIDATION_ERROR naming `field` and the reason.
 */
import { AppError } from '../../errors.js';
import type { FieldType } from './custom-fields.schemas.js';
import { normalizeContact, normalizeEmail } from '../shared/index.js';

export interface FieldDefinition {
  id: string;
  slug: string;
  type: string;
  /** Allowed values of select and multiselect (admin API: custom-fields.schemas.ts). */
  options: string[];
}

const MAX_TEXT_LENGTH = 10_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', `Invalid value for ${field}: ${message}`, [{ field, message }]);
}

function isRealDate(text: string): boolean {
  const day = text.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  // Date rolls 2024-02-30 over to March; a real date survives the round trip.
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day && !Number.isNaN(Date.parse(text));
}

export function validateFieldValue(definition: FieldDefinition, value: unknown, defaultCountry: string, field = 'value'): unknown {
  switch (definition.type as FieldType) {
    case 'text':
      if (typeof value !== 'string') throw invalid(field, 'must be a string (text field)');
      if (value.length > MAX_TEXT_LENGTH) throw invalid(field, `must be at most ${MAX_TEXT_LENGTH} characters`);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(field, 'must be a number (number field)');
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid(field, 'must be true or false (boolean field)');
      return value;
    case 'date':
      if (typeof value !== 'string' || !(DATE_ONLY.test(value) || DATE_TIME.test(value)) || !isRealDate(value)) {
        throw invalid(field, 'must be a date, YYYY-MM-DD or an ISO 8601 date-time (date field)');
      }
      return value;
    case 'select': {
      const allowed = definition.options;
      if (typeof value !== 'string' || !allowed.includes(value)) throw invalid(field, `must be one of: ${allowed.join(', ')}`);
      return value;
    }
    case 'multiselect': {
      const allowed = definition.options;
      if (!Array.isArray(value)) throw invalid(field, 'must be an array of options (multiselect field)');
      const bad = value.find((item) => typeof item !== 'string' || !allowed.includes(item));
      if (bad !== undefined) throw invalid(field, `${JSON.stringify(bad)} is not an option; options: ${allowed.join(', ')}`);
      return [...new Set(value as string[])];
    }
    case 'email':
      if (typeof value !== 'string') throw invalid(field, 'must be an e-mail address (email field)');
      return normalizeEmail(value, field);
    case 'phone':
      if (typeof value !== 'string') throw invalid(field, 'must be a phone number (phone field)');
      return normalizeContact('phone', value, defaultCountry, field).value;
    case 'url': {
      if (typeof value !== 'string') throw invalid(field, 'must be an http(s) URL (url field)');
      let url: URL;
      try {
        url = new URL(value.trim());
      } catch {
        throw invalid(field, 'must be an http(s) URL (url field)');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(field, 'must be an http(s) URL (url field)');
      return value.trim();
    }
    default:
      // A definition with a type this version does not know: refuse rather than store unchecked data.
      throw invalid(field, `the field has an unsupported type "${definition.type}"`);
  }
}
