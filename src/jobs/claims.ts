/**
 * The worker's claiming statements: one UPDATE … RETURNING per claim, so a job is taken by exactly
 * one worker. PostgreSQL locks the chosen rows with `FOR UPDATE SKIP LOCKED`, so concurrent workers
 * never take the same row; SQLite has a single writer, so the statement is atomic by itself.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../db/connection.js';
import type { DB, JobsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { fromJson } from '../lib/json.js';
import type { ClaimedJob } from './types.js';

/** A query of job ids to claim, given the time and the row lock to take. */
type Selection = (nowIso: string, lock: RawBuilder<unknown>) => RawBuilder<unknown>;

export class JobClaims {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    private readonly workerId: string,
    private readonly leaseMs: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Due jobs: timers (priority > 0, by their partial index) before the others (by the
   * (status, run_at) index), each in run_at order. One priority-sorted query would make the
   * database sort every runnable job, or walk every future timer, on each claim.
   */
  due(limit: number): Promise<ClaimedJob[]> {
    return this.claim((now, lock) => {
      const timers = dueTimers(this.dialect, limit, sql`id, 0 as rank, run_at`)(now, lock);
      const others = sql`select id, 1 as rank, run_at from jobs
        where status = 'queued' and priority = 0 and run_at <= ${now} order by run_at limit ${limit} ${lock}`;
      // Locking reads may not sit in a UNION on PostgreSQL; as common table expressions they may.
      return sql`with timers as (${timers}), others as (${others})
        select id from (select * from timers union all select * from others) as due order by rank, run_at limit ${limit}`;
    });
  }

  /** Due timers only (the worker's reserved slots). */
  dueTimers(limit: number): Promise<ClaimedJob[]> {
    return this.claim(dueTimers(this.dialect, limit));
  }

  /** Jobs whose worker died: still `running`, their lease expired. */
  leaseExpired(limit: number): Promise<ClaimedJob[]> {
    return this.claim((now, lock) => sql`select id from jobs where status = 'running' and locked_until < ${now} limit ${limit} ${lock}`);
  }

  /** When the earliest queued job (or timer) is due, in epoch ms; undefined when none is queued. */
  async nextRunAt(timersOnly: boolean): Promise<number | undefined> {
    let query = this.db.selectFrom('jobs').select('run_at').where('status', '=', 'queued');
    if (timersOnly) query = query.where('priority', '>', 0);
    const next = await query.orderBy('run_at').limit(1).executeTakeFirst();
    return next ? Date.parse(next.run_at) : undefined;
  }

  private async claim(select: Selection): Promise<ClaimedJob[]> {
    const nowMs = this.clock.now().getTime();
    const now = new Date(nowMs).toISOString();
    const leaseUntil = new Date(nowMs + this.leaseMs).toISOString();
    const lock = this.dialect === 'postgres' ? sql`for update skip locked` : sql``;
    const result = await sql<JobsTable>`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${this.workerId},
        locked_until = ${leaseUntil}, updated_at = ${now}
      where id in (${select(now, lock)})
      returning id, type, organization_id, payload, attempts, max_attempts`.execute(this.db);
    return result.rows.map((row) => ({
      id: row.id,
      type: row.type,
      organizationId: row.organization_id,
      payload: fromJson(row.payload, null),
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    }));
  }
}

/**
 * The due timers (priority > 0), by their partial index. SQLite is told the index: without
 * statistics it preferred `jobs_runnable_idx` (status = ? and run_at <= ?: two terms against one)
 * and filtered priority over EVERY due job, then sorted them. With a backlog of 12,000 due callback
 * jobs in the send bench that was 2.5 ms a claim, against 9 µs through the partial index, and it
 * grew with the backlog it was meant to overtake. PostgreSQL's planner picks the partial index by
 * itself (test/jobs/claim-plans.test.ts checks both).
 */
function dueTimers(dialect: Dialect, limit: number, columns: RawBuilder<unknown> = sql`id`): Selection {
  const from = dialect === 'sqlite' ? sql`jobs indexed by jobs_priority_runnable_idx` : sql`jobs`;
  return (now, lock) => sql`select ${columns} from ${from}
    where status = 'queued' and priority > 0 and run_at <= ${now} order by priority desc, run_at limit ${limit} ${lock}`;
}
