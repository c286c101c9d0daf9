/**
 * The API records some events embed, as schemas: the customer (`customer.created`,
 * `customer.updated`), the note (`customer.note_created`, `customer.note_updated`) and the custom
 * field value (`customer.field_value_set`). An embedded record is exactly what the REST API returns
 * for it, field names included (the customer's `salePrice`, the note's `authorProfileId`): an
 * integrator reads one shape whether it came from GET or from a webhook. Only an event's own keys
 * are snake_case (docs/webhooks.md).
 *
 * They are spelt out here rather than imported (the modules that write them import the event log);
 * test/unit/event-catalogue.test.ts checks that their types stay exactly the modules' own.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Every id the service makes is a UUID v7 (lib/ids.ts). */
export const Id = Type.String({ format: 'uuid' });
/** ISO-8601 instants, as every record and event writes them. */
export const Instant = Type.String({ format: 'date-time' });

export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** A closed list of strings, rendered as `enum` (as route schemas do) and typed as its union. */
export function OneOf<const T extends readonly string[]>(values: T, description?: string) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });
}

const strict = { additionalProperties: false } as const;

export const EXAMPLE_IDS = {
  customer: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e01',
  chat: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e02',
  message: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e03',
  channel: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e04',
  profile: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e05',
  tag: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e06',
  stage: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e07',
  nextStage: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e08',
  note: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e09',
  field: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0a',
  contact: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0b',
  team: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0c',
  flow: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0d',
  run: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e0e',
} as const;
export const EXAMPLE_TIME = '2026-03-02T14:05:09.120Z';

/** The custom field value as endpoint 17 answers it (modules/custom-fields); `value` is null when cleared. */
export const FieldValueRecord = Type.Object(
  {
    slug: Type.String(),
    field_definition_id: Id,
    value: Type.Unknown({ description: 'The stored value (string, number, boolean, date, list…); null when cleared' }),
  },
  strict,
);

/** The customer record as GET /api/{organizationId}/customers/{id} returns it (modules/customers/customer-record.ts). */
export const CustomerRecord = Type.Object(
  {
    id: Id,
    name: Type.String(),
    email: Nullable(Type.String()),
    document: Nullable(Type.String()),
    country: Nullable(Type.String()),
    person_type: Nullable(Type.String()),
    salePrice: Nullable(Type.Number()),
    stageId: Nullable(Id),
    stageOrder: Nullable(Type.Number()),
    contacts: Type.Array(Type.Object({ id: Id, type: Type.String(), value: Type.String(), label: Nullable(Type.String()) }, strict)),
    tags: Type.Array(Type.Object({ id: Id, name: Type.String(), color: Type.String() }, strict)),
    customFields: Type.Array(FieldValueRecord),
    optedOut: Type.Boolean(),
    optedOutAt: Nullable(Instant),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { ...strict, description: 'The customer record exactly as GET /api/{organizationId}/customers/{id} returns it' },
);

/** A note as the note endpoints return it (modules/notes). */
export const NoteRecord = Type.Object(
  {
    id: Id,
    customerId: Id,
    title: Type.String(),
    content: Nullable(Type.String()),
    authorProfileId: Nullable(Id),
    createdAt: Instant,
    updatedAt: Instant,
  },
  { ...strict, description: 'The note exactly as the note endpoints return it' },
);

export type CustomerPayload = Static<typeof CustomerRecord>;
export type NotePayload = Static<typeof NoteRecord>;
export type FieldValuePayload = Static<typeof FieldValueRecord>;

export const EXAMPLE_CUSTOMER: CustomerPayload = {
  id: EXAMPLE_IDS.customer,
  name: 'Ana Souza',
  email: 'ana@example.com',
  document: null,
  country: 'BR',
  person_type: null,
  salePrice: 1200,
  stageId: EXAMPLE_IDS.stage,
  stageOrder: 1,
  contacts: [{ id: EXAMPLE_IDS.contact, type: 'whatsapp', value: '+5511999990000', label: null }],
  tags: [{ id: EXAMPLE_IDS.tag, name: 'vip', color: '#7c3aed' }],
  customFields: [{ slug: 'company_size', field_definition_id: EXAMPLE_IDS.field, value: 40 }],
  optedOut: false,
  optedOutAt: null,
  createdAt: EXAMPLE_TIME,
  updatedAt: EXAMPLE_TIME,
};

export const EXAMPLE_NOTE: NotePayload = {
  id: EXAMPLE_IDS.note,
  customerId: EXAMPLE_IDS.customer,
  title: 'Call back',
  content: 'Wants the annual plan; call on Monday.',
  authorProfileId: EXAMPLE_IDS.profile,
  createdAt: EXAMPLE_TIME,
  updatedAt: EXAMPLE_TIME,
};
