import { Type } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.js';
import { ChatListItem } from '../chats/index.js';
import { Customer } from '../customers/index.js';

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;

export const SearchQuery = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: 200,
      pattern: '\\S',
      description: 'What to look for: part of a name (accents and case ignored), e-mail, document or phone number, or words of a message',
    }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: SEARCH_MAX_LIMIT, default: SEARCH_DEFAULT_LIMIT, description: 'At most this many of each kind' }),
    ),
  },
  { additionalProperties: false },
);

export const SearchMessage = Type.Object({
  id: Uuid,
  chatId: Uuid,
  customerId: Uuid,
  customerName: Type.String(),
  direction: Type.Union([Type.Literal('inbound'), Type.Literal('outbound')]),
  type: Type.String(),
  preview: Type.String({ description: "The message's text or caption, shortened" }),
  createdAt: Timestamp,
});

export const SearchAnswer = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({
    customers: Type.Array(Customer, { description: 'Matching customers, newest first (empty for a key without customers:read)' }),
    chats: Type.Array(ChatListItem, { description: "The matching customers' chats and the chats of the matching messages, newest first" }),
    messages: Type.Array(SearchMessage, {
      description: 'Messages holding every word (whole, the last one as a word prefix), newest first',
    }),
  }),
});
