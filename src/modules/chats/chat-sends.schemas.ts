/**
 * Bodies and answers of the two sends into an existing chat (spec endpoints 9 and 14, DESIGN.md §6):
 * a message sequence and a WhatsApp template.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MEDIA_KINDS } from '../../channels/provider.js';
import { OrgParams, Uuid } from '../../http/schemas.js';

/** Longest wait after a step (24 h): a sequence is a conversation, not a scheduler. */
export const MAX_STEP_DELAY_MS = 24 * 60 * 60 * 1000;
export const MAX_SEQUENCE_STEPS = 10;
const TempId = Type.String({ minLength: 1, maxLength: 255, description: 'Client temporary id, echoed back' });

const UrlAttachment = Type.Object(
  {
    url: Type.String({ format: 'uri', pattern: '^https://', maxLength: 2048, description: 'Absolute https URL of the media' }),
    type: Type.Optional(
      Type.Unsafe<(typeof MEDIA_KINDS)[number]>({
        type: 'string',
        enum: [...MEDIA_KINDS],
        description: 'Media type; guessed from `mimetype`, else `document`',
      }),
    ),
    mimetype: Type.Optional(Type.String({ maxLength: 255 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'File name (documents)' })),
  },
  { additionalProperties: false },
);

export const SequenceStep = Type.Object(
  {
    content: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'Text; required when the step has no attachments' })),
    attachment_ids: Type.Optional(Type.Array(Uuid, { maxItems: 10, description: 'Files of the organization (POST …/files)' })),
    url_attachments: Type.Optional(Type.Array(UrlAttachment, { maxItems: 10, description: 'Attachments by URL (legacy)' })),
    delay_after_ms: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_STEP_DELAY_MS,
        description: 'Wait after this step was accepted by the provider (at most 24 h)',
      }),
    ),
    sign_message: Type.Optional(Type.Boolean()),
    signMessage: Type.Optional(Type.Boolean({ description: 'Alias of sign_message' })),
    tempId: Type.Optional(TempId),
    content_as_caption: Type.Optional(
      Type.Boolean({
        description:
          "With `content` and exactly one attachment that is an image, a video or a document, on a channel with captions: one message, `content` as the attachment's caption (the console's text typed with a file). Otherwise, and by default, the text goes first as a message of its own.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type SequenceStepInput = Static<typeof SequenceStep>;

export const MessageSequenceBody = Type.Object(
  {
    steps: Type.Array(SequenceStep, { minItems: 1, maxItems: MAX_SEQUENCE_STEPS, description: '1 to 10 steps' }),
    replyToMessageId: Type.Optional({ ...Uuid, description: 'A message of this chat; the first step answers it' }),
    auxiliaryChannelId: Type.Optional({
      ...Uuid,
      description: 'Send through another active channel of the organization of the same kind family, to the same contact',
    }),
  },
  { additionalProperties: false },
);
export type MessageSequenceInput = Static<typeof MessageSequenceBody>;

export const MessageSequenceResult = Type.Object({
  success: Type.Literal(true),
  sequenceId: Uuid,
  messages: Type.Array(Type.Object({ id: Uuid, tempId: Type.Union([Type.String(), Type.Null()]), sequenceIndex: Type.Integer() })),
});
export type MessageSequenceAnswer = Static<typeof MessageSequenceResult>;

export const SendTemplateBody = Type.Object(
  {
    templateId: { ...Uuid, description: 'Service template id (an approved template of the chat’s channel)' },
    variables: Type.Optional(
      Type.Union(
        [
          Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.String({ maxLength: 1024 }), { maxProperties: 100 }),
          Type.Array(Type.String({ maxLength: 1024 }), { maxItems: 100 }),
        ],
        { description: 'Body placeholders {{1}}, {{2}}…: `{"1": "Ana"}` or `["Ana"]`' },
      ),
    ),
    tempId: Type.Optional(TempId),
  },
  { additionalProperties: false },
);
export type SendTemplateInput = Static<typeof SendTemplateBody>;

export const SendTemplateResult = Type.Object({ success: Type.Literal(true), messageId: Uuid });

/** The spec's own error shape for send-template: `{ error, code }` (plus `details` for validation). */

export const ChatParams = Type.Object({ ...OrgParams.properties, chatId: Uuid });
