/**
 * Your own API keys through the organization's API (DESIGN §12, `keys.manage`: admins and owners):
 * list, create (shown once), revoke. A key belongs to a profile, not to one organization: it acts in
 * every organization its profile is a member of, with the role it has there. So nobody mints or
 * revokes another member's key here (that would reach the other organizations that member belongs
 * to), and no key acts beyond its profile's role: an admin's key is never an owner's. A new key's
 * scopes stay within the caller's own (a session holds `*`). docs/roles.md "Keys".
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { hasScope, type Scope } from '../../access/api-keys.js';
import { AppError } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, OrgParams, Uuid, errorResponses } from '../../http/schemas.js';
import { ApiKey, CreateApiKeyBody, CreatedApiKey } from '../organizations/index.js';
import type { AppContext } from '../services.js';

const tags = ['keys'];
const security = [{ apiKeyHeader: [] }];

export function keysRoutes(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { tenancy } = deps.services;
    const onRequest = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'keys.manage' });

    app.get(
      '/api/:organizationId/keys',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'listKeys',
          summary: 'Your API keys (they act in this organization with your role)',
          params: OrgParams,
          response: { 200: Envelope(Type.Array(ApiKey)), ...errorResponses('FORBIDDEN') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.listApiKeys(principalOf(req).profileId) }),
    );
    app.post(
      '/api/:organizationId/keys',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'createKey',
          summary: 'Create an API key of yours (data.key is shown once); its scopes stay within your own',
          params: OrgParams,
          body: CreateApiKeyBody,
          response: { 201: Envelope(CreatedApiKey), ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN') },
        },
      },
      async (req, reply) => {
        const principal = principalOf(req);
        const wider = (req.body.scopes ?? ['*']).filter((scope) => !hasScope(principal.scopes, scope as Scope));
        if (wider.length > 0) throw new AppError('FORBIDDEN', `A key cannot be given scopes its maker lacks: ${wider.join(', ')}`);
        return reply.code(201).send({ success: true as const, data: await tenancy.createApiKey(principal.profileId, req.body) });
      },
    );
    app.delete(
      '/api/:organizationId/keys/:keyId',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'revokeKey',
          summary: 'Revoke an API key of yours (another profile’s key is 404)',
          params: Type.Object({ organizationId: Uuid, keyId: Uuid }),
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
