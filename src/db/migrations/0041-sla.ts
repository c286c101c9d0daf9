/**
 * SLA (DESIGN §12 "SLA"): each chat's deadlines, set when the customer first writes in it from the
 * organization's (or its team's) targets in business time, and when each target was breached (set
 * once, by the `chats.sla_check` job at the deadline: `chat.sla_breached` fires with it). Reports
 * count breaches by the deadline's instant, on the chats' index of creation.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

const COLUMNS = ['sla_first_response_due_at', 'sla_resolution_due_at', 'sla_first_response_breached_at', 'sla_resolution_breached_at'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const column of COLUMNS) await db.schema.alterTable('chats').addColumn(column, t.timestamp).execute();
  // The conversations report counts breaches by when they happened, grouped as the other chat counts.
  for (const column of ['sla_first_response_breached_at', 'sla_resolution_breached_at'])
    await db.schema
      .createIndex(`chats_org_${column.replace(/_at$/, '')}_idx`)
      .on('chats')
      .columns(['organization_id', column, 'assignee_profile_id', 'team_id', 'channel_id'])
      .where(sql.ref(column), 'is not', null)
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['sla_first_response_breached_at', 'sla_resolution_breached_at'])
    await db.schema.dropIndex(`chats_org_${column.replace(/_at$/, '')}_idx`).execute();
  for (const column of COLUMNS) await db.schema.alterTable('chats').dropColumn(column).execute();
}
