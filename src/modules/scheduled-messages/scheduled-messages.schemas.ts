/**
 * TypeBox schemas of the scheduled-message API (DESIGN.md §10 "Scheduled messages and follow-ups",
 * docs/scheduled-messages.md): the body (a free-form message or an approved template), the record,
 * the list's query and page.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MESSAGE_TYPES, type MessageType } from '../../channels/provider.js';
import { Timestamp, Uuid, documentedAs } from '../../http/schemas.js';
import { CONTENT_SCHEMAS } from '../messages/index.js';
import { SendTemplateBody } from '../chats/index.js';

export const SCHEDULED_STATUSES = ['scheduled', 'sent', 'cancelled', 'failed'] as const;
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

/** Why a scheduled message ended without being sent (cancelled) or could not be sent (failed). */
export const CANCEL_REASONS = ['cancelled_by_user', 'customer_replied', 'opted_out'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** Free-form types: a template is scheduled with `templateId` instead. */
const FREE_FORM_TYPES = MESSAGE_TYPES.filter((type): type is Exclude<MessageType, 'template'> => type !== 'template');

const common = {
  sendAt: Type.String({
    format: 'date-time',
    description: 'When to send it: ISO-8601 with a zone; in the future, at most 366 days ahead',
    examples: ['2026-12-01T13:00:00Z'],
  }),
  cancelIfCustomerReplies: Type.Optional(
    Type.Boolean({
      default: true,
      description: 'Cancel it (reason `customer_replied`) when the customer writes after it was scheduled. Default true',
    }),
  ),
};
const { templateId, variables } = SendTemplateBody.properties;

/**
 * Validated as one object (one 400 lists every bad field; the service requires exactly one of
 * `type`+`content` or `templateId`), documented as the two shapes it accepts.
 */
export const ScheduleBody = documentedAs(
  Type.Object(
    {
      ...common,
      type: Type.Optional(Type.Unsafe<Exclude<MessageType, 'template'>>({ type: 'string', enum: [...FREE_FORM_TYPES] })),
      content: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Shape depends on `type` (as the send endpoint)' })),
      templateId: Type.Optional(templateId),
      variables,
    },
    {
      additionalProperties: false,
      allOf: FREE_FORM_TYPES.map((type) => ({
        if: { properties: { type: { const: type } }, required: ['type'] },
        then: { properties: { content: CONTENT_SCHEMAS[type] } },
      })),
    },
  ),
  Type.Union(
    [
      ...FREE_FORM_TYPES.map((type) =>
        Type.Object(
          { ...common, type: Type.Literal(type), content: CONTENT_SCHEMAS[type] },
          { additionalProperties: false, title: `Schedule ${type}` },
        ),
      ),
      Type.Object({ ...common, templateId, variables }, { additionalProperties: false, title: 'Schedule a template' }),
    ],
    {
      examples: [
        { sendAt: '2026-12-01T13:00:00Z', type: 'text', content: { text: 'Did the order arrive?' } },
        { sendAt: '2026-12-01T13:00:00Z', templateId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f', variables: ['Ana'] },
      ],
    },
  ),
);
export type ScheduleInput = Static<typeof ScheduleBody>;

const Status = Type.Unsafe<ScheduledStatus>({ type: 'string', enum: [...SCHEDULED_STATUSES] });

export const ScheduledMessage = Type.Object(
  {
    id: Uuid,
    organizationId: Uuid,
    chatId: Uuid,
    customerId: Uuid,
    channelId: Uuid,
    status: Status,
    sendAt: Timestamp,
    type: Type.Unsafe<MessageType>({ type: 'string', enum: [...MESSAGE_TYPES] }),
    content: Type.Record(Type.String(), Type.Unknown(), { description: "The content that is sent (a template's, filled)" }),
    templateId: Type.Union([Uuid, Type.Null()]),
    variables: Type.Union([Type.Record(Type.String(), Type.String()), Type.Array(Type.String()), Type.Null()]),
    cancelIfCustomerReplies: Type.Boolean(),
    reason: Type.Union([Type.String(), Type.Null()], {
      description:
        'Cancelled: `cancelled_by_user`, `customer_replied` or `opted_out`. Failed: an error code (`OUTSIDE_WINDOW`, `CHANNEL_DISCONNECTED`, …). Otherwise null',
    }),
    errorMessage: Type.Union([Type.String(), Type.Null()], { description: 'Failed: why, in words' }),
    messageId: Type.Union([Uuid, Type.Null()], {
      description: 'Sent: the outbound message it became (its delivery status is that message’s)',
    }),
    createdByProfileId: Type.Union([Uuid, Type.Null()]),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    finishedAt: Type.Union([Timestamp, Type.Null()], { description: 'When it was sent, cancelled or failed' }),
  },
  { description: 'A message scheduled into a chat (DESIGN.md §10)' },
);
export type ScheduledMessageRecord = Static<typeof ScheduledMessage>;

const STATE = `(${SCHEDULED_STATUSES.join('|')})`;
export const ScheduledListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.String({
        pattern: `^${STATE}(,${STATE})*$`,
        description: `One state or a comma list: ${SCHEDULED_STATUSES.join(', ')}`,
        examples: ['scheduled'],
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    cursor: Type.Optional(Type.String({ format: 'uuid', description: "The previous page's nextCursor" })),
  },
  { additionalProperties: false },
);
export type ScheduledListInput = Static<typeof ScheduledListQuery>;

export const ScheduledPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(ScheduledMessage, { description: 'In the order they go: sendAt, then id' }),
  nextCursor: Type.Union([Uuid, Type.Null()]),
});

export const ScheduledParams = Type.Object({ organizationId: Uuid, chatId: Uuid });
export const ScheduledItemParams = Type.Object({ organizationId: Uuid, chatId: Uuid, scheduledMessageId: Uuid });
