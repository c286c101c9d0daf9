/** Validates an event's data against its catalogued schema with ajv (strict, formats checked); null when it fits. */
import { Ajv } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import { EVENT_SCHEMAS, EVENT_TYPES, type EventType } from '../../src/event-log/catalogue.js';

export const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

export function eventValidator(): (type: string, data: unknown) => string | null {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  const validators = new Map(EVENT_TYPES.map((type) => [type, ajv.compile(EVENT_SCHEMAS[type])]));
  return (type: string, data: unknown): string | null => {
    const validate = validators.get(type as EventType);
    if (!validate) return `${type} is not a catalogued type`;
    return validate(data) ? null : `${type}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(data)}`;
  };
}
