/**
 * `/api/{organizationId}/canned-responses` (DESIGN §11, docs/console.md "Canned responses"): every
 * member reads them (`chats.work`, scope `chats:read`: they are what replies are made of); admins
 * manage them (`cannedResponses.manage`). Thin: parse, call, shape.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { principalOf } from '../../http/auth.js';
import { EmptyEnvelope, Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import { assertChatVisible, chatViewerOf } from '../chats/index.js';
import type { AppContext } from '../services.js';
import {
  CannedResponse,
  CannedResponseListQuery,
  CannedResponseParams,
  CreateCannedResponseBody,
  UpdateCannedResponseBody,
} from './canned-responses.schemas.js';

const tags = ['composer'];
const security = [{ apiKeyHeader: [] }];

export function cannedResponsesModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const service = deps.services.cannedResponses;
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'chats:read', organizationRoute: true, permission: 'chats.work' });
    const manage = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'cannedResponses.manage' });

    app.get(
      '/api/:organizationId/canned-responses',
      {
        onRequest: read,
        schema: {
          tags,
          security,
          operationId: 'listCannedResponses',
          summary: "The organization's canned responses, by shortcut (with `chatId`: each rendered for that chat's customer)",
          params: OrgParams,
          querystring: CannedResponseListQuery,
          response: { 200: Envelope(Type.Array(CannedResponse)), ...errorResponses('CHAT_NOT_FOUND') },
        },
      },
      async (req) => {
        const { organizationId } = req.params;
        const { chatId } = req.query;
        if (chatId !== undefined)
          await assertChatVisible(deps.db, organizationId, chatId, await chatViewerOf(deps.db, organizationId, principalOf(req)));
        return { success: true as const, data: await service.list(organizationId, req.query) };
      },
    );

    app.post(
      '/api/:organizationId/canned-responses',
      {
        onRequest: manage,
        schema: {
          tags,
          security,
          operationId: 'createCannedResponse',
          summary: 'Create a canned response',
          params: OrgParams,
          body: CreateCannedResponseBody,
          response: { 201: Envelope(CannedResponse), ...errorResponses('SHORTCUT_TAKEN') },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await service.create(req.params.organizationId, req.body) }),
    );

    app.patch(
      '/api/:organizationId/canned-responses/:cannedResponseId',
      {
        onRequest: manage,
        schema: {
          tags,
          security,
          operationId: 'updateCannedResponse',
          summary: 'Change a canned response (what is not given stays)',
          params: CannedResponseParams,
          body: UpdateCannedResponseBody,
          response: { 200: Envelope(CannedResponse), ...errorResponses('CANNED_RESPONSE_NOT_FOUND', 'SHORTCUT_TAKEN') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await service.update(req.params.organizationId, req.params.cannedResponseId, req.body),
      }),
    );

    app.delete(
      '/api/:organizationId/canned-responses/:cannedResponseId',
      {
        onRequest: manage,
        schema: {
          tags,
          security,
          operationId: 'deleteCannedResponse',
          summary: 'Delete a canned response',
          params: CannedResponseParams,
          response: { 200: EmptyEnvelope, ...errorResponses('CANNED_RESPONSE_NOT_FOUND') },
        },
      },
      async (req) => {
        await service.delete(req.params.organizationId, req.params.cannedResponseId);
        return { success: true as const, data: {} };
      },
    );
  };
}
