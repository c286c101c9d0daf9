/** Tag routes (spec 3–6). The key's profile must be a member of the organization (organizationRoute). */
import { MEMBERSHIP } from '../../access/permissions.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth.js';
import type { AppContext } from '../services.js';
import { EmptyEnvelope, Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import { CreateTagBody, Tag, TagParams, UpdateTagBody } from './tags.schemas.js';

const tags = ['tags'];
const security = [{ apiKeyHeader: [] }];

export function tagsModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = deps.services.tags;
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'tags:read', organizationRoute: true, permission: MEMBERSHIP });
    const write = deps.requireApiKey({ scheme: 'x-api-key', scope: 'tags:write', organizationRoute: true, permission: MEMBERSHIP });

    app.get(
      '/api/:organizationId/tags',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listTags',
          summary: "List the organization's tags",
          params: OrgParams,
          response: { 200: Envelope(Type.Array(Tag)) },
        },
      },
      async (req) => ({ success: true as const, data: await service.list(req.params.organizationId) }),
    );

    app.post(
      '/api/:organizationId/tags',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'createTag',
          summary: 'Create a tag',
          params: OrgParams,
          body: CreateTagBody,
          response: { 201: Envelope(Tag), ...errorResponses('TAG_NAME_TAKEN') },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await service.create(req.params.organizationId, req.body) }),
    );

    app.put(
      '/api/:organizationId/tags/:tagId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'updateTag',
          summary: 'Rename or recolor a tag',
          params: TagParams,
          body: UpdateTagBody,
          response: { 200: Envelope(Tag), ...errorResponses('TAG_NOT_FOUND', 'TAG_NAME_TAKEN') },
        },
      },
      async (req) => ({ success: true as const, data: await service.update(req.params.organizationId, req.params.tagId, req.body) }),
    );

    app.delete(
      '/api/:organizationId/tags/:tagId',
      {
        onRequest: write,
        schema: {
          tags,
          security,
          operationId: 'deleteTag',
          summary: 'Delete a tag (detaches it from every customer)',
          params: TagParams,
          response: { 200: EmptyEnvelope, ...errorResponses('TAG_NOT_FOUND') },
        },
      },
      async (req) => {
        await service.delete(req.params.organizationId, req.params.tagId, principalOf(req).profileId);
        return { success: true as const, data: {} };
      },
    );
  };
}
