/**
 * The rows of flow runs and their step log, and the one way a run changes: a conditional UPDATE
 * that applies only if the run is still as the caller read it (same status, same owning job, same
 * number of steps taken). Whoever loses such a race (a cancel, a reply, a retried job) changes
 * nothing: `moveRun` answers undefined and the caller's transaction is rolled back by `RunMoved`.
 */
import type { Selectable, Updateable } from 'kysely';
import type { FlowRunsTable } from '../../db/schema.js';
import type { TenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import type { FlowRunStatus } from '../../event-log/catalogue.js';
import { fromJson } from '../../lib/json.js';
import type { OrgContext } from '../shared/index.js';
import type { FlowStep } from './flow-steps.schemas.js';
import type { Scope } from './flow-variables.js';

export type RunRow = Selectable<FlowRunsTable>;

export const UNFINISHED_RUN_STATUSES = ['running', 'waiting'] as const satisfies readonly FlowRunStatus[];

export function isUnfinished(status: string): boolean {
  return (UNFINISHED_RUN_STATUSES as readonly string[]).includes(status);
}

export function stepsOf(run: RunRow): FlowStep[] {
  return fromJson<FlowStep[]>(run.steps, []);
}

export function variablesOf(run: RunRow): Scope {
  return fromJson<Scope>(run.variables, {});
}

export function visitedOf(run: RunRow): number[] {
  return fromJson<number[]>(run.visited, []);
}

/** The data of a run's events (flow.started, flow.completed, flow.failed). */
export function runPayload(run: RunRow, error?: string | null) {
  const status = run.status as 'running' | 'waiting' | 'completed' | 'failed' | 'cancelled';
  return { run_id: run.id, flow_id: run.flow_id, chat_id: run.chat_id, status, ...(error ? { error } : {}) };
}

/** Thrown inside a transaction whose run moved meanwhile: rolls back the step's effect too. */
export class RunMoved extends Error {
  constructor() {
    super('The flow run changed meanwhile');
    this.name = 'RunMoved';
  }
}

export async function loadRun(q: TenantQueries, runId: string): Promise<RunRow | undefined> {
  return q.selectFrom('flow_runs').selectAll().where('id', '=', runId).executeTakeFirst();
}

export async function requireRun(q: TenantQueries, runId: string): Promise<RunRow> {
  const run = await loadRun(q, runId);
  if (!run) throw new AppError('RUN_NOT_FOUND', 'Flow run not found');
  return run;
}

/**
 * The lock order of everything that changes a run (PostgreSQL; SQLite's one writer excludes every
 * other transaction already): the chat's row, then the run's, then the rest (its pending message,
 * its log, the customer). A start takes the chat (starts for one chat queue there), then the
 * chat's unfinished runs; the runner's transactions and the one that settles a flow's message take
 * the chat and the run before anything else. Taken in other orders they deadlocked: a start
 * cancelling a run locked it, then its pending message and log row, while the send's outcome held
 * those and waited for the run.
 */
export async function lockChatForRuns(q: TenantQueries, chatId: string): Promise<void> {
  if (q.postgres) await q.selectFrom('chats').select('id').where('id', '=', chatId).forUpdate().execute();
}

/** The chat's unfinished runs, locked (PostgreSQL): read after any transaction moving them committed. */
export async function lockUnfinishedRuns(q: TenantQueries, chatId: string): Promise<RunRow[]> {
  const query = q
    .selectFrom('flow_runs')
    .selectAll()
    .where('chat_id', '=', chatId)
    .where('status', 'in', UNFINISHED_RUN_STATUSES)
    .orderBy('id');
  return (q.postgres ? query.forUpdate() : query).execute();
}

/** Takes the run's chat and then the run (PostgreSQL) before anything else the transaction changes. */
export async function lockRun(q: TenantQueries, run: Pick<RunRow, 'id' | 'chat_id'>): Promise<void> {
  if (!q.postgres) return;
  await lockChatForRuns(q, run.chat_id);
  await q.selectFrom('flow_runs').select('id').where('id', '=', run.id).forUpdate().execute();
}

/** Applies `set` if the run is still as read; throws RunMoved otherwise. */
export async function moveRun(ctx: OrgContext, run: RunRow, set: Updateable<FlowRunsTable>): Promise<RunRow> {
  const moved = await ctx.q
    .updateTable('flow_runs')
    .set({ ...set, updated_at: ctx.now })
    .where('id', '=', run.id)
    .where('status', '=', run.status)
    .where('steps_taken', '=', run.steps_taken)
    .where((eb) => (run.job_id === null ? eb('job_id', 'is', null) : eb('job_id', '=', run.job_id)))
    .returningAll()
    .executeTakeFirst();
  if (!moved) throw new RunMoved();
  return moved;
}

/** A step's log row; `seq` is the run's `steps_taken` when the step began. */
export async function logStep(
  ctx: OrgContext,
  run: RunRow,
  entry: { stepIndex: number; type: string; startedAt: string; finishedAt: string | null; error?: string | null },
): Promise<void> {
  await ctx.trx
    .insertInto('flow_run_steps')
    .values({
      run_id: run.id,
      seq: run.steps_taken,
      organization_id: ctx.organizationId,
      step_index: entry.stepIndex,
      type: entry.type,
      started_at: entry.startedAt,
      finished_at: entry.finishedAt,
      error: entry.error ?? null,
    })
    .execute();
}

/** Ends the log row of step `seq` (a wait that ended, a message that was sent or failed). */
export async function finishLoggedStep(ctx: OrgContext, runId: string, seq: number, error: string | null = null): Promise<void> {
  await ctx.trx
    .updateTable('flow_run_steps')
    .set({ finished_at: ctx.now, error })
    .where('run_id', '=', runId)
    .where('seq', '=', seq)
    .where('finished_at', 'is', null)
    .execute();
}
