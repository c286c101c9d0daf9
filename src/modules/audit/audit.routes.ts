/**
 * `GET /api/{organizationId}/audit-log` (DESIGN.md §14; docs/security.md "Audit log"): who changed
 * what, from where, when. A key needs `audit:read`; the caller's role must be owner or admin.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../services.js';
import { errorResponses, OrgParams, Timestamp, Uuid } from '../../http/schemas.js';
import { AUDIT_DEFAULT_PAGE, AUDIT_MAX_PAGE, listAuditLog } from './audit.service.js';

const Name = (description: string) => Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z0-9.-]+$', description });

const AuditQuery = Type.Object(
  {
    actor: Type.Optional({ ...Uuid, description: 'A profile id (its sessions and its keys) or an API key id' }),
    resourceType: Type.Optional(Name('The resource type, such as `customer`, `tag`, `webhook`, `chat`')),
    resourceId: Type.Optional(Uuid),
    action: Type.Optional(Name('The action, such as `customer.updated` or `chat.assignee`')),
    from: Type.Optional({ ...Timestamp, description: 'Rows at or after this instant' }),
    to: Type.Optional({ ...Timestamp, description: 'Rows at or before this instant' }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_MAX_PAGE, default: AUDIT_DEFAULT_PAGE })),
    cursor: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);

const Change = Type.Object({ before: Type.Unknown(), after: Type.Unknown() });

const AuditEntry = Type.Object({
  id: Uuid,
  actor: Type.Object({
    type: Type.Union([Type.Literal('session'), Type.Literal('api-key'), Type.Literal('admin')], {
      description: '`session`: a person signed in to the console; `api-key`: a key (and its profile); `admin`: the ADMIN_TOKEN',
    }),
    profileId: Type.Union([Uuid, Type.Null()]),
    apiKeyId: Type.Union([Uuid, Type.Null()]),
    ip: Type.String({ description: 'The client address as the service sees it (honours TRUST_PROXY)' }),
  }),
  action: Type.String(),
  resourceType: Type.String(),
  resourceId: Type.Union([Type.String(), Type.Null()]),
  method: Type.String(),
  route: Type.String({ description: 'The route pattern that made the change' }),
  changes: Type.Union([Type.Record(Type.String(), Change), Type.Null()], {
    description:
      'The changed fields only, each with its stored value before and after (secrets masked whole); null for sends and ' +
      'for rows an erasure cleared',
  }),
  createdAt: Timestamp,
});

const AuditPage = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(AuditEntry),
  nextCursor: Type.Union([Uuid, Type.Null()]),
});

export function auditModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    // Owners and admins (`auditLog.read`, src/access/permissions.ts), keys with `audit:read`.
    const read = deps.requireApiKey({ scheme: 'x-api-key', scope: 'audit:read', organizationRoute: true, permission: 'auditLog.read' });
    app.get(
      '/api/:organizationId/audit-log',
      {
        onRequest: read,
        schema: {
          tags: ['audit'],
          security: [{ apiKeyHeader: [] }],
          operationId: 'listAuditLog',
          summary: 'The audit log: every change by a person or a key (owner or admin; newest first, cursor pagination)',
          description:
            'One row per successful change (POST, PUT, PATCH, DELETE) of the organization API, the admin API and API keys: who ' +
            '(session profile, or key and its profile, or the admin token), from which address, the action, the resource and ' +
            'the changed fields before and after. Sends record the action and chat only. Kept `RETENTION_AUDIT_DAYS` (365). ' +
            "Only a member whose role is `owner` or `admin` (a key's profile's role) may read it: 403 `FORBIDDEN` otherwise.",
          params: OrgParams,
          querystring: AuditQuery,
          response: { 200: AuditPage, ...errorResponses('VALIDATION_ERROR', 'FORBIDDEN') },
        },
      },
      async (req) => {
        return { success: true as const, ...(await listAuditLog(deps.db, req.params.organizationId, req.query)) };
      },
    );
  };
}
