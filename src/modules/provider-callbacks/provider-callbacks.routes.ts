/**
 * `POST /channels/{channelId}/webhook` (and GET for verification handshakes): where providers
 * report statuses and inbound messages. No API key: before anything is stored the provider's own
 * signature, or else the channel's callback secret (`?token=`), must hold (401 otherwise; sandbox
 * channels are open); the adapter checks the stored copy again when it parses it. Bodies are kept
 * as raw text in this scope only, up to CALLBACK_BODY_LIMIT_BYTES (413), and each channel takes at
 * most CALLBACK_RATE_LIMIT callbacks a minute (429). The app's body-depth hook sees only that text,
 * so a JSON body nested deeper than MAX_BODY_DEPTH is refused here (400, nothing stored): it could
 * only fail when processed, and be retried.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CallbackRequest } from '../../channels/provider.js';
import type { AppContext } from '../services.js';
import { Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { callbackRateLimit } from '../../http/rate-limit.js';
import { MAX_BODY_DEPTH, jsonTextDepthExceeds } from '../../http/body-depth.js';
import { validationError } from '../../errors.js';

const Params = Type.Object({ channelId: Type.String({ minLength: 1, maxLength: 100, description: 'The channel id' }) });
const tags = ['provider callbacks'];

function flatten(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out[key] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

function callbackRequest(request: FastifyRequest): CallbackRequest {
  return {
    method: request.method,
    headers: flatten(request.headers),
    query: flatten(request.query as Record<string, unknown>),
    body: typeof request.body === 'string' ? request.body : '',
  };
}

export function providerCallbacksModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = deps.services.providerCallbacks;

    // Providers post JSON, forms or anything else; a signature is computed over the exact bytes.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    const rateLimit = callbackRateLimit(deps.config.callbackRateLimit, (request) => (request.params as { channelId: string }).channelId);
    app.post(
      '/channels/:channelId/webhook',
      {
        bodyLimit: deps.config.callbackBodyLimitBytes,
        config: { rateLimit },
        schema: {
          tags,
          operationId: 'receiveProviderCallback',
          security: [],
          summary: 'Receive a provider callback (statuses, inbound messages)',
          description:
            "Stored at once and processed in the background; answered 200 as soon as it is stored. A real channel's callback must carry its provider's signature or, for providers that sign nothing, the channel's callback secret as ?token= (401 otherwise, nothing stored). A JSON body nested deeper than 32 levels, or a NUL character in the query or the body, is 400, nothing stored. Bodies over CALLBACK_BODY_LIMIT_BYTES are 413; over CALLBACK_RATE_LIMIT a minute per channel, 429.",
          params: Params,
          // Any body is taken (no schema), so its errors are listed here; the signature check is the 401.
          response: {
            200: Envelope(Type.Object({ id: Uuid })),
            ...errorResponses('VALIDATION_ERROR', 'UNAUTHORIZED', 'CHANNEL_NOT_FOUND', 'REQUEST_TIMEOUT', 'PAYLOAD_TOO_LARGE'),
          },
        },
      },
      async (request) => {
        const channel = await service.channel(request.params.channelId);
        const callback = callbackRequest(request);
        if (jsonTextDepthExceeds(callback.body, MAX_BODY_DEPTH))
          throw validationError([{ field: 'body', message: `must not be nested deeper than ${MAX_BODY_DEPTH} levels` }]);
        // No provider sends a NUL character, and PostgreSQL cannot store one in text or JSON.
        const withNul = Object.entries(callback.query).find(([key, value]) => (key + value).includes('\u0000'));
        if (withNul)
          throw validationError([{ field: `query.${withNul[0].replace('\u0000', '')}`, message: 'must not contain a NUL character' }]);
        if (callback.body.includes('\u0000')) throw validationError([{ field: 'body', message: 'must not contain a NUL character' }]);
        const nonce = service.authorize(channel, callback);
        const id = await service.receive(channel, callback, nonce);
        return { success: true as const, data: { id } };
      },
    );

    app.get(
      '/channels/:channelId/webhook',
      {
        config: { rateLimit },
        schema: {
          tags,
          operationId: 'answerProviderHandshake',
          security: [],
          summary: "Answer a provider's verification handshake",
          params: Params,
          response: {
            200: { description: "The provider's challenge echoed (or `ok`)", content: { 'text/plain': { schema: Type.String() } } },
            403: { description: 'The verification token does not match', content: { 'text/plain': { schema: Type.String() } } },
            ...errorResponses('CHANNEL_NOT_FOUND'),
          },
        },
      },
      async (request, reply) => {
        const channel = await service.channel(request.params.channelId);
        const answer = service.handshake(channel, callbackRequest(request));
        if (!answer) return reply.type('text/plain; charset=utf-8').send('ok');
        return reply
          .code(answer.status as 200)
          .type('text/plain; charset=utf-8')
          .send(answer.body);
      },
    );
  };
}
