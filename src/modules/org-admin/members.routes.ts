/**
 * Members and their roles through the organization's own API (DESIGN §12): an admin adds a person
 * (an existing profile by e-mail, or a new one) and removes members; only an owner changes roles;
 * nobody removes or demotes the last owner (409 LAST_OWNER); nobody adds, or removes, a member
 * above their own role (403 naming `roles.change`). The list is the directory's (`GET …/members`).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { demand, rank } from '../../access/permissions.js';
import { AppError, validationError } from '../../errors.js';
import { principalOf } from '../../http/auth.js';
import { EmptyEnvelope, Envelope, OrgParams, Uuid, errorResponses } from '../../http/schemas.js';
import { Member, RoleSchema } from '../organizations/index.js';
import type { AppContext } from '../services.js';

const tags = ['members'];
const security = [{ apiKeyHeader: [] }];
const MemberParams = Type.Object({ organizationId: Uuid, profileId: Uuid });

const AddBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 320, description: "The person's e-mail: an existing profile joins as it is" }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Needed when no profile has that e-mail yet' })),
    role: Type.Optional({ ...RoleSchema, description: 'Default agent; never above your own role' }),
  },
  { additionalProperties: false },
);
const RoleBody = Type.Object({ role: RoleSchema }, { additionalProperties: false });

export function membersRoutes(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { tenancy } = deps.services;
    const manage = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'members.manage' });
    const roles = deps.requireApiKey({ scheme: 'x-api-key', scope: '*', organizationRoute: true, permission: 'roles.change' });

    app.post(
      '/api/:organizationId/members',
      {
        onRequest: manage,
        schema: {
          tags,
          security,
          operationId: 'addMember',
          summary: 'Add a person to the organization (a new profile when the e-mail is unknown)',
          params: OrgParams,
          body: AddBody,
          response: { 201: Envelope(Member), ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN', 'ALREADY_EXISTS') },
        },
      },
      async (req, reply) => {
        const { organizationId } = req.params;
        // Giving a role above your own is changing roles: an owner's.
        if (req.body.role && rank(req.body.role) > rank(principalOf(req).role)) demand(principalOf(req).role, 'roles.change');
        const profile = await tenancy.getProfileByEmail(req.body.email).catch(async (err: unknown) => {
          if (!(err instanceof AppError) || err.code !== 'PROFILE_NOT_FOUND') throw err;
          if (!req.body.name) throw validationError([{ field: 'name', message: 'is required: no profile has this e-mail yet' }]);
          return tenancy.createProfile({ name: req.body.name, email: req.body.email });
        });
        const member = await tenancy.addMember(organizationId, { profileId: profile.id, role: req.body.role });
        return reply.code(201).send({ success: true as const, data: { ...member, name: profile.name, email: profile.email } });
      },
    );

    app.patch(
      '/api/:organizationId/members/:profileId',
      {
        onRequest: roles,
        schema: {
          tags,
          security,
          operationId: 'changeMemberRole',
          summary: "Change a member's role (owners only; the last owner stays one)",
          params: MemberParams,
          body: RoleBody,
          response: { 200: Envelope(Member), ...errorResponses('FORBIDDEN', 'MEMBER_NOT_FOUND', 'LAST_OWNER') },
        },
      },
      async (req) => ({
        success: true as const,
        data: await tenancy.changeRole(req.params.organizationId, req.params.profileId, req.body.role),
      }),
    );

    app.delete(
      '/api/:organizationId/members/:profileId',
      {
        onRequest: manage,
        schema: {
          tags,
          security,
          operationId: 'removeMember',
          summary: 'Remove a member (never one above your own role, never the last owner)',
          params: MemberParams,
          response: { 200: EmptyEnvelope, ...errorResponses('FORBIDDEN', 'MEMBER_NOT_FOUND', 'LAST_OWNER') },
        },
      },
      async (req) => {
        const { organizationId, profileId } = req.params;
        const target = await tenancy.membership(organizationId, profileId);
        if (rank(target.role) > rank(principalOf(req).role)) demand(principalOf(req).role, 'roles.change');
        await tenancy.removeMember(organizationId, profileId, { keepAnOwner: true });
        return { success: true as const, data: {} };
      },
    );
  };
}
