/**
 * The audit log (DESIGN.md §14, docs/security.md "Audit log"): one row per change made through the
 * API by a person (console session), an API key or the admin token. Rows are never updated, except
 * by an erasure, which clears `changes` of the rows about the erased person (no personal data stays).
 *
 * `related_ids` holds every id of the request's path (space separated), so an erasure finds the rows
 * about a customer's notes, contacts or field values by the customer's id. The list reads newest first
 * by id (UUID v7) within an organization; retention deletes by `created_at`.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text')
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('profile_id', 'text')
    .addColumn('api_key_id', 'text')
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('related_ids', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('changes', t.json)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await sql`create index audit_log_org_id_idx on audit_log (organization_id, id)`.execute(db);
  await sql`create index audit_log_created_at_idx on audit_log (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').ifExists().execute();
}
