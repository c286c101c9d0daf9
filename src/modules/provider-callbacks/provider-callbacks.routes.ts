/**
 * `POST /channels/{channelId}/webhook` (and GET for verification handshakes): where providers
 * report statuses and inbound messages. No API key: the provider's own signature is checked by its
 * adapter when the stored callback is processed. Bodies are kept as raw text in this scope only.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CallbackRequest } from '../../channels/provider.js';
import type { AppContext } from '../services.js';
import { Envelope, Uuid, errorResponses } from '../../http/schemas.js';

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

    app.post(
      '/channels/:channelId/webhook',
      {
        schema: {
          tags,
          summary: 'Receive a provider callback (statuses, inbound messages)',
          description: 'Stored at once and processed in the background; answered 200 as soon as it is stored.',
          params: Params,
          response: { 200: Envelope(Type.Object({ id: Uuid })), ...errorResponses },
        },
      },
      async (request) => {
        const channel = await service.channel(request.params.channelId);
        const id = await service.receive(channel, callbackRequest(request));
        return { success: true as const, data: { id } };
      },
    );

    app.get(
      '/channels/:channelId/webhook',
      {
        schema: {
          tags,
          summary: "Answer a provider's verification handshake",
          params: Params,
          response: { 200: Type.String(), ...errorResponses },
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
