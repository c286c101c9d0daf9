/**
 * `POST /v1/messages/send` (spec endpoint 1). Before the handler: the Bearer key (onRequest), the
 * body schema, then the channel with the caller's membership (one query, which also gives the
 * organization and plan for the per-plan rate limit), the rate limit, and the idempotency key.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { principalOf } from '../../http/auth.js';
import { requestSource, Message, SendMessageBody, type MessageRecord } from '../messages/index.js';
import { idempotentReply } from '../../http/idempotency.js';
import { sendRateLimit } from '../../http/rate-limit.js';
import { Envelope, errorResponses } from '../../http/schemas.js';
import type { SendTarget } from './send.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    sendTarget?: SendTarget;
  }
}

export function sendModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = deps.services.send;

    app.post(
      '/v1/messages/send',
      {
        schema: {
          tags: ['messages'],
          operationId: 'sendMessage',
          summary: 'Send a message',
          description:
            'Stores the message in the active chat of the customer found or created for `to`, then hands it to the provider. ' +
            "`status` is `sent` when the provider accepted it within the request, `pending` when it will be retried or the channel's outbound " +
            'governor holds it for later (throughput, docs/governor.md), `failed` when the provider refused it. A template to someone outside ' +
            "their 24-hour window over the portfolio's messaging limit is 429 `MESSAGING_LIMIT` with `Retry-After`. " +
            'Honours `Idempotency-Key`. Rate limited per organization by plan.',
          security: [{ bearerKey: [] }],
          body: SendMessageBody,
          response: {
            201: Envelope(Message),
            ...errorResponses('CHANNEL_NOT_FOUND', 'CHANNEL_DISCONNECTED', 'WHATSAPP_WINDOW_CLOSED', 'MESSAGING_LIMIT'),
          },
        },
        config: {
          idempotency: true,
          rateLimit: sendRateLimit((request: FastifyRequest) => request.sendTarget),
        },
        onRequest: deps.requireApiKey({ scheme: 'bearer', scope: 'messages:write' }),
        preHandler: async (request) => {
          const body = request.body as { channel_id: string };
          request.sendTarget = await service.resolveTarget(principalOf(request).profileId, body.channel_id);
        },
      },
      async (request, reply) => {
        const answer = idempotentReply(request, reply, 201, (data: MessageRecord) => ({ success: true as const, data }));
        return answer.send(
          await service.send(
            request.sendTarget!,
            request.body,
            principalOf(request).profileId,
            answer.record,
            requestSource(principalOf(request)),
          ),
        );
      },
    );
  };
}
