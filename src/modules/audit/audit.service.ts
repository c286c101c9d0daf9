/** Reading the audit log (DESIGN.md §14): newest first, cursor pagination, filters; owners and admins only. */
import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, DB } from '../../db/schema.js';
import { validationError } from '../../errors.js';

export const AUDIT_DEFAULT_PAGE = 50;
export const AUDIT_MAX_PAGE = 200;

export interface AuditQuery {
  actor?: string;
  resourceType?: string;
  resourceId?: string;
  action?: string;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
}

export interface AuditEntry {
  id: string;
  actor: { type: string; profileId: string | null; apiKeyId: string | null; ip: string };
  action: string;
  resourceType: string;
  resourceId: string | null;
  method: string;
  route: string;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  createdAt: string;
}

function entryOf(row: Selectable<AuditLogTable>): AuditEntry {
  const changes =
    typeof row.changes === 'string' ? (JSON.parse(row.changes) as AuditEntry['changes']) : (row.changes as AuditEntry['changes']);
  const created = row.created_at as unknown;
  return {
    id: row.id,
    actor: { type: row.actor_type, profileId: row.profile_id, apiKeyId: row.api_key_id, ip: row.ip },
    action: row.action,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    method: row.method,
    route: row.route,
    changes: changes ?? null,
    createdAt: created instanceof Date ? created.toISOString() : new Date(String(created)).toISOString(),
  };
}

export async function listAuditLog(
  db: Kysely<DB>,
  organizationId: string,
  query: AuditQuery,
): Promise<{ data: AuditEntry[]; nextCursor: string | null }> {
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  if (from && to && from > to) throw validationError([{ field: 'from', message: 'must not be after to' }]);
  const limit = query.limit ?? AUDIT_DEFAULT_PAGE;
  let select = db.selectFrom('audit_log').selectAll().where('organization_id', '=', organizationId);
  if (query.actor) select = select.where((eb) => eb.or([eb('profile_id', '=', query.actor!), eb('api_key_id', '=', query.actor!)]));
  if (query.resourceType) select = select.where('resource_type', '=', query.resourceType);
  if (query.resourceId) select = select.where('resource_id', '=', query.resourceId);
  if (query.action) select = select.where('action', '=', query.action);
  if (from) select = select.where('created_at', '>=', from.toISOString());
  if (to) select = select.where('created_at', '<=', to.toISOString());
  if (query.cursor) select = select.where('id', '<', query.cursor);
  const rows = await select
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return { data: page.map(entryOf), nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}
