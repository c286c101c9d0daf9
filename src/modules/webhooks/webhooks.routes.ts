/**
 * The webhooks module: endpoints on the organization API (`/api/{organizationId}/webhooks`, scope
 * webhooks:write) and on the admin API (`/admin/v1/organizations/{orgId}/webhooks`), the delivery log
 * and replay (the `webhooks.deliver` job is in webhooks.jobs.ts). Routes are thin; the services hold the rules.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { EmptyEnvelope, Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { makeAdminGuard } from '../admin/index.js';
import type { DeliveriesService } from './deliveries.service.js';
import type { EndpointsService } from './endpoints.service.js';
import {
  CreatedWebhookEndpoint,
  CreateWebhookBody,
  DeliveriesPage,
  DeliveriesQuery,
  DeliveryParams,
  ReplayResult,
  UpdateWebhookBody,
  WebhookEndpoint,
  WebhookParams,
} from './webhooks.schemas.js';
import { namedPlugin } from '../../http/plugin-name.js';

const OrgParams = Type.Object({ organizationId: Uuid });
const AdminOrgParams = Type.Object({ orgId: Uuid });
const AdminWebhookParams = Type.Object({ orgId: Uuid, id: Uuid });

export function webhooksModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const { webhookEndpoints: endpoints, webhookDeliveries: deliveries } = deps.services;
    await plugin.register(namedPlugin('webhooks', organizationRoutes(deps, endpoints, deliveries)));
    await plugin.register(namedPlugin('admin webhooks', adminRoutes(deps, endpoints)), { prefix: '/admin/v1' });
  };
}

function organizationRoutes(deps: AppContext, endpoints: EndpointsService, deliveries: DeliveriesService): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const onRequest = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'webhooks:write',
      organizationRoute: true,
      permission: 'webhooks.manage',
    });
    const tags = ['webhooks'];
    const security = [{ apiKeyHeader: [] }];
    const base = '/api/:organizationId/webhooks';

    app.post(
      base,
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'createWebhook',
          summary: 'Register a webhook endpoint (data.secret is shown once)',
          params: OrgParams,
          body: CreateWebhookBody,
          response: { 201: Envelope(CreatedWebhookEndpoint) },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await endpoints.create(req.params.organizationId, req.body) }),
    );
    app.get(
      base,
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'listWebhooks',
          summary: 'List webhook endpoints',
          params: OrgParams,
          response: { 200: Envelope(Type.Array(WebhookEndpoint)) },
        },
      },
      async (req) => ({ success: true as const, data: await endpoints.list(req.params.organizationId) }),
    );
    app.get(
      `${base}/:id`,
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'getWebhook',
          summary: 'Get a webhook endpoint',
          params: WebhookParams,
          response: { 200: Envelope(WebhookEndpoint), ...errorResponses('WEBHOOK_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await endpoints.get(req.params.organizationId, req.params.id) }),
    );
    app.patch(
      `${base}/:id`,
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'updateWebhook',
          summary: 'Update a webhook endpoint (enabling it clears disabledReason)',
          params: WebhookParams,
          body: UpdateWebhookBody,
          response: { 200: Envelope(WebhookEndpoint), ...errorResponses('WEBHOOK_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await endpoints.update(req.params.organizationId, req.params.id, req.body) }),
    );
    app.delete(
      `${base}/:id`,
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'deleteWebhook',
          summary: 'Delete a webhook endpoint and its delivery log',
          params: WebhookParams,
          response: { 200: EmptyEnvelope, ...errorResponses('WEBHOOK_NOT_FOUND') },
        },
      },
      async (req) => {
        await endpoints.remove(req.params.organizationId, req.params.id);
        return { success: true as const, data: {} };
      },
    );

    app.get(
      `${base}/:id/deliveries`,
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'listWebhookDeliveries',
          summary: 'List deliveries with their attempts, newest first',
          params: WebhookParams,
          querystring: DeliveriesQuery,
          response: { 200: DeliveriesPage, ...errorResponses('WEBHOOK_NOT_FOUND') },
        },
      },
      async (req) => {
        const { organizationId, id } = req.params;
        await endpoints.getRow(organizationId, id);
        return { success: true as const, ...(await deliveries.list(organizationId, id, req.query)) };
      },
    );
    app.post(
      `${base}/:id/deliveries/:deliveryId/retry`,
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'retryWebhookDelivery',
          summary: 'Send a delivery again now, with the same webhook-id, and answer with the attempt',
          params: DeliveryParams,
          response: { 200: ReplayResult, ...errorResponses('WEBHOOK_NOT_FOUND', 'DELIVERY_NOT_FOUND') },
        },
      },
      async (req) => {
        const { organizationId, id, deliveryId } = req.params;
        await endpoints.getRow(organizationId, id);
        return { success: true as const, data: await deliveries.replay(organizationId, id, deliveryId) };
      },
    );
  };
}

function adminRoutes(deps: AppContext, endpoints: EndpointsService): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    app.addHook('onRequest', makeAdminGuard(deps.config.adminToken));
    const { tenancy } = deps.services;
    const tags = ['admin'];
    const security = [{ adminToken: [] }];
    const base = '/organizations/:orgId/webhooks';

    app.post(
      base,
      {
        schema: {
          tags,
          security,
          operationId: 'adminCreateWebhook',
          summary: 'Register a webhook endpoint (data.secret is shown once)',
          params: AdminOrgParams,
          body: CreateWebhookBody,
          response: { 201: Envelope(CreatedWebhookEndpoint), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req, reply) => {
        await tenancy.getOrganization(req.params.orgId);
        return reply.code(201).send({ success: true, data: await endpoints.create(req.params.orgId, req.body) });
      },
    );
    app.get(
      base,
      {
        schema: {
          tags,
          security,
          operationId: 'adminListWebhooks',
          summary: 'List webhook endpoints',
          params: AdminOrgParams,
          response: { 200: Envelope(Type.Array(WebhookEndpoint)), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req) => {
        await tenancy.getOrganization(req.params.orgId);
        return { success: true as const, data: await endpoints.list(req.params.orgId) };
      },
    );
    app.get(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          operationId: 'adminGetWebhook',
          summary: 'Get a webhook endpoint',
          params: AdminWebhookParams,
          response: { 200: Envelope(WebhookEndpoint), ...errorResponses('ORGANIZATION_NOT_FOUND', 'WEBHOOK_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await endpoints.get(req.params.orgId, req.params.id) }),
    );
    app.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          operationId: 'adminUpdateWebhook',
          summary: 'Update a webhook endpoint',
          params: AdminWebhookParams,
          body: UpdateWebhookBody,
          response: { 200: Envelope(WebhookEndpoint), ...errorResponses('ORGANIZATION_NOT_FOUND', 'WEBHOOK_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await endpoints.update(req.params.orgId, req.params.id, req.body) }),
    );
    app.delete(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          operationId: 'adminDeleteWebhook',
          summary: 'Delete a webhook endpoint',
          params: AdminWebhookParams,
          response: { 200: EmptyEnvelope, ...errorResponses('ORGANIZATION_NOT_FOUND', 'WEBHOOK_NOT_FOUND') },
        },
      },
      async (req) => {
        await endpoints.remove(req.params.orgId, req.params.id);
        return { success: true as const, data: {} };
      },
    );
  };
}
