/**
 * Teams through the organization's own API (DESIGN §12, `teams.manage`: admins and owners):
 * create, change (name, members) and delete; the list is the directory's (`GET …/teams`).
 * The same TeamsService as the operator's admin API.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { EmptyEnvelope, Envelope, OrgParams, Uuid, errorResponses } from '../../http/schemas.js';
import { CreateTeamBody, Team, UpdateTeamBody } from '../teams/index.js';
import type { AppContext } from '../services.js';

const tags = ['teams'];
const security = [{ apiKeyHeader: [] }];
const TeamParams = Type.Object({ organizationId: Uuid, teamId: Uuid });

export function teamsRoutes(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { teams } = deps.services;
    const onRequest = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'teams.manage' });

    app.post(
      '/api/:organizationId/teams',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'createTeam',
          summary: 'Create a team (its members must be members of the organization)',
          params: OrgParams,
          body: CreateTeamBody,
          response: { 201: Envelope(Team), ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN') },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true as const, data: await teams.create(req.params.organizationId, req.body) }),
    );
    app.patch(
      '/api/:organizationId/teams/:teamId',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'updateTeam',
          summary: 'Rename a team or replace its members',
          params: TeamParams,
          body: UpdateTeamBody,
          response: { 200: Envelope(Team), ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN', 'TEAM_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await teams.update(req.params.organizationId, req.params.teamId, req.body) }),
    );
    app.delete(
      '/api/:organizationId/teams/:teamId',
      {
        onRequest,
        schema: {
          tags,
          security,
          operationId: 'deleteTeam',
          summary: 'Delete a team (its chats stay, without a team)',
          params: TeamParams,
          response: { 200: EmptyEnvelope, ...errorResponses('FORBIDDEN', 'TEAM_NOT_FOUND') },
        },
      },
      async (req) => {
        await teams.remove(req.params.organizationId, req.params.teamId);
        return { success: true as const, data: {} };
      },
    );
  };
}
