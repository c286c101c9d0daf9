/**
 * Retention of finished flow runs (modules/retention): the purge finds the oldest finished runs on
 * this partial index, (finished_at) over just the runs that have ended, so running and waiting runs
 * (never purged) cost it nothing and the delete is a seek however many runs there are.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('flow_runs_finished_idx')
    .on('flow_runs')
    .column('finished_at')
    .where(sql.ref('finished_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('flow_runs_finished_idx').ifExists().execute();
}
