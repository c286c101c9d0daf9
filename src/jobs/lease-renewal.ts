/**
 * A worker's writes to the leases it holds: the heartbeat's renewal, and the hand-back at shutdown.
 *
 * The heartbeat moves the lease of every job the worker runs to `lockedUntilMs`. It answers the
 * jobs renewed, on PostgreSQL those still the worker's whose row another transaction held (`busy`:
 * renewed at the next heartbeat, not taken for lost), and those whose row is gone (`gone`: deleted,
 * by this worker finishing it or by another that took it over; the worker tells which).
 *
 * On PostgreSQL both skip a locked row rather than wait for it: one UPDATE of many rows locks them
 * in its own order, a group commit finishing several jobs locks them in its order, and the two
 * deadlocked (the renewal under the send benchmark's load, `npm run bench -- send`; the hand-back
 * in the queue's tests, against handlers that settled at once when aborted). A plain read, which
 * waits for no lock, then tells a busy row from one that is no longer the worker's. SQLite has one
 * writer: nothing to deadlock with.
 */
import type { Kysely } from 'kysely';
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
): Promise<{ renewed: Set<string>; busy: Set<string>; gone: Set<string> }> {
  const lockedUntil = new Date(lockedUntilMs).toISOString();
  const renewedRows =
    dialect === 'postgres'
      ? await db
          .updateTable('jobs')
          .set({ locked_until: lockedUntil })
          .where(
            'id',
            'in',
            db.selectFrom('jobs').select('id').where('locked_by', '=', workerId).where('status', '=', 'running').forUpdate().skipLocked(),
          )
          .returning('id')
          .execute()
      : await db
          .updateTable('jobs')
          .set({ locked_until: lockedUntil })
          .where('locked_by', '=', workerId)
          .where('status', '=', 'running')
          .returning('id')
          .execute();
  const renewed = new Set(renewedRows.map((row) => row.id));
  const skipped = running.filter((id) => !renewed.has(id));
  if (skipped.length === 0) return { renewed, busy: new Set(), gone: new Set() };
  const rows = await db.selectFrom('jobs').select(['id', 'locked_by', 'status']).where('id', 'in', skipped).execute();
  const busy = new Set(rows.filter((row) => row.locked_by === workerId && row.status === 'running').map((row) => row.id));
  const present = new Set(rows.map((row) => row.id));
  return { renewed, busy, gone: new Set(skipped.filter((id) => !present.has(id))) };
}

/**
 * Hands back the jobs still running at shutdown (the attempt not counted), so another worker can
 * start them at once. The worker holds its heartbeat meanwhile, so on PostgreSQL a skipped row is
 * held by the job's own work (a group commit finishing it, its handler's transaction): if that
 * transaction fails, the job's lease runs out and it is swept like any job of a stopped worker.
 */
export async function handBackHeldJobs({ db, dialect }: { db: Kysely<DB>; dialect: string }, workerId: string, now: Date): Promise<void> {
  const own = db.selectFrom('jobs').select('id').where('locked_by', '=', workerId).where('status', '=', 'running');
  await db
    .updateTable('jobs')
    .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), locked_by: null, locked_until: null, run_at: now.toISOString() }))
    .where('id', 'in', dialect === 'postgres' ? own.forUpdate().skipLocked() : own)
    .execute();
}
