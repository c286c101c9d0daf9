/**
 * The one place that records the audit log (DESIGN.md §14; docs/security.md "Audit log"). Every
 * mutating route of the organization API, the admin API, the console's own keys and the send
 * endpoint gets, as it is registered (onRoute), two hooks:
 *
 * - preHandler (after authentication and validation): the resource's stored state before;
 * - onSend (before the answer leaves): if the request succeeded (2xx, not an idempotent replay), the
 *   state after, and one row with who (the session's profile, or the key and its profile, or the
 *   admin token), from where (`request.ip`, which honours TRUST_PROXY), what (action, resource,
 *   the changed fields) and when (the injected clock). The row is written before the answer is
 *   sent, so a client that got its answer finds its row.
 *
 * Modules do nothing: a new route is covered as soon as it exists (test/audit/audit-coverage.test.ts
 * enumerates the route table). The row is written right after the change's own transaction, not in
 * it: a process killed between the two loses that row (docs/security.md says so). It goes through the
 * group commit (db/transaction-batcher.ts): concurrent requests' rows share one commit instead of
 * one each (on the send path that was a commit, and on PostgreSQL a WAL flush, per request).
 */
import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { auditTarget, isAudited, type AuditTarget } from './audit-route.js';
import { diff, hasSnapshot, snapshot, type Snapshot } from './audit-changes.js';

declare module 'fastify' {
  interface FastifyRequest {
    auditBefore?: Snapshot;
  }
}

const UUID = /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const REPLAYED_HEADER = 'idempotent-replayed';

/** Every route pattern the trail was attached to, as `METHOD url` (the coverage test reads it). */
export const auditedRoutes = new Set<string>();

interface TrailDeps {
  db: Kysely<DB>;
  batcher: TransactionBatcher;
  clock: Clock;
}

function organizationOf(request: FastifyRequest): string | null {
  const params = (request.params ?? {}) as Record<string, string | undefined>;
  return params.organizationId ?? params.orgId ?? request.principal?.organizationId ?? null;
}

function resourceIdOf(request: FastifyRequest, target: AuditTarget, payload: unknown): string | null {
  if (target.idParam) return ((request.params ?? {}) as Record<string, string>)[target.idParam] ?? null;
  const data = payload && typeof payload === 'object' ? (payload as { data?: Record<string, unknown> }).data : undefined;
  const id = data?.id ?? data?.chatId ?? data?.messageId ?? data?.runId;
  return typeof id === 'string' ? id : null;
}

function answerOf(payload: unknown): unknown {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    return undefined;
  }
}

export function registerAuditTrail(app: FastifyInstance, deps: TrailDeps): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!isAudited(method, route.url)) continue;
      auditedRoutes.add(`${method} ${route.url}`);
      const target = auditTarget(method, route.url);
      const recordsChanges = target.changes && hasSnapshot(target.resourceType);
      const before: preHandlerAsyncHookHandler = async (request) => {
        if (!recordsChanges || !target.idParam) return;
        const id = ((request.params ?? {}) as Record<string, string>)[target.idParam];
        if (id && UUID.test(id)) request.auditBefore = await snapshot(deps.db, target.resourceType, id, organizationOf(request));
      };
      const record: onSendAsyncHookHandler = async (request, reply, payload) => {
        if (reply.statusCode >= 300 || reply.getHeader(REPLAYED_HEADER) === 'true') return payload;
        const resourceId = resourceIdOf(request, target, answerOf(payload));
        // Deleting an organization removes its audit log with everything else it owns; the record
        // of the deletion itself stays, beside the operator's (no organization), naming it as the resource.
        const deletesOrganization = request.method === 'DELETE' && target.resourceType === 'organization';
        const organizationId = deletesOrganization
          ? null
          : (organizationOf(request) ?? (target.resourceType === 'organization' ? resourceId : null));
        let changes = null;
        if (recordsChanges && resourceId && UUID.test(resourceId)) {
          const after = await snapshot(deps.db, target.resourceType, resourceId, organizationId);
          changes = diff(request.auditBefore, after);
        }
        const params = Object.values((request.params ?? {}) as Record<string, string>).filter((v) => UUID.test(v));
        const principal = request.principal;
        const row = {
          id: newId(),
          organization_id: organizationId,
          actor_type: principal ? principal.via : 'admin',
          profile_id: principal?.profileId ?? null,
          api_key_id: principal?.via === 'api-key' ? principal.credentialId : null,
          ip: request.ip,
          action: target.action,
          resource_type: target.resourceType,
          resource_id: resourceId,
          related_ids: [...new Set([...params, ...(resourceId ? [resourceId] : [])])].join(' '),
          method: request.method,
          route: route.url,
          status_code: reply.statusCode,
          changes: changes ? JSON.stringify(changes) : null,
          created_at: deps.clock.now().toISOString(),
        };
        await deps.batcher.append('audit_log', row);
        return payload;
      };
      route.preHandler = [...asArray(route.preHandler), before];
      route.onSend = [...asArray(route.onSend), record];
    }
  });
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
