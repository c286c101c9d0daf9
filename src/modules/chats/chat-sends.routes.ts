/**
 * Sends into an existing chat (DESIGN.md §6): `POST /api/{organizationId}/chat/{chatId}/message-sequence`
 * (spec endpoint 9) and `…/send-template` (spec endpoint 14). Scope `chats:write`; both honour
 * `Idempotency-Key`. Send-template answers errors in the spec's own `{ error, code }` shape.
 */
import { MEMBERSHIP } from '../../access/permissions.js';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth.js';
import { requestSource } from '../messages/index.js';
import { idempotentReply } from '../../http/idempotency.js';
import { errorResponses } from '../../http/schemas.js';
import type { AppContext } from '../services.js';
import {
  ChatParams,
  MessageSequenceBody,
  MessageSequenceResult,
  type MessageSequenceAnswer,
  SendTemplateBody,
  SendTemplateResult,
} from './chat-sends.schemas.js';

const tags = ['chats'];
const security = [{ apiKeyHeader: [] }];

export function chatSendsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:write', organizationRoute: true, permission: MEMBERSHIP });

    app.post(
      '/api/:organizationId/chat/:chatId/message-sequence',
      {
        onRequest: write,
        config: { idempotency: true },
        schema: {
          tags,
          security,
          operationId: 'sendMessageSequence',
          summary: 'Send up to 10 steps, in order, into the chat',
          description:
            'Answers 201 at once; the steps are delivered asynchronously, each handed to the provider only after the one before it was ' +
            'accepted and its `delay_after_ms` (at most 24 h) passed. A step with content and attachments becomes its text, then one ' +
            'message per attachment (all with the step’s `sequenceIndex` and `tempId`). A closed chat is 409 CHAT_CLOSED; ' +
            'outside WhatsApp’s 24-hour window the whole request is refused with 422 WHATSAPP_WINDOW_CLOSED.',
          params: ChatParams,
          body: MessageSequenceBody,
          response: {
            201: MessageSequenceResult,
            ...errorResponses('CHAT_NOT_FOUND', 'FILE_NOT_FOUND', 'CHAT_CLOSED', 'CHANNEL_DISCONNECTED', 'WHATSAPP_WINDOW_CLOSED'),
          },
        },
      },
      async (request, reply) => {
        const { organizationId, chatId } = request.params;
        const answer = idempotentReply(request, reply, 201, (sequence: MessageSequenceAnswer) => sequence);
        const { profileId } = principalOf(request);
        return answer.send(await deps.services.messageSequences.create(organizationId, chatId, profileId, request.body, answer.record));
      },
    );

    app.post(
      '/api/:organizationId/chat/:chatId/send-template',
      {
        onRequest: write,
        config: { idempotency: true, flatErrors: true },
        schema: {
          tags,
          security,
          operationId: 'sendChatTemplate',
          summary: 'Send an approved WhatsApp template into the chat (official WhatsApp channels)',
          description:
            'Errors are `{ error, code }`: 400 TEMPLATE_NOT_APPROVED, CHANNEL_NOT_OFFICIAL, VALIDATION_ERROR; 404 CHAT_NOT_FOUND, ' +
            'TEMPLATE_NOT_FOUND; 409 CHAT_CLOSED. Templates pass the 24-hour window.',
          params: ChatParams,
          body: SendTemplateBody,
          response: {
            200: SendTemplateResult,
            ...errorResponses(
              'TEMPLATE_NOT_APPROVED',
              'CHANNEL_NOT_OFFICIAL',
              'CHAT_NOT_FOUND',
              'TEMPLATE_NOT_FOUND',
              'CHAT_CLOSED',
              'CHANNEL_DISCONNECTED',
            ),
          },
        },
      },
      async (request, reply) => {
        const { organizationId, chatId } = request.params;
        const answer = idempotentReply(request, reply, 200, (sent: { messageId: string }) => ({
          success: true as const,
          messageId: sent.messageId,
        }));
        return answer.send(
          await deps.services.sendTemplate.send(
            organizationId,
            chatId,
            principalOf(request).profileId,
            request.body,
            answer.record,
            requestSource(principalOf(request)),
          ),
        );
      },
    );
  };
}
