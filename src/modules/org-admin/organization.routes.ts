/**
 * The organization itself through its own API (DESIGN §12): its settings (`settings.manage`,
 * admins and owners; e.g. `agentsSeeAllChats`) and its deletion (`organization.delete`, owners
 * only; everything it owns goes, as with the operator's `DELETE /admin/v1/organizations/{orgId}`).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EmptyEnvelope, Envelope, OrgParams, errorResponses } from '../../http/schemas.js';
import { OrganizationSettingsSchema } from '../organizations/index.js';
import type { AppContext } from '../services.js';

const tags = ['organization'];
const security = [{ apiKeyHeader: [] }];

export function organizationRoutes(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { tenancy } = deps.services;
    const settings = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'settings.manage' });
    const remove = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'organization.delete' });

    app.patch(
      '/api/:organizationId/settings',
      {
        onRequest: settings,
        schema: {
          tags,
          security,
          operationId: 'updateOrganizationSettings',
          summary: "Change the organization's settings (those not given stay)",
          params: OrgParams,
          body: Type.Partial(OrganizationSettingsSchema, { additionalProperties: false, minProperties: 1 }),
          response: { 200: Envelope(OrganizationSettingsSchema), ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN') },
        },
      },
      async (req) => ({
        success: true as const,
        data: (await tenancy.updateOrganization(req.params.organizationId, { settings: req.body })).settings,
      }),
    );
    app.delete(
      '/api/:organizationId',
      {
        onRequest: remove,
        schema: {
          tags,
          security,
          operationId: 'deleteOrganization',
          summary: 'Delete the organization and everything it owns (owners only; cannot be undone)',
          params: OrgParams,
          response: { 200: EmptyEnvelope, ...errorResponses('FORBIDDEN') },
        },
      },
      async (req) => {
        await tenancy.deleteOrganization(req.params.organizationId);
        return { success: true as const, data: {} };
      },
    );
  };
}
