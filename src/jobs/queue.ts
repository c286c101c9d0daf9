/**
 * The durable job queue: rows in the `jobs` table. `enqueue` writes inside the caller's transaction,
 * so a job exists exactly when the change that caused it was committed.
 *
 * Wake-ups: on PostgreSQL a trigger on the insert calls `pg_notify` (migration 0007, the channel is
 * JOBS_CHANNEL), which PostgreSQL delivers only on commit, to every listening worker. On SQLite (one process by default) the queue tells the
 * in-process worker directly; Kysely's single SQLite connection makes the worker's claim wait for
 * the enqueuing transaction to finish, so it sees the committed row.
 */
import type { Insertable } from 'kysely';
import { everyColumn, prepareQuery, type PreparedQuery } from '../db/prepared.js';
import type { JobsTable } from '../db/schema.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { toJson } from '../lib/json.js';
import type { Metrics } from '../lib/metrics.js';
import type { Executor } from '../db/executor.js';
import { JobCatalogue } from './catalogue.js';
import type { JobSpec, JobSpecOf } from './types.js';

/** The LISTEN/NOTIFY channel; the trigger of migration 0007 names it too. */
export const JOBS_CHANNEL = 'conversa_jobs';

const JOB_COLUMNS = everyColumn<JobsTable>()([
  'id',
  'organization_id',
  'type',
  'payload',
  'status',
  'attempts',
  'max_attempts',
  'run_at',
  'priority',
  'locked_by',
  'locked_until',
  'last_error',
  'created_at',
  'updated_at',
]);

/** Inserts of up to this many jobs at once (what hot paths enqueue) are built once per row count. */
const PREPARED_ROW_COUNTS = 8;
const insertJobsQueries = new Map<number, PreparedQuery<Record<string, unknown>, unknown>>();

/** The insert of `count` jobs, its values named `<column><row>` (id0, type0, …, id1, …). */
function insertJobs(count: number): PreparedQuery<Record<string, unknown>, unknown> {
  let query = insertJobsQueries.get(count);
  if (!query) {
    query = prepareQuery<Record<string, unknown>>()((db, p) =>
      db
        .insertInto('jobs')
        .values(
          Array.from(
            { length: count },
            (_, i) => Object.fromEntries(JOB_COLUMNS.map((column) => [column, p(`${column}${i}`)])) as unknown as Insertable<JobsTable>,
          ),
        ),
    );
    insertJobsQueries.set(count, query);
  }
  return query;
}

/**
 * The queue of the jobs of payload map `M` (job type → payload type, derived from the job
 * catalogue: src/modules/jobs.ts): `enqueue` takes only a declared type with a payload of its shape.
 */
export class JobQueue<M extends object> {
  private readonly listeners = new Set<(runAtMs: number) => void>();

  constructor(
    /** The declared jobs: their retry policies here, their payload schemas for the worker. */
    readonly catalogue: JobCatalogue = new JobCatalogue(),
    private readonly metrics?: Metrics,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Inserts a job with the caller's executor (pass the open transaction). Returns the job id. */
  async enqueue<T extends keyof M & string>(executor: Executor, spec: JobSpec<T, M[T]>): Promise<string> {
    const id = await this.insert(executor, [spec]);
    return id[0]!; // one id per spec
  }

  async enqueueMany(executor: Executor, specs: JobSpecOf<M>[]): Promise<string[]> {
    if (specs.length === 0) return [];
    return this.insert(executor, specs);
  }

  /** Subscribe to "a job becomes runnable at `runAtMs`" (the in-process worker does). */
  onEnqueue(listener: (runAtMs: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async insert(executor: Executor, specs: JobSpec[]): Promise<string[]> {
    const now = this.clock.now().getTime();
    const rows = specs.map((spec) => {
      const runAt = spec.runAt ?? new Date(now + (spec.delayMs ?? 0));
      const created = new Date(now).toISOString();
      return {
        id: newId(),
        organization_id: spec.organizationId ?? null,
        type: spec.type,
        payload: toJson(spec.payload),
        status: 'queued',
        attempts: 0,
        max_attempts: spec.maxAttempts ?? this.catalogue.maxAttempts(spec.type),
        run_at: runAt.toISOString(),
        priority: spec.priority ?? 0,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: created,
        updated_at: created,
      };
    });
    // Workers learn when the earliest new job becomes runnable: a due job wakes them at once, a
    // delayed one sets a timer (so it neither waits for the idle poll nor costs an empty claim now).
    // On PostgreSQL the insert itself notifies other processes at commit (trigger, migration 0007).
    if (rows.length <= PREPARED_ROW_COUNTS) {
      const params: Record<string, unknown> = {};
      rows.forEach((row, i) => JOB_COLUMNS.forEach((column) => (params[`${column}${i}`] = row[column])));
      await insertJobs(rows.length).execute(executor, params);
    } else {
      await executor.insertInto('jobs').values(rows).execute();
    }
    const earliest = Math.min(...rows.map((row) => Date.parse(row.run_at)));
    for (const spec of specs) this.metrics?.jobsEnqueued.inc({ type: spec.type });
    // Notify after the current microtasks: the in-process worker's claim queues behind this transaction.
    setImmediate(() => this.listeners.forEach((listener) => listener(earliest)));
    return rows.map((r) => r.id);
  }
}
