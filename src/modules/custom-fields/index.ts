/**
 * The custom-fields module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { CreateCustomFieldBody, CustomField, UpdateCustomFieldBody } from './custom-fields.schemas.js';
export { type FieldDefinition, validateFieldValue } from './field-value-rules.js';
