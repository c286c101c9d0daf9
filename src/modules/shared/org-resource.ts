/**
 * What the admin API's organization resources (stages, teams, custom fields, templates, flows)
 * share: the record's common fields, and the one "row of this organization, or 404" rule (a row of
 * another organization is answered exactly like a missing one).
 */
import type { Kysely, Selectable } from 'kysely';
import { Type, type TProperties } from '@sinclair/typebox';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { notFound, type ErrorCode } from '../../errors.js';
import { Uuid, Timestamp } from '../../http/schemas.js';

/** A record schema: `id`, `organizationId`, the resource's own fields, `createdAt`, `updatedAt`. */
export function OrgRecord<T extends TProperties>(fields: T) {
  return Type.Object({ id: Uuid, organizationId: Uuid, ...fields, createdAt: Timestamp, updatedAt: Timestamp });
}

interface OrgRow {
  id: string;
  organization_id: string;
  created_at: string;
  updated_at: string;
}

export function baseRecord(row: OrgRow) {
  return { id: row.id, organizationId: row.organization_id, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** Tables whose rows have an `id` and belong to one organization. */
export type OrgTable = 'stages' | 'teams' | 'custom_field_definitions' | 'templates' | 'flows' | 'channels' | 'tags';
type NotFoundCode = Extract<ErrorCode, `${string}_NOT_FOUND`>;

export interface OrgResource {
  table: OrgTable;
  code: NotFoundCode;
  /** For the message, e.g. "Stage". */
  what: string;
}

export async function findOrgRow<T extends OrgTable>(db: Kysely<DB>, table: T, organizationId: string, id: string) {
  // Kysely cannot narrow a table given as a type parameter; every OrgTable has `id` and `organization_id`.
  const row = await tenantQueries(db, organizationId)
    .selectFrom(table as 'flows')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row as unknown as Selectable<DB[T]> | undefined;
}

export async function getOrgRow<T extends OrgTable>(
  db: Kysely<DB>,
  resource: OrgResource & { table: T },
  organizationId: string,
  id: string,
) {
  const row = await findOrgRow(db, resource.table, organizationId, id);
  if (!row) throw notFound(resource.code, resource.what);
  return row;
}

export async function deleteOrgRow(db: Kysely<DB>, resource: OrgResource, organizationId: string, id: string): Promise<void> {
  const result = await tenantQueries(db, organizationId)
    .deleteFrom(resource.table as 'flows')
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound(resource.code, resource.what);
}
