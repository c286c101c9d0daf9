/**
 * `POST /api/{organizationId}/chat/create` (spec endpoint 2; docs/conversations.md "Chat create").
 * The key in `x-api-key` or `Authorization: Bearer`, scope `chats:write`, the key's profile a member
 * of the organization; `Idempotency-Key` honoured. The rules are the service's.
 */
import { MEMBERSHIP } from '../../access/permissions.js';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { requestSource } from '../messages/index.js';
import { idempotentReply } from '../../http/idempotency.js';
import { OrgParams, errorResponses } from '../../http/schemas.js';
import { ChatCreateBody, ChatCreateResult, type ChatCreateResultRecord } from './chat-create.schemas.js';

export function chatCreateModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = deps.services.chatCreate;

    app.post(
      '/api/:organizationId/chat/create',
      {
        onRequest: deps.requireApiKey({ scheme: 'either', scope: 'chats:write', organizationRoute: true, permission: MEMBERSHIP }),
        config: { idempotency: true },
        schema: {
          tags: ['chats'],
          operationId: 'createChat',
          summary: 'Create a chat (or reuse the contact’s active one)',
          description:
            'Finds or creates the customer by the contact the channel reads (`customer.whatsapp`/`phone`, `email`, `instagram`, `facebook`), ' +
            'fills its empty fields, reuses the active chat of that contact on the channel (`existing: true`) or opens one, ' +
            'auto-assigns and attends it, and then delivers `whatsappTemplate` and `initialMessage` into it. Honours `Idempotency-Key`.',
          security: [{ apiKeyHeader: [] }, { bearerKey: [] }],
          params: OrgParams,
          body: ChatCreateBody,
          response: {
            200: ChatCreateResult,
            ...errorResponses(
              'CHANNEL_NOT_FOUND',
              'CUSTOMER_NOT_FOUND',
              'FLOW_NOT_FOUND',
              'TEMPLATE_NOT_FOUND',
              'TEMPLATE_NOT_APPROVED',
              'CHANNEL_NOT_OFFICIAL',
              'CHANNEL_DISCONNECTED',
              'WHATSAPP_WINDOW_CLOSED',
            ),
          },
        },
      },
      async (request, reply) => {
        const answer = idempotentReply(request, reply, 200, (result: ChatCreateResultRecord) => result);
        return answer.send(
          await service.create(
            request.params.organizationId,
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
