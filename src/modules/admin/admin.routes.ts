/**
 * The admin API (`/admin/v1`, DESIGN.md §5): the operator's way to set up organizations, people,
 * keys and channels. Routes are thin: parse, call one service function, shape the answer.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { EmptyEnvelope, Envelope, Uuid, errorResponses } from '../../http/schemas.js';
import { makeAdminGuard } from './admin-auth.js';
import { adminChannelRoutes } from './admin-channels.routes.js';
import { orgResourceRoutes } from './org-resources.routes.js';
import { eventSinkRoutes } from '../event-sinks/index.js';
import { adminPriceTableRoutes } from '../campaigns/index.js';
import {
  AddMemberBody,
  ApiKey,
  CreateApiKeyBody,
  CreatedApiKey,
  CreateOrganizationBody,
  CreateProfileBody,
  Member,
  Organization,
  Profile,
  SetPasswordBody,
  UpdateOrganizationBody,
  UpdateProfileBody,
} from '../organizations/index.js';
import { namedPlugin } from '../../http/plugin-name.js';

const OrgParams = Type.Object({ orgId: Uuid });
const IdParams = Type.Object({ id: Uuid });
const security = [{ adminToken: [] }];

export function adminModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { tenancy } = deps.services;
    app.addHook('onRequest', makeAdminGuard(deps.config.adminToken));
    const tags = ['admin'];

    // Organizations
    app.post(
      '/organizations',
      {
        schema: {
          tags,
          security,
          operationId: 'adminCreateOrganization',
          summary: 'Create an organization',
          body: CreateOrganizationBody,
          response: { 201: Envelope(Organization) },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await tenancy.createOrganization(req.body) }),
    );
    app.get(
      '/organizations',
      {
        schema: {
          tags,
          security,
          operationId: 'adminListOrganizations',
          summary: 'List organizations',
          response: { 200: Envelope(Type.Array(Organization)) },
        },
      },
      async () => ({ success: true as const, data: await tenancy.listOrganizations() }),
    );
    app.get(
      '/organizations/:orgId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminGetOrganization',
          summary: 'Get an organization',
          params: OrgParams,
          response: { 200: Envelope(Organization), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.getOrganization(req.params.orgId) }),
    );
    app.patch(
      '/organizations/:orgId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminUpdateOrganization',
          summary: 'Update an organization (settings merge)',
          params: OrgParams,
          body: UpdateOrganizationBody,
          response: { 200: Envelope(Organization), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.updateOrganization(req.params.orgId, req.body) }),
    );
    app.delete(
      '/organizations/:orgId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminDeleteOrganization',
          summary: 'Delete an organization and all its data',
          params: OrgParams,
          response: { 200: EmptyEnvelope, ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req) => {
        await tenancy.deleteOrganization(req.params.orgId);
        return { success: true as const, data: {} };
      },
    );

    // Profiles
    app.post(
      '/profiles',
      {
        schema: {
          tags,
          security,
          operationId: 'adminCreateProfile',
          summary: 'Create a profile (a person or an integration); with `password` it can sign in to the console',
          body: CreateProfileBody,
          response: { 201: Envelope(Profile), ...errorResponses('ALREADY_EXISTS') },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await tenancy.createProfile(req.body) }),
    );
    app.get(
      '/profiles',
      {
        schema: {
          tags,
          security,
          operationId: 'adminListProfiles',
          summary: 'List profiles',
          response: { 200: Envelope(Type.Array(Profile)) },
        },
      },
      async () => ({ success: true as const, data: await tenancy.listProfiles() }),
    );
    app.get(
      '/profiles/:id',
      {
        schema: {
          tags,
          security,
          operationId: 'adminGetProfile',
          summary: 'Get a profile',
          params: IdParams,
          response: { 200: Envelope(Profile), ...errorResponses('PROFILE_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.getProfile(req.params.id) }),
    );
    app.patch(
      '/profiles/:id',
      {
        schema: {
          tags,
          security,
          operationId: 'adminUpdateProfile',
          summary: 'Update a profile',
          params: IdParams,
          body: UpdateProfileBody,
          response: { 200: Envelope(Profile), ...errorResponses('PROFILE_NOT_FOUND', 'ALREADY_EXISTS') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.updateProfile(req.params.id, req.body) }),
    );
    app.put(
      '/profiles/:id/password',
      {
        schema: {
          tags,
          security,
          operationId: 'adminSetProfilePassword',
          summary: "Set a profile's console password (ends the profile's open sessions)",
          params: IdParams,
          body: SetPasswordBody,
          response: { 200: Envelope(Profile), ...errorResponses('PROFILE_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.setPassword(req.params.id, req.body.password) }),
    );
    app.delete(
      '/profiles/:id',
      {
        schema: {
          tags,
          security,
          operationId: 'adminDeleteProfile',
          summary: 'Delete a profile, its memberships and keys',
          params: IdParams,
          response: { 200: EmptyEnvelope, ...errorResponses('PROFILE_NOT_FOUND') },
        },
      },
      async (req) => {
        await tenancy.deleteProfile(req.params.id);
        return { success: true as const, data: {} };
      },
    );

    // Members
    app.post(
      '/organizations/:orgId/members',
      {
        schema: {
          tags,
          security,
          operationId: 'adminAddMember',
          summary: 'Make a profile a member of the organization',
          params: OrgParams,
          body: AddMemberBody,
          response: { 201: Envelope(Member), ...errorResponses('ORGANIZATION_NOT_FOUND', 'PROFILE_NOT_FOUND', 'ALREADY_EXISTS') },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await tenancy.addMember(req.params.orgId, req.body) }),
    );
    app.get(
      '/organizations/:orgId/members',
      {
        schema: {
          tags,
          security,
          operationId: 'adminListMembers',
          summary: 'List members',
          params: OrgParams,
          response: { 200: Envelope(Type.Array(Member)), ...errorResponses('ORGANIZATION_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.listMembers(req.params.orgId) }),
    );
    app.delete(
      '/organizations/:orgId/members/:profileId',
      {
        schema: {
          tags,
          security,
          operationId: 'adminRemoveMember',
          summary: 'Remove a member',
          params: Type.Object({ orgId: Uuid, profileId: Uuid }),
          response: { 200: EmptyEnvelope, ...errorResponses('ORGANIZATION_NOT_FOUND', 'MEMBER_NOT_FOUND') },
        },
      },
      async (req) => {
        await tenancy.removeMember(req.params.orgId, req.params.profileId);
        return { success: true as const, data: {} };
      },
    );

    // API keys
    app.post(
      '/profiles/:id/api-keys',
      {
        schema: {
          tags,
          security,
          operationId: 'adminCreateApiKey',
          summary: 'Issue an API key (data.key is shown once)',
          params: IdParams,
          body: CreateApiKeyBody,
          response: { 201: Envelope(CreatedApiKey), ...errorResponses('PROFILE_NOT_FOUND') },
        },
      },
      async (req, reply) => reply.code(201).send({ success: true, data: await tenancy.createApiKey(req.params.id, req.body) }),
    );
    app.get(
      '/profiles/:id/api-keys',
      {
        schema: {
          tags,
          security,
          operationId: 'adminListApiKeys',
          summary: "List a profile's API keys (without the keys)",
          params: IdParams,
          response: { 200: Envelope(Type.Array(ApiKey)), ...errorResponses('PROFILE_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.listApiKeys(req.params.id) }),
    );
    app.get(
      '/api-keys/:id',
      {
        schema: {
          tags,
          security,
          operationId: 'adminGetApiKey',
          summary: 'Get an API key',
          params: IdParams,
          response: { 200: Envelope(ApiKey), ...errorResponses('API_KEY_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.getApiKey(req.params.id) }),
    );
    app.delete(
      '/api-keys/:id',
      {
        schema: {
          tags,
          security,
          operationId: 'adminRevokeApiKey',
          summary: 'Revoke an API key',
          params: IdParams,
          response: { 200: Envelope(ApiKey), ...errorResponses('API_KEY_NOT_FOUND') },
        },
      },
      async (req) => ({ success: true as const, data: await tenancy.revokeApiKey(req.params.id) }),
    );

    const ensureOrg = (orgId: string) => tenancy.getOrganization(orgId);
    await app.register(namedPlugin('admin channels', adminChannelRoutes(deps, ensureOrg)));
    await app.register(namedPlugin('admin organization resources', orgResourceRoutes(deps, ensureOrg)));
    await app.register(namedPlugin('admin event sinks', eventSinkRoutes(deps)));
    await app.register(namedPlugin('admin price tables', adminPriceTableRoutes(deps)));
  };
}
