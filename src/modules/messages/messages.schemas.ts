/**
 * The send endpoint's contract (spec endpoint 1): the envelope, and the content's schema per message type.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MESSAGE_STATUSES, MESSAGE_TYPES, type MessageType } from '../../channels/provider.js';
import { Uuid, documentedAs } from '../../http/schemas.js';
import { Source } from './message-news.schemas.js';

const HttpsUrl = Type.String({
  format: 'uri',
  pattern: '^https://',
  maxLength: 2048,
  description: 'Absolute https URL of the media',
  examples: ['https://example.com/photo.jpg'],
});
const Caption = Type.String({ maxLength: 1024 });
const closed = { additionalProperties: false } as const;

export const CONTENT_SCHEMAS = {
  text: Type.Object({ text: Type.String({ minLength: 1, maxLength: 4096 }) }, closed),
  image: Type.Object({ url: HttpsUrl, caption: Type.Optional(Caption) }, closed),
  video: Type.Object({ url: HttpsUrl, caption: Type.Optional(Caption) }, closed),
  audio: Type.Object({ url: HttpsUrl }, closed),
  document: Type.Object(
    { url: HttpsUrl, filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })), caption: Type.Optional(Caption) },
    closed,
  ),
  location: Type.Object(
    {
      latitude: Type.Number({ minimum: -90, maximum: 90 }),
      longitude: Type.Number({ minimum: -180, maximum: 180 }),
      name: Type.Optional(Type.String({ maxLength: 1000 })),
      address: Type.Optional(Type.String({ maxLength: 1000 })),
    },
    closed,
  ),
  template: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 512, description: 'Name of an approved template of this channel' }),
      language: Type.String({
        pattern: '^[a-z]{2,3}(_[A-Z]{2})?$',
        description: 'Locale code with underscore',
        examples: ['pt_BR', 'en_US'],
      }),
      components: Type.Optional(
        Type.Array(
          Type.Object({
            type: Type.String({ minLength: 1 }),
            parameters: Type.Optional(Type.Array(Type.Object({ type: Type.String({ minLength: 1 }), text: Type.Optional(Type.String()) }))),
          }),
          { maxItems: 20 },
        ),
      ),
    },
    closed,
  ),
} as const satisfies Record<MessageType, TSchema>;

const sendEnvelope = {
  channel_id: Uuid,
  to: Type.String({
    minLength: 1,
    maxLength: 320,
    description: 'Phone (WhatsApp kinds), e-mail (email) or user id (Instagram, Facebook)',
    examples: ['5511987654321'],
  }),
};

/**
 * Validated as one object whose `type` picks the content's schema (if/then), so one 400 lists every
 * bad field of the envelope and of the content; documented as the same rules in a union by `type`,
 * which client generators turn into one precise type per message type.
 */
export const SendMessageBody = documentedAs(
  Type.Object(
    {
      ...sendEnvelope,
      type: Type.Unsafe<MessageType>({ type: 'string', enum: [...MESSAGE_TYPES], description: 'Message type' }),
      content: Type.Record(Type.String(), Type.Unknown(), { description: 'Shape depends on `type`' }),
    },
    {
      additionalProperties: false,
      allOf: MESSAGE_TYPES.map((type) => ({
        if: { properties: { type: { const: type } }, required: ['type'] },
        then: { properties: { content: CONTENT_SCHEMAS[type] } },
      })),
    },
  ),
  Type.Union(
    MESSAGE_TYPES.map((type) =>
      Type.Object(
        { ...sendEnvelope, type: Type.Literal(type), content: CONTENT_SCHEMAS[type] },
        { additionalProperties: false, title: `Send ${type}` },
      ),
    ),
    { examples: [{ channel_id: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f', to: '5511987654321', type: 'text', content: { text: 'Hello!' } }] },
  ),
);
export type SendMessageInput = Static<typeof SendMessageBody>;

export const Message = Type.Object({
  id: Uuid,
  channel_id: Uuid,
  to: Type.String({ description: 'Normalized recipient' }),
  type: Type.Unsafe<MessageType>({ type: 'string', enum: [...MESSAGE_TYPES] }),
  status: Type.Unsafe<(typeof MESSAGE_STATUSES)[number]>({ type: 'string', enum: [...MESSAGE_STATUSES] }),
  content: Type.Record(Type.String(), Type.Unknown(), { description: 'Echo of the content sent' }),
  created_at: Type.String({ format: 'date-time' }),
  chat_id: Uuid,
  error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() }, { description: "When failed: the provider's reason" })),
  source: Type.Optional(Source),
});
export type MessageRecord = Static<typeof Message>;
