/**
 * TypeBox schemas of the chat API (DESIGN.md §6 "Chat API beyond the spec", docs/conversations.md):
 * the chat list and record, a chat's messages, an agent's reply and the three changes.
 */
import { MessageNewsFields } from '../messages/index.js';
import { Type, type Static } from '@sinclair/typebox';
import { MESSAGE_STATUSES, MESSAGE_TYPES, type MessageStatus, type MessageType } from '../../channels/provider.js';
import { Uuid, Timestamp } from '../../http/schemas.js';
import { Chat } from './chat-record.js';
import { CHAT_STATUSES, type ChatStatus } from '../shared/index.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

const Limit = Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE });
const StatusEnum = Type.Unsafe<ChatStatus>({ type: 'string', enum: [...CHAT_STATUSES] });
const STATE = `(${CHAT_STATUSES.join('|')})`;

export const ChatParams = Type.Object({ organizationId: Uuid, chatId: Uuid });

/** The chat record of chat-record.ts, inlined (its `$id` is left to whoever registers it). */
export const ChatItem = Type.Object(Chat.properties, { description: 'A chat (DESIGN.md §4 "Records returned")' });

const LastMessage = Type.Object({
  id: Uuid,
  direction: Type.Union([Type.Literal('inbound'), Type.Literal('outbound')]),
  type: Type.String(),
  status: Type.String(),
  preview: Type.String({ description: 'The text, or the caption, or the media type in brackets; at most 200 characters' }),
  createdAt: Timestamp,
});

export const ChatListItem = Type.Object(
  {
    ...Chat.properties,
    customerName: Type.String(),
    lastMessage: Type.Union([LastMessage, Type.Null()], { description: 'The newest message of the chat, either direction' }),
    unreadCount: Type.Integer({ minimum: 0, description: "The customer's messages no agent has opened yet (POST …/read marks them read)" }),
  },
  { description: 'A chat with its customer name and last message (for the agent console)' },
);

export const ChatListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.String({
        pattern: `^${STATE}(,${STATE})*$`,
        description: `One state or a comma list: ${CHAT_STATUSES.join(', ')}`,
        examples: ['pending,in_progress'],
      }),
    ),
    channelId: Type.Optional(Uuid),
    customerId: Type.Optional(Uuid),
    assigneeProfileId: Type.Optional(Uuid),
    teamId: Type.Optional(Uuid),
    unassigned: Type.Optional(Type.Boolean({ description: 'true: only chats without an assignee' })),
    tagId: Type.Optional(Type.String({ format: 'uuid', description: 'Only chats whose customer has this tag' })),
    customerWrote: Type.Optional(
      Type.Boolean({
        description:
          'true: only chats in which the customer has written (the queue of people waiting for an agent, without chats a send or a campaign opened and nobody answered); false: only those',
      }),
    ),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Type.String({ format: 'uuid', description: "The previous page's nextCursor" })),
  },
  { additionalProperties: false },
);
export type ChatListInput = Static<typeof ChatListQuery>;

export const ChatPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(ChatListItem),
  nextCursor: Type.Union([Uuid, Type.Null()]),
});

export const ChatMessage = Type.Object(
  {
    id: Uuid,
    chatId: Uuid,
    channelId: Uuid,
    direction: Type.Union([Type.Literal('inbound'), Type.Literal('outbound')]),
    type: Type.Unsafe<MessageType | 'unknown'>({ type: 'string', enum: [...MESSAGE_TYPES, 'unknown'] }),
    status: Type.Unsafe<MessageStatus>({ type: 'string', enum: [...MESSAGE_STATUSES] }),
    content: Type.Record(Type.String(), Type.Unknown()),
    senderProfileId: Type.Union([Uuid, Type.Null()], { description: 'The profile that sent an outbound message; null for inbound' }),
    tempId: Type.Union([Type.String(), Type.Null()], { description: "The client's own id of a reply, echoed" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    error: Type.Union(
      [
        Type.Object({
          code: Type.String(),
          message: Type.String(),
          title: Type.Optional(Type.String({ description: "The vendor's title of the error (Meta's `title`)" })),
          details: Type.Optional(Type.String({ description: "The vendor's details (Meta's `error_data.details`)" })),
          errors: Type.Optional(
            Type.Array(Type.Record(Type.String(), Type.Unknown()), {
              description: 'Every error the vendor listed, whole (`code`, `title`, `message`, `details`), the first one included',
            }),
          ),
        }),
        Type.Null(),
      ],
      { description: "When failed: the provider's reason, with the vendor's whole error where it gave one (DESIGN.md §9)" },
    ),
    pricing: Type.Optional(
      Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
        description:
          "Outbound, official WhatsApp: Meta's `pricing` of the message's statuses (`billable`, `category`, `pricing_model`, `type` where " +
          'present) with its `conversation` (`id`, `origin.type`, `expiration_timestamp`), as Meta sent them; null when none came',
      }),
    ),
    playedAt: Type.Optional(
      Type.Union([Timestamp, Type.Null()], {
        description: 'Outbound voice messages: when the customer played it (Meta `played`, Z-API `PLAYED`; the status is then `read`)',
      }),
    ),
    ...MessageNewsFields,
  },
  { description: 'A message of a chat, inbound (the customer) or outbound (agents, sends, flows, the phone)' },
);
export type ChatMessageRecord = Static<typeof ChatMessage>;

export const ChatMessagesQuery = Type.Object(
  {
    order: Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
        default: 'asc',
        description: 'asc: oldest first (default); desc: newest first, so the first page is the latest messages',
      }),
    ),
    limit: Type.Optional(Limit),
    cursor: Type.Optional(Type.String({ format: 'uuid', description: "The previous page's nextCursor (same order)" })),
  },
  { additionalProperties: false },
);
export type ChatMessagesInput = Static<typeof ChatMessagesQuery>;

export const ChatMessagePage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(ChatMessage),
  nextCursor: Type.Union([Uuid, Type.Null()]),
});

export const REPLY_TYPES = ['text', 'image', 'video', 'audio', 'document'] as const;
export type ReplyType = (typeof REPLY_TYPES)[number];
const MEDIA_TYPES = REPLY_TYPES.filter((t) => t !== 'text');

/** An agent's reply, shaped like chat create's `initialMessage` object. */
export const ReplyBody = Type.Object(
  {
    type: Type.Optional(Type.Unsafe<ReplyType>({ type: 'string', enum: [...REPLY_TYPES], default: 'text' })),
    content: Type.Optional(
      Type.String({ minLength: 1, maxLength: 4096, description: 'The text (required for text), or the caption of image, video, document' }),
    ),
    url: Type.Optional(
      Type.String({ format: 'uri', pattern: '^https://', maxLength: 2048, description: 'HTTPS media URL, required for media types' }),
    ),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'File name (document)' })),
    mimetype: Type.Optional(Type.String({ maxLength: 255, description: 'Accepted for compatibility; the provider decides the type' })),
    tempId: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "The client's own id, echoed on the message" })),
  },
  {
    additionalProperties: false,
    allOf: [
      // Without `type` the reply is text, and this condition holds too.
      { if: { properties: { type: { const: 'text' } } }, then: { required: ['content'] } },
      {
        if: { properties: { type: { enum: MEDIA_TYPES } }, required: ['type'] },
        then: { required: ['url'], properties: { content: { maxLength: 1024 } } },
      },
    ],
  },
);
export type ReplyInput = Static<typeof ReplyBody>;

export const StatusBody = Type.Object({ status: StatusEnum }, { additionalProperties: false });
export const AssigneeBody = Type.Object(
  {
    profileId: Type.Union([Uuid, Type.Null()], { description: 'A member of the organization, or null to unassign' }),
    teamId: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'Also set (or clear) the team' })),
  },
  { additionalProperties: false },
);
export const CollaboratorBody = Type.Object({ profileId: Uuid }, { additionalProperties: false });

export const ReadResult = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ chatId: Uuid, markedRead: Type.Integer({ minimum: 0, description: 'Inbound messages that became read' }) }),
});
