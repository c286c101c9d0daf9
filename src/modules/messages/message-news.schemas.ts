/**
 * The message fields of DESIGN.md §9 "Per message" as the message endpoints return them (additive:
 * a client that ignores them sees the spec's shape): where an outbound message came from, its
 * reactions, its earlier contents, and when it was edited or deleted.
 */
import { Type } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';
import { MESSAGE_SOURCES, type MessageSource } from './message-source.js';

const Timestamp = Type.String({ format: 'date-time' });

export const Source = Type.Unsafe<MessageSource>({
  type: 'string',
  enum: [...MESSAGE_SOURCES],
  description:
    'Where an outbound message came from: `api` (a request with an API key), `console` (an agent), `flow`, `sequence`, `campaign`, `phone` (sent from the business phone or another app on the number)',
});

export const Reaction = Type.Object(
  {
    emoji: Type.String(),
    from: Type.Union([Type.Literal('customer'), Type.Literal('agent')]),
    profileId: Type.Optional(Uuid),
    at: Timestamp,
  },
  { description: 'One per reactor: the customer, and the business (an agent, named by profileId, or the phone)' },
);

export const Edit = Type.Object(
  { content: Type.Record(Type.String(), Type.Unknown()), at: Timestamp },
  { description: 'An earlier content of an edited message, replaced at `at`' },
);

/** The chat API's (camelCase) fields. */
export const MessageNewsFields = {
  source: Type.Union([Source, Type.Null()], { description: 'Outbound only (null for inbound, and for messages stored before it existed)' }),
  reactions: Type.Array(Reaction),
  edits: Type.Array(Edit, { description: 'Earlier contents, oldest first; empty when never edited' }),
  editedAt: Type.Union([Timestamp, Type.Null()]),
  deletedAt: Type.Union([Timestamp, Type.Null()], {
    description: 'Deleted for everyone by its sender; the content is kept (shown as "message deleted" in the console)',
  }),
};
