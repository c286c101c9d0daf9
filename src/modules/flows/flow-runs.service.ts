/**
 * Flow runs through the API (DESIGN.md §7): start one on any chat, list and read them with their
 * step log, cancel one. Runs are the organization's: every read and change is scoped to it.
 */
import type { Kysely, Selectable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB, FlowRunStepsTable } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import { tenantQueries, type TenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { Clock } from '../../lib/clock.js';
import { orgContext } from '../shared/index.js';
import type { FlowRunControl } from './flow-run-control.js';
import { isUnfinished, lockRun, requireRun, RunMoved, variablesOf, type RunRow } from './flow-run-store.js';
import { DEFAULT_RUN_PAGE, type FlowRunRecord, type RunListInput, type StartRunInput } from './flow-runs.schemas.js';

export interface FlowRunsDeps {
  db: Kysely<DB>;
  batcher: TransactionBatcher;
  events: EventLog;
  clock: Clock;
  control: FlowRunControl;
}

/** Cancel and start read the run or chat in their transaction; a run moved by its job meanwhile is read again. */
const MOVED_RETRIES = 3;

type LoggedStep = Selectable<FlowRunStepsTable>;

function recordOf(run: RunRow, log: LoggedStep[]): FlowRunRecord {
  return {
    id: run.id,
    flowId: run.flow_id,
    chatId: run.chat_id,
    status: run.status as FlowRunRecord['status'],
    variables: variablesOf(run),
    currentStep: run.current_step,
    waitingFor: run.waiting_for as FlowRunRecord['waitingFor'],
    waitUntil: run.wait_until,
    error: run.error,
    log: log.map((step) => ({
      stepIndex: step.step_index,
      type: step.type as FlowRunRecord['log'][number]['type'],
      startedAt: step.started_at,
      finishedAt: step.finished_at,
      ...(step.error === null ? {} : { error: step.error }),
    })),
    startedAt: run.started_at,
    finishedAt: run.finished_at,
  };
}

/** The runs' records with their logs: one query for all the logs of a page. */
async function records(q: TenantQueries, runs: RunRow[]): Promise<FlowRunRecord[]> {
  if (runs.length === 0) return [];
  const ids = runs.map((run) => run.id);
  const steps = await q.selectFrom('flow_run_steps').selectAll().where('run_id', 'in', ids).orderBy('seq').execute();
  return runs.map((run) =>
    recordOf(
      run,
      steps.filter((step) => step.run_id === run.id),
    ),
  );
}

export class FlowRunsService {
  constructor(private readonly deps: FlowRunsDeps) {}

  /** Newest first, by chat when asked; `cursor` is the last run id of the previous page. */
  async list(organizationId: string, input: RunListInput): Promise<{ runs: FlowRunRecord[]; nextCursor: string | null }> {
    const q = tenantQueries(this.deps.db, organizationId);
    const limit = input.limit ?? DEFAULT_RUN_PAGE;
    let query = q
      .selectFrom('flow_runs')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit + 1);
    if (input.chatId) query = query.where('chat_id', '=', input.chatId);
    if (input.cursor) query = query.where('id', '<', input.cursor);
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    return { runs: await records(q, page), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
  }

  async get(organizationId: string, runId: string): Promise<FlowRunRecord> {
    const q = tenantQueries(this.deps.db, organizationId);
    return (await records(q, [await requireRun(q, runId)]))[0]!; // one record per run
  }

  /** Starts a run of the flow on an active chat of the organization (its unfinished run is cancelled). */
  async start(organizationId: string, flowId: string, input: StartRunInput): Promise<FlowRunRecord> {
    const run = await this.retryMoved(() =>
      this.deps.batcher.run(async (trx) => {
        const ctx = orgContext(this.deps, trx, organizationId);
        const chat = await ctx.q.selectFrom('chats').select(['id', 'status']).where('id', '=', input.chatId).executeTakeFirst();
        if (!chat) throw new AppError('CHAT_NOT_FOUND', 'Chat not found');
        if (chat.status === 'closed') throw new AppError('CHAT_CLOSED', 'The chat is closed: a flow cannot run in it');
        return this.deps.control.startRun(ctx, chat.id, flowId, input.variables ?? {});
      }),
    );
    // A run just started has executed nothing yet: its log is empty.
    return recordOf(run, []);
  }

  /** Stops an unfinished run (409 RUN_FINISHED once it ended). */
  async cancel(organizationId: string, runId: string): Promise<FlowRunRecord> {
    await this.retryMoved(() =>
      this.deps.batcher.run(async (trx) => {
        const ctx = orgContext(this.deps, trx, organizationId);
        // Locked in the runs' order (the chat, then the run), then read as the lock found it.
        await lockRun(ctx.q, await requireRun(ctx.q, runId));
        const run = await requireRun(ctx.q, runId);
        if (!isUnfinished(run.status)) throw new AppError('RUN_FINISHED', `The run already ended (${run.status})`);
        await this.deps.control.cancelIn(ctx, run);
      }),
    );
    return this.get(organizationId, runId);
  }

  private async retryMoved<T>(unit: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await unit();
      } catch (err) {
        // A concurrent start for the same chat met the one-unfinished-run index: decide again.
        if (!(err instanceof RunMoved || isUniqueViolation(err)) || attempt >= MOVED_RETRIES) throw err;
      }
    }
  }
}
