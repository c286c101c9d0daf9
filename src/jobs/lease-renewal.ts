/**
 * A worker's heartbeat write: the lease of every job it runs moved to `lockedUntilMs`. Answers the
 * jobs renewed and, on PostgreSQL, those still the worker's whose row another transaction held
 * (`busy`: renewed at the next heartbeat, not taken for lost).
 *
 * On PostgreSQL a renewal skips a locked row rather than waiting for it: one UPDATE of many rows
 * locks them in its own order, a group commit finishing several jobs locks them in its order, and
 * the two deadlocked (seen under the send benchmark's load, `npm run bench -- send`). A plain read,
 * which waits for no lock, then tells a busy row from one that is no longer the worker's. SQLite
 * has one writer: nothing to deadlock with.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.js';

export interface LeaseRenewal {
  workerId: string;
  lockedUntilMs: number;
  /** The jobs the worker runs now. */
  running: string[];
}

export async function renewHeldLeases(
  { db, dialect }: { db: Kysely<DB>; dialect: string },
  { workerId, lockedUntilMs, running }: LeaseRenewal,
): Promise<{ renewed: Set<string>; busy: Set<string> }> {
  const lockedUntil = new Date(lockedUntilMs).toISOString();
  const held = <Q extends SelectQueryBuilder<DB, 'jobs', object>>(q: Q) =>
    q.where('locked_by', '=', workerId).where('status', '=', 'running');
  if (dialect !== 'postgres') {
    const rows = await db
      .updateTable('jobs')
      .set({ locked_until: lockedUntil })
      .where('locked_by', '=', workerId)
      .where('status', '=', 'running')
      .returning('id')
      .execute();
    return { renewed: new Set(rows.map((row) => row.id)), busy: new Set() };
  }
  const rows = await db
    .updateTable('jobs')
    .set({ locked_until: lockedUntil })
    .where('id', 'in', held(db.selectFrom('jobs')).select('id').forUpdate().skipLocked())
    .returning('id')
    .execute();
  const renewed = new Set(rows.map((row) => row.id));
  const skipped = running.filter((id) => !renewed.has(id));
  if (skipped.length === 0) return { renewed, busy: new Set() };
  const stillHeld = await held(db.selectFrom('jobs')).select('id').where('id', 'in', skipped).execute();
  return { renewed, busy: new Set(stillHeld.map((row) => row.id)) };
}
