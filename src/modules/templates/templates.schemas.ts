/** Schemas of WhatsApp message templates (admin API), as registered with Meta for an official channel. */
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';
import { OrgRecord } from '../shared/index.js';

export const TEMPLATE_STATUSES = ['approved', 'pending', 'rejected'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
const StatusSchema = Type.Union(
  TEMPLATE_STATUSES.map((s) => Type.Literal(s)),
  { description: 'Only approved templates can be sent' },
);

/** A component as WhatsApp defines it (HEADER, BODY, FOOTER, BUTTONS…): kept exactly as given. */
const Component = Type.Object(
  { type: Type.String({ minLength: 1, maxLength: 50, examples: ['BODY'] }) },
  { additionalProperties: true, description: 'A WhatsApp template component; every field is kept as given' },
);
const Components = Type.Array(Component, { minItems: 1, maxItems: 20 });

/** Meta's template categories: what a message costs depends on it (the campaigns' price table). */
export const TEMPLATE_CATEGORIES = ['marketing', 'utility', 'authentication'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
const CategorySchema = Type.Union(
  TEMPLATE_CATEGORIES.map((c) => Type.Literal(c)),
  { description: "Meta's category; campaigns price a template by it (null: not known, priced as marketing)" },
);

export const Template = OrgRecord({
  channelId: Uuid,
  name: Type.String(),
  language: Type.String(),
  status: StatusSchema,
  components: Components,
  category: Type.Union([CategorySchema, Type.Null()]),
});
export type TemplateRecord = Static<typeof Template>;

export const CreateTemplateBody = Type.Object(
  {
    channelId: { ...Uuid, description: 'A whatsapp_official channel of the organization' },
    name: Type.String({
      pattern: '^[a-z0-9_]+$',
      maxLength: 512,
      description: "WhatsApp's template name rule: lower-case letters, digits, underscores",
      examples: ['order_shipped'],
    }),
    language: Type.String({
      pattern: '^[a-z]{2,3}(_[A-Z]{2})?$',
      description: 'Locale code with underscore',
      examples: ['pt_BR', 'en_US'],
    }),
    status: StatusSchema,
    components: Components,
    category: Type.Optional(Type.Union([CategorySchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export const UpdateTemplateBody = Type.Partial(CreateTemplateBody, { additionalProperties: false, minProperties: 1 });
export const ListTemplatesQuery = Type.Object(
  { channelId: Type.Optional(Uuid), status: Type.Optional(StatusSchema) },
  { additionalProperties: false },
);

export type CreateTemplateInput = Static<typeof CreateTemplateBody>;
export type UpdateTemplateInput = Static<typeof UpdateTemplateBody>;
export type ListTemplatesInput = Static<typeof ListTemplatesQuery>;
