/**
 * The signed-in agent's own API keys (the console's settings): list, create (the key is shown
 * once), revoke. Only with the console session (and its CSRF token on writes): a key may not mint
 * keys, or a key of narrow scopes could make itself a `*` one. Another profile's key is 404.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { ApiKey, CreateApiKeyBody, CreatedApiKey } from '../organizations/index.js';
import type { AppContext } from '../services.js';

const tags = ['console sign-in'];
const security = [{ sessionCookie: [] }];

export function profileKeysModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { tenancy } = deps.services;
    const authenticate = deps.requireApiKey({ scheme: 'x-api-key' });
    const onRequest = async (request: FastifyRequest, reply: Parameters<typeof authenticate>[1]) => {
      await authenticate.call(app, request, reply);
      if (principalOf(request).via !== 'session') throw new AppError('FORBIDDEN', 'API keys are managed signed in to the console');
    };

    app.get(
      '/auth/api-keys',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'listMyApiKeys',
          summary: "The signed-in profile's API keys",
          response: { 200: Envelope(Type.Array(ApiKey)), ...errorResponses('FORBIDDEN') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.listApiKeys(principalOf(req).profileId) }),
    );
    app.post(
      '/auth/api-keys',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'createMyApiKey',
          summary: 'Create an API key of the signed-in profile (data.key is shown once)',
          body: CreateApiKeyBody,
          response: { 201: Envelope(CreatedApiKey), ...errorResponses('FORBIDDEN') },
        },
      },
      async (req, reply) =>
        reply.code(201).send({ success: true as const, data: await tenancy.createApiKey(principalOf(req).profileId, req.body) }),
    );
    app.delete(
      '/auth/api-keys/:keyId',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'revokeMyApiKey',
          summary: 'Revoke an API key of the signed-in profile (another profile’s key is 404)',
          params: Type.Object({ keyId: Uuid }),
          response: { 200: Envelope(ApiKey), ...errorResponses('FORBIDDEN', 'API_KEY_NOT_FOUND') },
        },
      },
      async (req) => {
        const key = await tenancy.getApiKey(req.params.keyId);
        if (key.profileId !== principalOf(req).profileId) throw new AppError('API_KEY_NOT_FOUND', 'API key not found');
        return { success: true as const, data: await tenancy.revokeApiKey(key.id) };
      },
    );
  };
}
