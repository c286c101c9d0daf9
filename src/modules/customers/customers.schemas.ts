/** TypeBox schemas of the customer endpoints (spec 7–8, 13, 15–16, and the reads of docs/crm.md). */
import { Type, type TSchema } from '@sinclair/typebox';
import { Uuid, Timestamp, documentedAs } from '../../http/schemas.js';
import { CONTACT_TYPES } from '../shared/index.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './customer-search.js';

const NullableString = (options: { maxLength: number; description?: string }) => Type.Union([Type.String(options), Type.Null()]);

export const Customer = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    email: Type.Union([Type.String(), Type.Null()]),
    document: Type.Union([Type.String(), Type.Null()]),
    country: Type.Union([Type.String(), Type.Null()]),
    person_type: Type.Union([Type.String(), Type.Null()]),
    salePrice: Type.Union([Type.Number(), Type.Null()]),
    stageId: Type.Union([Uuid, Type.Null()]),
    stageOrder: Type.Union([Type.Number(), Type.Null()]),
    contacts: Type.Array(
      Type.Object({ id: Uuid, type: Type.String(), value: Type.String(), label: Type.Union([Type.String(), Type.Null()]) }),
    ),
    tags: Type.Array(Type.Object({ id: Uuid, name: Type.String(), color: Type.String() })),
    customFields: Type.Array(Type.Object({ slug: Type.String(), field_definition_id: Uuid, value: Type.Unknown() })),
    optedOut: Type.Boolean({ description: 'Opted out of bulk messages (campaigns, scheduled messages): by keyword or PUT …/opt-out' }),
    optedOutAt: Type.Union([Timestamp, Type.Null()]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A customer with its contacts, tags and custom field values' },
);

/** What contact-normalization.ts accepts, per contact type: the document states it as one schema per type. */
export const EMAIL_ADDRESS_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
const PHONE_VALUE_PATTERN = '^[0-9+()\\-.\\s/]*[0-9][0-9+()\\-.\\s/]*$';
const contactLabel = Type.Optional(NullableString({ maxLength: 100 }));
const contactOf = (types: readonly string[], value: TSchema) =>
  Type.Object({ type: Type.Union(types.map((type) => Type.Literal(type))), value, label: contactLabel }, { additionalProperties: false });

const ContactItem = documentedAs(
  Type.Object(
    {
      // The service names the allowed types in its 400 (contact-normalization.ts); the document lists them.
      type: Type.String({ examples: ['whatsapp'] }),
      value: Type.String({
        minLength: 1,
        maxLength: 320,
        description: 'Phones in any format (bare national numbers use the organization country)',
        examples: ['+55 11 98765-4321'],
      }),
      label: contactLabel,
    },
    { additionalProperties: false },
  ),
  Type.Union(
    [
      contactOf(
        ['whatsapp', 'phone'],
        Type.String({
          minLength: 1,
          maxLength: 320,
          pattern: PHONE_VALUE_PATTERN,
          description:
            'A phone number: digits with optional +, spaces, dashes, dots, slashes or parentheses; it must be a valid ' +
            "number (libphonenumber) of its country, a bare national number read in the organization's default country",
          examples: ['+55 11 98765-4321'],
        }),
      ),
      contactOf(['email'], Type.String({ minLength: 3, maxLength: 320, pattern: EMAIL_ADDRESS_PATTERN, examples: ['ana@example.com'] })),
      contactOf(
        ['whatsapp_lid'],
        Type.String({
          minLength: 1,
          maxLength: 320,
          pattern: '^\\d{1,24}(:\\d+)?(@lid)?$',
          description: "A WhatsApp linked-device id (LID), stored as `<digits>@lid`: how WhatsApp's newer engines name a person",
          examples: ['123456789012345@lid'],
        }),
      ),
      contactOf(
        ['whatsapp_bsuid'],
        Type.String({
          minLength: 4,
          maxLength: 320,
          pattern: '^[A-Z]{2}\\.(ENT\\.)?[A-Za-z0-9]{1,128}$',
          description: "Meta's business-scoped user id (2026): two-letter country code, a period, up to 128 letters or digits",
          examples: ['US.13491208655302741918'],
        }),
      ),
      contactOf(
        ['whatsapp_username'],
        Type.String({
          minLength: 1,
          maxLength: 320,
          pattern: '^@?[A-Za-z0-9._-]{1,64}$',
          description: 'A WhatsApp username (2026); matched whatever its case, with or without its @',
          examples: ['@ana.silva'],
        }),
      ),
      contactOf(
        ['instagram', 'facebook', 'telegram'],
        Type.String({ minLength: 1, maxLength: 320, pattern: '\\S', description: 'A handle or id, not blank', examples: ['ana.silva'] }),
      ),
    ],
    { description: 'A contact; its value is checked per type' },
  ),
);

const customFieldItem = {
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  field_definition_id: Type.Optional(Uuid),
  value: Type.Optional(Type.Unknown({ description: 'Validated against the field type; null clears the value' })),
};
/** The value of one field, named by slug or id (the service checks that rule and answers its own 400). */
export const CustomFieldItem = documentedAs(
  Type.Object(customFieldItem, { additionalProperties: false }),
  Type.Object(
    { ...customFieldItem, value: Type.Unknown({ description: 'Validated against the field type; null clears the value' }) },
    {
      additionalProperties: false,
      anyOf: [{ required: ['slug'] }, { required: ['field_definition_id'] }],
      description: 'One of `slug` or `field_definition_id`, and a `value`',
    },
  ),
);

const primaryEmail = Type.String({ maxLength: 320, format: 'email', pattern: EMAIL_ADDRESS_PATTERN, description: 'Primary e-mail' });

const customerFields = {
  // Trimmed by the service: a blank name is refused.
  name: documentedAs(Type.String({ minLength: 1, maxLength: 200 }), Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
  // The service checks the address (contact-normalization.ts) and answers its own 400.
  email: Type.Optional(
    documentedAs(
      NullableString({ maxLength: 320, description: 'Primary e-mail' }),
      Type.Union([primaryEmail, Type.Null()], { description: 'Primary e-mail (its domain has a dot)' }),
    ),
  ),
  contacts: Type.Optional(Type.Array(ContactItem, { maxItems: 50 })),
  stageId: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'CRM funnel stage' })),
  document: Type.Optional(NullableString({ maxLength: 64, description: 'Tax id (CPF/CNPJ or other); stored without punctuation' })),
  country: Type.Optional(NullableString({ maxLength: 100 })),
  person_type: Type.Optional(NullableString({ maxLength: 50 })),
  salePrice: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  selectedTags: Type.Optional(Type.Array(Uuid, { maxItems: 100, description: 'Tag ids; on update the whole selection' })),
  customFields: Type.Optional(Type.Array(CustomFieldItem, { maxItems: 100 })),
  allowDuplicateContacts: Type.Optional(Type.Boolean({ description: 'Allow a contact, e-mail or document another customer holds' })),
};

/** A customer must be reachable: at least one contact or an e-mail (customers.service.ts). */
export const CreateCustomerBody = documentedAs(
  Type.Object(customerFields, { additionalProperties: false }),
  // One member per way to reach the customer: the form client generators compile.
  Type.Union(
    [
      Type.Object(
        { ...customerFields, contacts: Type.Array(ContactItem, { minItems: 1, maxItems: 50 }) },
        { additionalProperties: false, description: 'With at least one contact' },
      ),
      Type.Object({ ...customerFields, email: primaryEmail }, { additionalProperties: false, description: 'With an e-mail' }),
    ],
    { description: 'At least one contact or an e-mail' },
  ),
);
export const UpdateCustomerBody = Type.Object(
  { ...customerFields, name: Type.Optional(customerFields.name) },
  {
    additionalProperties: false,
    // One rule for every update route: a body that names nothing to change is 400 (docs/architecture.md).
    minProperties: 1,
    description:
      'Partial update (at least one field); contacts and selectedTags replace the stored lists. The customer must stay ' +
      'reachable: an update leaving it without contacts and without an e-mail is 400 VALIDATION_ERROR (field `contacts`)',
  },
);

export const CustomerParams = Type.Object({ organizationId: Uuid, customerId: Uuid });
export const CustomerTagParams = Type.Object({ organizationId: Uuid, customerId: Uuid, tagId: Uuid });

export const AttachTagBody = Type.Object({ tagId: Uuid, chatId: Type.Optional(Uuid) }, { additionalProperties: false });
export const DetachTagBody = Type.Union([Type.Object({ chatId: Type.Optional(Uuid) }, { additionalProperties: false }), Type.Null()]);

export const StageBody = Type.Object(
  {
    stageId: Type.Union([Uuid, Type.Null()], { description: 'The stage; null removes the customer from the funnel' }),
    stageOrder: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    notes: Type.Optional(Type.String({ maxLength: 5000 })),
    chatId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);

export const StageHistoryEntry = Type.Object({
  id: Uuid,
  customerId: Uuid,
  fromStageId: Type.Union([Uuid, Type.Null()]),
  toStageId: Type.Union([Uuid, Type.Null()]),
  stageOrder: Type.Union([Type.Number(), Type.Null()]),
  notes: Type.Union([Type.String(), Type.Null()]),
  chatId: Type.Union([Uuid, Type.Null()]),
  movedByProfileId: Type.Union([Uuid, Type.Null()]),
  createdAt: Timestamp,
});

export const CustomerListQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          'Any part of the name, e-mail, document or a contact (accents and case ignored; a phone number by any run of its digits), or a whole contact',
      }),
    ),
    contact: Type.Optional(Type.String({ maxLength: 320, description: 'A contact value in any format' })),
    contactType: Type.Optional(Type.Union(CONTACT_TYPES.map((t) => Type.Literal(t)))),
    tagId: Type.Optional(Uuid),
    stageId: Type.Optional(Uuid),
    assigneeProfileId: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "A member's profile id: only customers with a chat (any status) assigned to that member",
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })),
    cursor: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);

export const CustomerPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(Customer),
  nextCursor: Type.Union([Uuid, Type.Null()]),
});
