/** Schemas of custom-field definitions (admin API); customers' values are set through the public API. */
import { Type, type Static } from '@sinclair/typebox';
import { documentedAs } from '../../http/schemas.js';
import { OrgRecord } from '../shared/index.js';

export const FIELD_TYPES = ['text', 'number', 'boolean', 'date', 'select', 'multiselect', 'email', 'phone', 'url'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** The types whose values are picked from `options`. */
export const OPTION_TYPES: readonly FieldType[] = ['select', 'multiselect'];

const FieldTypeSchema = Type.Union(FIELD_TYPES.map((t) => Type.Literal(t)));
const Options = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
  minItems: 1,
  maxItems: 500,
  uniqueItems: true,
  description: 'The choices; required for select and multiselect, refused for other types',
});
const Name = Type.String({ minLength: 1, maxLength: 200, examples: ['Company size'] });

export const CustomField = OrgRecord({
  slug: Type.String(),
  name: Type.String(),
  type: FieldTypeSchema,
  options: Type.Array(Type.String(), { description: 'Empty unless the type is select or multiselect' }),
});
export type CustomFieldRecord = Static<typeof CustomField>;

const createCustomFieldFields = {
  slug: Type.String({
    pattern: '^[a-z][a-z0-9_]*$',
    maxLength: 64,
    description: 'Unique in the organization; how values are set by the public API',
    examples: ['company_size'],
  }),
  name: Name,
  type: FieldTypeSchema,
  options: Type.Optional(Options),
};
/** `options` with the select types only (the service's `checkOptions`): the document states it as if/then/else. */
export const CreateCustomFieldBody = documentedAs(
  Type.Object(createCustomFieldFields, { additionalProperties: false }),
  Type.Object(createCustomFieldFields, {
    additionalProperties: false,
    if: { properties: { type: { enum: [...OPTION_TYPES] } } },
    then: { required: ['options'] },
    else: { not: { required: ['options'] } },
  }),
);
/** The type is fixed at creation: stored values were checked against it. */
export const UpdateCustomFieldBody = Type.Object(
  { slug: Type.Optional(createCustomFieldFields.slug), name: Type.Optional(Name), options: Type.Optional(Options) },
  {
    additionalProperties: false,
    minProperties: 1,
    description: '`options` only for a select or multiselect field (400 VALIDATION_ERROR on other types)',
  },
);

export type CreateCustomFieldInput = Static<typeof CreateCustomFieldBody>;
export type UpdateCustomFieldInput = Static<typeof UpdateCustomFieldBody>;
