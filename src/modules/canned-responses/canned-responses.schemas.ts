import { Type } from '@sinclair/typebox';
import { Timestamp, Uuid } from '../../http/schemas.js';

/** What follows `/` in the composer: letters, digits, `-` and `_`, case-insensitive. */
const Shortcut = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
  description: 'What an agent types after `/` (letters, digits, `-`, `_`; case-insensitive, unique in the organization)',
  examples: ['boas-vindas'],
});
const Title = Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' });
const Content = Type.String({
  minLength: 1,
  maxLength: 4096,
  pattern: '\\S',
  description:
    'The reply; placeholders as in flows: `{{customer.name}}`, `{{customer.email}}`, `{{customer.phone}}`, `{{customer.<field slug>}}`',
});

export const CannedResponse = Type.Object({
  id: Uuid,
  shortcut: Type.String(),
  title: Type.String(),
  content: Type.String(),
  rendered: Type.Optional(Type.String({ description: "With `chatId`: the content with the chat's customer filled in" })),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const CreateCannedResponseBody = Type.Object(
  { shortcut: Shortcut, title: Title, content: Content },
  { additionalProperties: false },
);
export const UpdateCannedResponseBody = Type.Object(
  { shortcut: Type.Optional(Shortcut), title: Type.Optional(Title), content: Type.Optional(Content) },
  { additionalProperties: false, minProperties: 1 },
);
export const CannedResponseParams = Type.Object({ organizationId: Uuid, cannedResponseId: Uuid });
export const CannedResponseListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Shortcuts starting with it, or titles holding it (case-insensitive)' })),
    chatId: Type.Optional(Type.String({ format: 'uuid', description: "A chat: each answer's `rendered` fills its customer in" })),
  },
  { additionalProperties: false },
);
