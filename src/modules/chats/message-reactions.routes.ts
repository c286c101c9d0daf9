/**
 * `POST /api/{organizationId}/chats/{chatId}/messages/{messageId}/reactions` (DESIGN.md §9): an
 * agent's reaction, stored at once and sent to the provider by a job (message-reactions.service.ts).
 * Scope `messages:write`: it sends to the customer.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { principalOf } from '../../http/auth.js';
import { Envelope, errorResponses, Uuid } from '../../http/schemas.js';
import type { AppContext } from '../services.js';
import { ChatMessage } from './chats.schemas.js';

const MessageParams = Type.Object({ organizationId: Uuid, chatId: Uuid, messageId: Uuid });
const ReactionBody = Type.Object(
  {
    emoji: Type.String({
      maxLength: 32,
      description: "The emoji (one grapheme, as WhatsApp takes it); '' removes the business's reaction",
      examples: ['👍', ''],
    }),
  },
  { additionalProperties: false },
);

export function messageReactionsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'messages:write', organizationRoute: true, permission: 'chats.work' });
    app.post(
      '/api/:organizationId/chats/:chatId/messages/:messageId/reactions',
      {
        onRequest: write,
        schema: {
          tags: ['chats'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'reactToMessage',
          summary: "React to a message of the chat as the business ('' removes the reaction)",
          description:
            "Stored on the message at once (`reactions`, one entry for the business: `from: 'agent'` with the profile, replacing " +
            'its earlier one) with the `message.reaction` event; sent to the provider by a job, retried when it fails for a while. ' +
            'A channel whose provider cannot send reactions answers 422 UNSUPPORTED_BY_CHANNEL (docs/providers.md); a message not ' +
            'sent yet (no provider id) 409 MESSAGE_NOT_SENT. Answers the message as the chat messages endpoint returns it.',
          params: MessageParams,
          body: ReactionBody,
          response: {
            200: Envelope(ChatMessage),
            ...errorResponses('CHAT_NOT_FOUND', 'MESSAGE_NOT_FOUND', 'MESSAGE_NOT_SENT', 'UNSUPPORTED_BY_CHANNEL'),
          },
        },
      },
      async (req) => {
        const { organizationId, chatId, messageId } = req.params;
        const data = await deps.services.messageReactions.react(
          organizationId,
          chatId,
          messageId,
          principalOf(req).profileId,
          req.body.emoji,
        );
        return { success: true as const, data };
      },
    );
  };
}
