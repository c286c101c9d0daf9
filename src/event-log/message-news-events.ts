/**
 * The events of DESIGN.md §9 "Per message" (modules/messages/message-news.ts,
 * chats/echo-messages.ts): news about a message already stored, and a message the business sent
 * from its phone. Part of the catalogue (catalogue.ts spreads them in); same rules: snake_case keys,
 * strict schemas, an example each.
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import type { MessageType } from '../channels/provider.js';
import { EXAMPLE_IDS as ID, EXAMPLE_TIME, Id, Instant, Nullable, OneOf } from './event-records.js';

export const MESSAGE_NEWS_EVENT_TYPES = [
  'message.reaction',
  'message.edited',
  'message.deleted',
  'message.echoed',
  'message.media_updated',
] as const;

const TYPES = ['text', 'image', 'video', 'audio', 'document', 'location', 'template', 'unknown'] as const satisfies readonly (
  MessageType | 'unknown'
)[];
const Content = Type.Record(Type.String(), Type.Unknown(), { description: 'As the message endpoints return it for this type' });

function payload<P extends TProperties>(description: string, properties: P, example: Static<TObject<P>>): TObject<P> {
  return Type.Object(properties, { description, additionalProperties: false, examples: [example] });
}

const EXAMPLE_FILE_ID = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e1f';

export const MESSAGE_NEWS_EVENT_SCHEMAS = {
  'message.reaction': payload(
    "A reaction set, changed or removed on a message (stored in the message's `reactions`, one per reactor)",
    {
      message_id: Id,
      chat_id: Id,
      emoji: Nullable(Type.String({ description: 'The emoji; null when the reactor removed their reaction' })),
      from: OneOf(['customer', 'agent'] as const, '`customer`, or `agent` (the business: an agent here or on the phone)'),
      profile_id: Nullable(Id),
      timestamp: Instant,
    },
    { message_id: ID.message, chat_id: ID.chat, emoji: '👍', from: 'customer', profile_id: null, timestamp: EXAMPLE_TIME },
  ),
  'message.edited': payload(
    "A message's content was edited by its sender: `content` is the new one, the earlier one is kept in the message's `edits`",
    { message_id: Id, chat_id: Id, content: Content, previous_content: Content, timestamp: Instant },
    {
      message_id: ID.message,
      chat_id: ID.chat,
      content: { text: 'See you at 10, not 9' },
      previous_content: { text: 'See you at 9' },
      timestamp: EXAMPLE_TIME,
    },
  ),
  'message.deleted': payload(
    "A message was deleted for everyone by its sender: `deletedAt` is set, the content stays in the organization's records",
    { message_id: Id, chat_id: Id, timestamp: Instant },
    { message_id: ID.message, chat_id: ID.chat, timestamp: EXAMPLE_TIME },
  ),
  'message.echoed': payload(
    "A message the business sent from its phone (or another app on the same number), stored outbound with source `phone` in the contact's chat; `message.received`'s fields, `from` being the contact (here its recipient)",
    {
      message_id: Id,
      chat_id: Id,
      customer_id: Id,
      channel_id: Id,
      from: Type.String({ description: "The chat's contact as stored (E.164 for phone channels): the recipient" }),
      to: Type.String({ description: 'The same contact, named as what it is here' }),
      type: OneOf(TYPES),
      content: Content,
      source: OneOf(['phone'] as const),
      timestamp: Instant,
    },
    {
      message_id: ID.message,
      chat_id: ID.chat,
      customer_id: ID.customer,
      channel_id: ID.channel,
      from: '+5511999990000',
      to: '+5511999990000',
      type: 'text',
      content: { text: 'On my way!' },
      source: 'phone',
      timestamp: EXAMPLE_TIME,
    },
  ),
  'message.media_updated': payload(
    "An inbound message's media were downloaded into the organization's files (`file_id`; the content's `url` is then our signed link), or the download failed (`error`, also kept as the content's `mediaError`; retried while it can succeed)",
    {
      message_id: Id,
      chat_id: Id,
      file_id: Nullable(Id),
      content: Content,
      error: Nullable(Type.Object({ code: Type.String(), message: Type.String() }, { additionalProperties: false })),
    },
    {
      message_id: ID.message,
      chat_id: ID.chat,
      file_id: EXAMPLE_FILE_ID,
      content: { fileId: EXAMPLE_FILE_ID, url: 'https://conversa.example/files/…/content?expires=…&signature=…', mimeType: 'image/jpeg' },
      error: null,
    },
  ),
} as const;
