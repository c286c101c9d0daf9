/**
 * The contract of chat create (spec endpoint 2): the body and the 200 answer. What one field needs
 * of another (the contact the channel reads, a media URL for media) is checked by the service,
 * which names the field (`customer.whatsapp`, `initialMessage.url`) in the 400.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';

const closed = { additionalProperties: false } as const;
const Contact = (description: string) => Type.String({ minLength: 1, maxLength: 320, description });
const Text = (maxLength: number) => Type.String({ maxLength });

const ForceUpdate = Type.Object(
  {
    name: Type.Optional(Type.Boolean()),
    email: Type.Optional(Type.Boolean({ description: 'The primary e-mail' })),
    phone: Type.Optional(Type.Boolean({ description: "Replace the customer's phone contacts by the one sent" })),
    whatsapp: Type.Optional(Type.Boolean({ description: "Replace the customer's WhatsApp contacts by the one sent" })),
    instagram: Type.Optional(Type.Boolean()),
    facebook: Type.Optional(Type.Boolean()),
    document: Type.Optional(Type.Boolean()),
    sale_price: Type.Optional(Type.Boolean()),
    salePrice: Type.Optional(Type.Boolean({ description: 'Same as sale_price' })),
    customFields: Type.Optional(
      Type.Union([Type.Boolean(), Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { maxItems: 200 })], {
        description: 'true: every slug sent; a list of slugs; or one slug',
      }),
    ),
  },
  { ...closed, description: 'Fields to overwrite even when the customer already has a value' },
);

const CustomFieldValue = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Array(Type.String()), Type.Null()]);

export const ChatCreateCustomer = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    whatsapp: Type.Optional(Contact('WhatsApp number; read on WhatsApp channels (else `phone`)')),
    phone: Type.Optional(Contact('On WhatsApp channels used when `whatsapp` is absent; elsewhere an extra contact')),
    email: Type.Optional(Contact('Read on e-mail channels; elsewhere the primary e-mail (filled when empty)')),
    instagram: Type.Optional(Contact('Instagram user id; read on Instagram channels')),
    facebook: Type.Optional(Contact('Facebook user id; read on Facebook channels')),
    document: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    salePrice: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 32 })])),
    sale_price: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ minLength: 1, maxLength: 32 })])),
    tags: Type.Optional(
      Type.Union([Type.String({ maxLength: 100 }), Type.Array(Type.String({ maxLength: 100 }), { maxItems: 100 })], {
        description: 'Names of existing tags (case-insensitive); an unknown name is ignored, never created',
      }),
    ),
    customFields: Type.Optional(
      Type.Union(
        [
          Type.Record(Type.String({ minLength: 1, maxLength: 100 }), CustomFieldValue),
          Type.Array(Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }), value: CustomFieldValue }, closed), {
            maxItems: 200,
          }),
        ],
        { description: 'By slug: `{ <slug>: <value> }` or `[{ slug, value }]`; validated per field type (endpoint 17)' },
      ),
    ),
    forceUpdate: Type.Optional(ForceUpdate),
  },
  closed,
);

export const INITIAL_MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'document'] as const;

export const InitialMessage = Type.Union([
  Type.String({ minLength: 1, maxLength: 4096, description: 'A text message' }),
  Type.Object(
    {
      type: Type.Optional(
        Type.Union(
          INITIAL_MESSAGE_TYPES.map((t) => Type.Literal(t)),
          { description: 'Default text' },
        ),
      ),
      content: Type.Optional(Type.String({ maxLength: 4096, description: 'The text (required for text) or the caption' })),
      url: Type.Optional(Type.String({ maxLength: 2048, description: 'HTTPS media URL, required for media types' })),
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'File name (documents)' })),
      mimetype: Type.Optional(
        Type.String({ maxLength: 255, description: 'Accepted and ignored: the provider takes the type from the file' }),
      ),
      forward: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Accepted and ignored' })),
    },
    closed,
  ),
]);

const TemplateVariable = Type.Union([Type.String({ maxLength: 1024 }), Type.Number()]);

export const WhatsAppTemplate = Type.Object(
  {
    id: Type.Optional(Uuid),
    templateId: Type.Optional(Uuid),
    variables: Type.Optional(
      Type.Union([Type.Record(Type.String(), TemplateVariable), Type.Array(TemplateVariable, { maxItems: 100 })], {
        description: 'Body placeholders {{1}}, {{2}}…: an object keyed by position ("1") or an array in order',
      }),
    ),
  },
  closed,
);

export const ChatCreateBody = Type.Object(
  {
    channelId: Uuid,
    customerId: Type.Optional(Uuid),
    customer: Type.Optional(ChatCreateCustomer),
    customerName: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The name when `customer.name` is absent' })),
    teamId: Type.Optional(Uuid),
    initialMessage: Type.Optional(InitialMessage),
    whatsappTemplate: Type.Optional(WhatsAppTemplate),
    flowId: Type.Optional(Uuid),
    flowVariables: Type.Optional(
      Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 100 }), value: Text(4096) }, closed), { maxItems: 100 }),
    ),
    contextMessage: Type.Optional(Text(4096)),
    responseFlowId: Type.Optional(Uuid),
    keepPending: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type ChatCreateInput = Static<typeof ChatCreateBody>;
export type ChatCreateCustomerInput = Static<typeof ChatCreateCustomer>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });
const MessageStatus = Type.Union(
  ['sent', 'pending', 'failed'].map((s) => Type.Literal(s)),
  { description: 'sent (the provider accepted it), pending (it will be retried), failed' },
);

export const ChatCreateResult = Type.Object({
  success: Type.Literal(true),
  chatId: Uuid,
  formattedContact: Type.String({ description: 'The contact as normalized and stored (E.164 digits, lower-cased e-mail, platform id)' }),
  existing: Type.Boolean({ description: 'true when the contact already had an active chat on the channel (reused)' }),
  flowInitiated: Type.Boolean({
    description: 'Whether a flow run started; false while no flow runner runs (the request is kept on the chat)',
  }),
  keepPending: Type.Boolean(),
  responseFlowScheduled: Type.Boolean({ description: 'true when `responseFlowId` was stored on the chat' }),
  responseFlowId: Nullable(Uuid, 'null without responseFlowId'),
  responseFlowName: Nullable(Type.String(), 'null without responseFlowId'),
  templateSent: Type.Boolean({ description: 'true when the template was accepted by the provider' }),
  templateMessageId: Nullable(Uuid, 'null without whatsappTemplate'),
  templateStatus: Type.Union([MessageStatus, Type.Null()], { description: 'null without whatsappTemplate' }),
  initialMessageId: Nullable(Uuid, 'null without initialMessage'),
  initialMessageStatus: Type.Union([MessageStatus, Type.Null()], { description: 'null without initialMessage' }),
  customerId: Uuid,
  status: Type.String({ description: "The chat's state after the call: pending, in_progress or await_closing" }),
});
export type ChatCreateResultRecord = Static<typeof ChatCreateResult>;
