/**
 * Job priority: among due jobs, a worker claims those with a higher `priority` first (jobs/worker.ts).
 * Timers use it (a flow's `wait`, a message sequence's delay: jobs due at a moment the product
 * promised), so a wait of one second ends after one second even while a backlog of immediate work
 * (a thousand runs starting, their status callbacks) is being worked off.
 *
 * The partial index holds only queued jobs of raised priority, so the claim's first look ("any
 * timer due?") is a seek into a small index, and timers due far in the future are never scanned.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('jobs')
    .addColumn('priority', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('jobs_priority_runnable_idx')
    .on('jobs')
    .columns(['priority', 'run_at'])
    .where(sql.ref('status'), '=', 'queued')
    .where(sql.ref('priority'), '>', 0)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_priority_runnable_idx').ifExists().execute();
  await db.schema.alterTable('jobs').dropColumn('priority').execute();
}
