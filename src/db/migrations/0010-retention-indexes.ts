/**
 * Indexes the retention housekeeping (modules/retention) purges by, so each bounded batch reads
 * only the rows it deletes instead of scanning the table: processed callbacks by `processed_at`,
 * events by `created_at`, finished deliveries by (status, updated_at), and the deliveries and
 * attempts that refer to an event or a delivery (which also serves the attempts' ON DELETE CASCADE).
 * Dead jobs need none: (status, run_at) of `jobs_runnable_idx` serves them.
 */
import type { Kysely } from 'kysely';

const INDEXES: [name: string, table: string, columns: string[]][] = [
  ['provider_callbacks_processed_idx', 'provider_callbacks', ['processed_at']],
  ['events_created_idx', 'events', ['created_at']],
  ['webhook_deliveries_finished_idx', 'webhook_deliveries', ['status', 'updated_at']],
  ['webhook_deliveries_event_idx', 'webhook_deliveries', ['event_id']],
  ['webhook_attempts_delivery_only_idx', 'webhook_attempts', ['delivery_id']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
