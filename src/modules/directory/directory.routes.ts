/**
 * The organization's reference data for its agents (the console's pickers and filters): channels,
 * teams, funnel stages, custom-field definitions, WhatsApp templates and members. Read-only, scope
 * `directory:read` (members carry their e-mails); the admin API (`/admin/v1/organizations/{orgId}/…`)
 * keeps the writes. A channel is shown without its config (provider credentials stay with the admin API).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { capabilitiesOf } from '../../channels/registry.js';
import { channelHealthFields } from '../channel-records/index.js';
import { Envelope, OrgParams, Uuid } from '../../http/schemas.js';
import { CustomField } from '../custom-fields/index.js';
import { Stage } from '../stages/index.js';
import { Team } from '../teams/index.js';
import { ListTemplatesQuery, Template } from '../templates/index.js';

const AgentChannel = Type.Object(
  {
    id: Uuid,
    kind: Type.String(),
    name: Type.String(),
    status: Type.String({ description: 'connected or disconnected' }),
    active: Type.Boolean(),
    ...channelHealthFields(),
    templates: Type.Boolean({ description: 'The channel sends pre-approved templates (the official WhatsApp Cloud API)' }),
  },
  { description: 'A channel as agents see it: no provider config' },
);

const AgentMember = Type.Object({ profileId: Uuid, name: Type.String(), email: Type.String(), role: Type.String() });

const tags = ['directory'];
const security = [{ apiKeyHeader: [] }];

export function directoryModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { channels, teams, stages, customFields, templates, tenancy } = deps.services;
    const onRequest = deps.requireApiKey({
      scheme: 'x-api-key',
      scope: 'directory:read',
      organizationRoute: true,
      permission: 'directory.read',
    });
    const list = (operationId: string, summary: string) => ({ tags, security, operationId, summary, params: OrgParams });

    app.get(
      '/api/:organizationId/channels',
      {
        onRequest,
        schema: {
          ...list('listChannels', "The organization's channels (no provider config)"),
          response: { 200: Envelope(Type.Array(AgentChannel)) },
        },
      },
      async (req) => ({
        success: true as const,
        data: (await channels.list(req.params.organizationId)).map((c) => ({
          id: c.id,
          kind: c.kind,
          name: c.name,
          status: c.status,
          active: c.active,
          health: c.health,
          lastSignal: c.lastSignal,
          templates: capabilitiesOf(c.kind).templates,
        })),
      }),
    );
    app.get(
      '/api/:organizationId/teams',
      { onRequest, schema: { ...list('listTeams', "The organization's teams"), response: { 200: Envelope(Type.Array(Team)) } } },
      async (req) => ({ success: true as const, data: await teams.list(req.params.organizationId) }),
    );
    app.get(
      '/api/:organizationId/stages',
      {
        onRequest,
        schema: { ...list('listStages', 'Funnel stages, by funnel and position'), response: { 200: Envelope(Type.Array(Stage)) } },
      },
      async (req) => ({ success: true as const, data: await stages.list(req.params.organizationId) }),
    );
    app.get(
      '/api/:organizationId/custom-fields',
      {
        onRequest,
        schema: { ...list('listCustomFields', 'Custom field definitions'), response: { 200: Envelope(Type.Array(CustomField)) } },
      },
      async (req) => ({ success: true as const, data: await customFields.list(req.params.organizationId) }),
    );
    app.get(
      '/api/:organizationId/templates',
      {
        onRequest,
        schema: {
          ...list('listTemplates', 'WhatsApp templates (filter by channelId, status)'),
          querystring: ListTemplatesQuery,
          response: { 200: Envelope(Type.Array(Template)) },
        },
      },
      async (req) => ({ success: true as const, data: await templates.list(req.params.organizationId, req.query) }),
    );
    app.get(
      '/api/:organizationId/members',
      {
        onRequest,
        schema: {
          ...list('listMembers', 'Members: the profiles agents assign chats to'),
          response: { 200: Envelope(Type.Array(AgentMember)) },
        },
      },
      async (req) => ({
        success: true as const,
        data: (await tenancy.listMembers(req.params.organizationId)).map((m) => ({
          profileId: m.profileId,
          name: m.name,
          email: m.email,
          role: m.role,
        })),
      }),
    );
  };
}
