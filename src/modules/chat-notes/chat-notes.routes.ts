/**
 * `/api/{organizationId}/chats/{chatId}/notes` (DESIGN §11 "Private notes in the timeline"): every
 * member who may work the chat reads and writes its notes (`chats.work`); a chat the caller may not
 * see is not found (chats/chat-visibility.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth.js';
import { Envelope, Timestamp, Uuid, errorResponses } from '../../http/schemas.js';
import { assertChatVisible, chatViewerOf } from '../chats/index.js';
import type { AppContext } from '../services.js';

const ChatParams = Type.Object({ organizationId: Uuid, chatId: Uuid });
const ChatNote = Type.Object({
  id: Uuid,
  chatId: Uuid,
  authorProfileId: Type.Union([Uuid, Type.Null()]),
  authorName: Type.Union([Type.String(), Type.Null()]),
  content: Type.String(),
  mentions: Type.Array(Type.Object({ profileId: Uuid, name: Type.String() }), { description: 'The members its `@name`s named' }),
  createdAt: Timestamp,
});
const CreateChatNoteBody = Type.Object(
  {
    content: Type.String({
      minLength: 1,
      maxLength: 4096,
      pattern: '\\S',
      description: 'The note; `@Name`, `@firstname` or `@email-local-part` mentions a member, who is notified',
    }),
  },
  { additionalProperties: false },
);

const tags = ['composer'];
const security = [{ apiKeyHeader: [] }];

export function chatNotesModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = deps.services.chatNotes;
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:read', organizationRoute: true, permission: 'chats.work' });
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:write', organizationRoute: true, permission: 'chats.work' });
    app.addHook('preHandler', async (req) => {
      const { organizationId, chatId } = req.params as { organizationId: string; chatId: string };
      await assertChatVisible(deps.db, organizationId, chatId, await chatViewerOf(deps.db, organizationId, principalOf(req)));
    });

    app.get(
      '/api/:organizationId/chats/:chatId/notes',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listChatNotes',
          summary: "The chat's private notes, oldest first",
          params: ChatParams,
          response: { 200: Envelope(Type.Array(ChatNote)), ...errorResponses('CHAT_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await service.list(req.params.organizationId, req.params.chatId) }),
    );

    app.post(
      '/api/:organizationId/chats/:chatId/notes',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'createChatNote',
          summary: 'Write a private note in the chat (members only, never sent to the customer); `@name` mentions notify',
          description: 'Event `chat.note_created`, with the mentioned members’ profile ids.',
          params: ChatParams,
          body: CreateChatNoteBody,
          response: { 201: Envelope(ChatNote), ...errorResponses('CHAT_NOT_FOUND') },
        },
      },
      async (req, reply) =>
        reply.code(201).send({
          success: true,
          data: await service.create(req.params.organizationId, req.params.chatId, principalOf(req).profileId, req.body.content),
        }),
    );
  };
}
