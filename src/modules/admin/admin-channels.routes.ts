/**
 * The admin API's channel routes (`/admin/v1/organizations/{orgId}/channels`): only the operator
 * configures a channel (its provider credentials, `config.allowPrivateBaseUrl`); tenants have no
 * route that writes one. Registered by admin.routes.ts behind its admin guard.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { EmptyEnvelope, Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { Channel, CHANNEL_CONFIG_RULES, CreateChannelBody, UpdateChannelBody } from '../channel-records/index.js';

const OrgParams = Type.Object({ orgId: Uuid });
const ChannelParams = Type.Object({ orgId: Uuid, channelId: Uuid });
const security = [{ adminToken: [] }];
const tags = ['admin'];

export function adminChannelRoutes(deps: AppContext, ensureOrg: (orgId: string) => Promise<unknown>): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { channels } = deps.services;
    app.post(
      '/organizations/:orgId/channels',
      {
        schema: {
          tags,
          security,
          operationId: 'adminCreateChannel',
          summary: 'Create a channel',
          description: CHANNEL_CONFIG_RULES,
          params: OrgParams,
          body: CreateChannelBody,
          response: { 201: Envelope(Channel), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req, reply) => {
        await ensureOrg(req.params.orgId);
        return reply.code(201).send({ success: true, data: await channels.create(req.params.orgId, req.body) });
      },
    );
    app.get(
      '/organizations/:orgId/channels',
      {
        schema: {
          tags,
          security,
          operationId: 'adminListChannels',
          summary: 'List channels',
          params: OrgParams,
          response: { 200: Envelope(Type.Array(Channel)), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req) => {
        await ensureOrg(req.params.orgId);
        return { success: true as const, data: await channels.list(req.params.orgId) };
      },
    );
    app.get(
      '/organizations/:orgId/channels/:channelId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminGetChannel',
          summary: 'Get a channel',
          params: ChannelParams,
          response: { 200: Envelope(Channel), ...errorResponses('ORGANIZATION_NOT_FOUND', 'CHANNEL_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await channels.get(req.params.orgId, req.params.channelId) }),
    );
    app.patch(
      '/organizations/:orgId/channels/:channelId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminUpdateChannel',
          summary: 'Update a channel (config and settings merge; null removes a key)',
          description: CHANNEL_CONFIG_RULES,
          params: ChannelParams,
          body: UpdateChannelBody,
          response: { 200: Envelope(Channel), ...errorResponses('ORGANIZATION_NOT_FOUND', 'CHANNEL_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await channels.update(req.params.orgId, req.params.channelId, req.body) }),
    );
    app.delete(
      '/organizations/:orgId/channels/:channelId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminDeleteChannel',
          summary: 'Delete a channel',
          params: ChannelParams,
          response: { 200: EmptyEnvelope, ...errorResponses('ORGANIZATION_NOT_FOUND', 'CHANNEL_NOT_FOUND') },
        },
      },
      async (req) => {
        await channels.remove(req.params.orgId, req.params.channelId);
        return { success: true as const, data: {} };
      },
    );
  };
}
