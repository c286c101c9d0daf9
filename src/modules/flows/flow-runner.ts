/**
 * The flow runner (DESIGN.md §7): executes a run's steps, each through a durable job.
 *
 * A run is owned by exactly one job at a time (`flow_runs.job_id`): the job that started it, a
 * wait's timer, or the job a customer's reply enqueued. Only the owner moves the run, and every
 * move is a conditional UPDATE (flow-run-store.ts `moveRun`) in the same transaction as the step's
 * effect, so a step is applied once: a job killed mid-run is claimed again after its lease (same
 * id, still the owner) and resumes from the stored state; a job that lost ownership (a cancel, a
 * newer run, a reply that beat the timeout) finds the run moved and stops.
 *
 * Database steps (tags, stage, fields, assignment, status, jumps) commit with the move past them.
 * A send step first stores its message (`pending_message_id`), then delivers it through
 * ChatDelivery.deliverStored, whose `sent` transaction also moves the run on: a resumed run
 * delivers the stored message, never a second one, and a message already handed over is not
 * handed over again. A wait commits `waiting` with a new owner job due at its end; `wait_for_reply`
 * also ends when the customer writes (flow-run-control.ts). An `http_request` is made outside any
 * transaction before the move (at least once). Guards: MAX_RUN_STEPS steps per run, and a step
 * reached again without a wait in between (a loop that would spin or spam) fails the run.
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import { tenantQueries, type TenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import type { EventLog } from '../../event-log/event-log.js';
import type { AppJobQueue, FlowStepPayload } from '../../jobs/job-payloads.js';
import { JOB_PRIORITY_TIMER, type ClaimedJob, type JobContext } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import { toJson } from '../../lib/json.js';
import { type ChatDelivery, loadChatTarget } from '../delivery/index.js';
import type { ChatRow, SendTemplateService } from '../chats/index.js';
import { assertWindowOpen, orgContext, type OrgContext } from '../shared/index.js';
import { organizationDefaultCountry, loadCustomerRecord } from '../customers/index.js';
import { stepIndexById } from './flow-definition.js';
import { HttpStepError, runHttpStep, type HttpStepLimits } from './flow-http-step.js';
import {
  finishLoggedStep,
  isUnfinished,
  loadRun,
  lockRun,
  logStep,
  moveRun,
  RunMoved,
  runPayload,
  stepsOf,
  variablesOf,
  visitedOf,
  type RunRow,
} from './flow-run-store.js';
import { messageDraft, templateVariables } from './flow-send-step.js';
import { applyDatabaseStep, isDatabaseStep, type StepEffectServices } from './flow-step-effects.js';
import type { FlowStep, StepOf } from './flow-steps.schemas.js';
import { builtInScope, scopeOf, type Scope } from './flow-variables.js';

export const FLOW_STEP_JOB = 'flows.step';

/** A run that executed this many steps fails (STEP_LIMIT): no flow needs more, a runaway one stops. */
export const MAX_RUN_STEPS = 1000;
/** Steps one job executes before it hands the run to a fresh job, so one run cannot hold a worker. */
const STEPS_PER_JOB = 50;

export interface FlowRunnerDeps {
  db: Kysely<DB>;
  batcher: TransactionBatcher;
  queue: AppJobQueue;
  events: EventLog;
  clock: Clock;
  logger: Logger;
  delivery: ChatDelivery;
  sendTemplate: SendTemplateService;
  effects: StepEffectServices;
  /** The outbound guard's fetch (http/outbound.ts): what `http_request` calls through. */
  fetchGuarded: typeof fetch;
  http: HttpStepLimits;
}

/** What a move answers: the run as it left it, RELOAD (read it again), or false (this job is done). */
const RELOAD = Symbol('reload the run');
type Advanced = RunRow | typeof RELOAD | false;

/** A step being executed: where it is and when it began (its log row's `startedAt`). */
type At = { index: number; type: FlowStep['type']; startedAt: string };

/** A refusal that fails the run with its reason; anything else is a fault the job retries. */
function failureOf(err: unknown): string | undefined {
  if (err instanceof AppError || err instanceof HttpStepError) return `${err.code}: ${err.message}`;
  return undefined;
}

export class FlowRunner {
  constructor(private readonly deps: FlowRunnerDeps) {}

  /**
   * Enqueues the job that will own the run (in the caller's transaction) and answers its id. One
   * due later is a wait's timer: claimed before immediate work once due (JOB_PRIORITY_TIMER).
   */
  enqueueStep(trx: Executor, organizationId: string, runId: string, dueAt?: string): Promise<string> {
    return this.deps.queue.enqueue(trx, {
      type: FLOW_STEP_JOB,
      organizationId,
      payload: { runId },
      ...(dueAt ? { runAt: new Date(dueAt), priority: JOB_PRIORITY_TIMER } : {}),
    });
  }

  /** The `flows.step` job: moves the run it owns as far as it can go now. */
  async runStepJob(job: ClaimedJob<FlowStepPayload>, context?: JobContext): Promise<void> {
    const { runId } = job.payload;
    const q = tenantQueries(this.deps.db, job.organizationId ?? '');
    let known: RunRow | undefined;
    for (let executed = 0; ; executed++) {
      // The run as this job's last move left it, or read again when the move happened elsewhere.
      const run = known ?? (await loadRun(q, runId));
      if (!run || run.job_id !== job.id || !isUnfinished(run.status)) return;
      if (executed >= STEPS_PER_JOB) {
        await this.transact(
          run,
          async (ctx) => void (await moveRun(ctx, run, { job_id: await this.enqueueStep(ctx.trx, ctx.organizationId, run.id) })),
        );
        return;
      }
      const next = await this.advance(run, job, context);
      if (next === false) return;
      known = next === RELOAD ? undefined : next;
    }
  }

  /**
   * One move of the run: answers the run as moved (this job goes on with it), RELOAD when it must
   * be read again (moved elsewhere, or by a delivery's callback), false when this job's part is over
   * (a wait began, the run ended).
   */
  private async advance(run: RunRow, job: ClaimedJob, context: JobContext | undefined): Promise<Advanced> {
    if (run.status === 'waiting') return this.endWait(run);
    if (run.pending_message_id) return this.deliverPending(run, job, context);
    const steps = stepsOf(run);
    const at: At = { index: run.current_step, type: steps[run.current_step]?.type ?? 'end', startedAt: this.now() };
    if (at.index >= steps.length) return this.finish(run, 'completed');
    if (run.steps_taken >= MAX_RUN_STEPS) return this.finish(run, 'failed', `STEP_LIMIT: the run reached ${MAX_RUN_STEPS} steps`, at);
    if (visitedOf(run).includes(at.index)) {
      return this.finish(run, 'failed', `LOOP_WITHOUT_WAIT: step ${at.index} was reached again without a wait in between`, at);
    }
    const step = steps[at.index]!; // at.index < steps.length, checked above
    try {
      switch (step.type) {
        case 'end':
          return await this.finish(run, 'completed', undefined, at);
        case 'wait':
          return await this.beginWait(run, at, 'timer', step.seconds, context);
        case 'wait_for_reply':
          return await this.beginWait(run, at, 'reply', step.timeoutSeconds, context);
        case 'send_message':
        case 'send_template':
          return await this.storeMessage(run, step, at);
        case 'http_request':
          return await this.callOut(run, step, at);
        default:
          if (!isDatabaseStep(step)) throw new Error(`unknown step type ${(step as FlowStep).type}`);
          return await this.transact(run, async (ctx) => {
            const chat = await this.chatOf(ctx.q, run);
            const next = await applyDatabaseStep(ctx, this.deps.effects, step, {
              steps,
              index: at.index,
              chat,
              scope: () => this.scope(ctx.q, run, chat, step),
              defaultCountry: () => organizationDefaultCountry(ctx.trx, ctx.organizationId),
            });
            return this.stepDone(ctx, run, at, { current_step: next });
          });
      }
    } catch (err) {
      // The run moved meanwhile: read it again (this job may no longer own it).
      if (err instanceof RunMoved) return RELOAD;
      const reason = failureOf(err);
      if (reason === undefined) throw err;
      return this.finish(run, 'failed', reason, at);
    }
  }

  /** Logs the step as done and moves past it, in the step's transaction. */
  private async stepDone(ctx: OrgContext, run: RunRow, at: At, set: { current_step?: number; variables?: string }): Promise<RunRow> {
    await logStep(ctx, run, { stepIndex: at.index, type: at.type, startedAt: at.startedAt, finishedAt: ctx.now });
    return this.moveOn(ctx, run, { current_step: at.index + 1, ...set, visited: toJson([...visitedOf(run), at.index]) });
  }

  /**
   * Moves the run past a step (one more step taken); past the last step the run completes in the
   * same transaction, with its event, rather than in another turn of the job.
   */
  private async moveOn(
    ctx: OrgContext,
    run: RunRow,
    set: { current_step: number; variables?: string; visited: string; pending_message_id?: null },
  ): Promise<RunRow> {
    const ended = set.current_step >= stepsOf(run).length;
    const moved = await moveRun(ctx, run, {
      ...set,
      steps_taken: run.steps_taken + 1,
      ...(ended ? { status: 'completed', finished_at: ctx.now, job_id: null } : {}),
    });
    if (ended) await ctx.emit('flow.completed', runPayload(moved));
    return moved;
  }

  /**
   * A wait: the run waits, owned by a job due at its end. The loop guard starts afresh after it.
   * This job's part ends in the same transaction (it hands the run over).
   */
  private async beginWait(run: RunRow, at: At, waitingFor: 'timer' | 'reply', seconds: number, context?: JobContext): Promise<false> {
    await this.transact(run, async (ctx) => {
      await context?.completeIn(ctx.trx);
      // Counted from when the step began, not from this commit: a busy moment before it does not lengthen the wait.
      const until = new Date(Date.parse(at.startedAt) + seconds * 1000).toISOString();
      const jobId = await this.enqueueStep(ctx.trx, ctx.organizationId, run.id, until);
      await logStep(ctx, run, { stepIndex: at.index, type: at.type, startedAt: at.startedAt, finishedAt: null });
      await moveRun(ctx, run, {
        status: 'waiting',
        waiting_for: waitingFor,
        wait_until: until,
        job_id: jobId,
        steps_taken: run.steps_taken + 1,
        visited: '[]',
      });
    });
    return false;
  }

  /** The wait's job came due: a timer ends; a reply that never came goes to `onTimeout` (or on). */
  private async endWait(run: RunRow): Promise<Advanced> {
    const steps = stepsOf(run);
    const step = steps[run.current_step];
    let next = run.current_step + 1;
    if (run.waiting_for === 'reply' && step?.type === 'wait_for_reply' && step.onTimeout)
      next = stepIndexById(steps).get(step.onTimeout) ?? next;
    return this.transact(run, async (ctx) => {
      const moved = await moveRun(ctx, run, { status: 'running', waiting_for: null, wait_until: null, current_step: next });
      await finishLoggedStep(ctx, run.id, run.steps_taken - 1);
      return moved;
    }).catch((err) => {
      if (!(err instanceof RunMoved)) throw err;
      return RELOAD;
    });
  }

  /** A send step's first half: its message stored (pending) with the run pointing at it. */
  private async storeMessage(run: RunRow, step: StepOf<'send_message' | 'send_template'>, at: At): Promise<RunRow> {
    const { organization_id: organizationId } = run;
    const { chat, channel } = await loadChatTarget(this.deps.db, organizationId, run.chat_id);
    const scope = await this.scope(tenantQueries(this.deps.db, organizationId), run, chat, step);
    const draft =
      step.type === 'send_message'
        ? messageDraft(step, scope)
        : {
            type: 'template' as const,
            content: await this.deps.sendTemplate.templateContent(
              organizationId,
              { kind: channel.kind, channelId: chat.channel_id },
              { templateId: step.templateId, variables: templateVariables(step.variables, scope) },
            ),
            senderProfileId: null,
            source: 'flow' as const,
          };
    if (channel.enforceWhatsAppWindow) assertWindowOpen(draft.type, chat.last_inbound_at, this.deps.clock.now());
    return this.transact(run, async (ctx) => {
      const messageId = await this.deps.delivery.storeForJob(ctx.trx, channel, chat, draft);
      await logStep(ctx, run, { stepIndex: at.index, type: at.type, startedAt: at.startedAt, finishedAt: null });
      return moveRun(ctx, run, { pending_message_id: messageId });
    });
  }

  /** A send step's second half: the stored message delivered; its outcome moves the run in the same transaction. */
  private async deliverPending(run: RunRow, job: ClaimedJob, context: JobContext | undefined): Promise<typeof RELOAD> {
    const messageId = run.pending_message_id!;
    const message = await tenantQueries(this.deps.db, run.organization_id)
      .selectFrom('messages')
      .select(['status', 'error_code', 'error_message'])
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (message && message.status !== 'pending') {
      // Settled without moving the run (it was handed over elsewhere): move it now.
      await this.transact(run, (ctx) => this.sendSettled(ctx, run, message.status === 'failed' ? message : undefined));
      return RELOAD;
    }
    await this.deps.delivery.deliverStored(run.organization_id, messageId, {
      lastAttempt: job.attempt >= job.maxAttempts,
      signal: context?.signal,
      lockFirst: (ctx) => lockRun(ctx.q, run),
      onSent: (ctx) => this.sendSettled(ctx, run, undefined),
      onFailed: async (ctx) => {
        const failed = await ctx.q
          .selectFrom('messages')
          .select(['error_code', 'error_message'])
          .where('id', '=', messageId)
          .executeTakeFirst();
        await this.sendSettled(ctx, run, failed ?? { error_code: 'FAILED', error_message: null });
      },
    });
    return RELOAD;
  }

  /**
   * In the transaction that settled the message: the run moves past the step, or fails with the
   * message's reason. Never throws for a run that moved meanwhile (a cancel): the message's own
   * outcome must still commit.
   */
  private async sendSettled(ctx: OrgContext, run: RunRow, failed: { error_code: string | null; error_message: string | null } | undefined) {
    const seq = run.steps_taken;
    try {
      if (failed) {
        const error = `MESSAGE_FAILED: ${failed.error_code ?? 'FAILED'}${failed.error_message ? ` (${failed.error_message})` : ''}`;
        const ended = await moveRun(ctx, run, {
          status: 'failed',
          error,
          finished_at: ctx.now,
          job_id: null,
          pending_message_id: null,
          steps_taken: seq + 1,
        });
        await finishLoggedStep(ctx, run.id, seq, error);
        await ctx.emit('flow.failed', runPayload(ended, error));
        return;
      }
      await finishLoggedStep(ctx, run.id, seq);
      await this.moveOn(ctx, run, {
        pending_message_id: null,
        current_step: run.current_step + 1,
        visited: toJson([...visitedOf(run), run.current_step]),
      });
    } catch (err) {
      if (!(err instanceof RunMoved)) throw err;
    }
  }

  /** `http_request`: the call outside any transaction, then the move past it with the answer saved. */
  private async callOut(run: RunRow, step: StepOf<'http_request'>, at: At): Promise<RunRow> {
    const q = tenantQueries(this.deps.db, run.organization_id);
    const scope = await this.scope(q, run, await this.chatOf(q, run), step);
    const answer = await runHttpStep(this.deps.fetchGuarded, step, scope, this.deps.http);
    return this.transact(run, async (ctx) => {
      const saved = step.saveAs === undefined ? {} : { variables: toJson({ ...variablesOf(run), [step.saveAs]: answer }) };
      return this.stepDone(ctx, run, at, saved);
    });
  }

  /** Completes or fails the run with its event; `at` logs the step that ended it. */
  private async finish(run: RunRow, status: 'completed' | 'failed', error?: string, at?: At): Promise<false> {
    await this.transact(run, async (ctx) => {
      if (at) await logStep(ctx, run, { stepIndex: at.index, type: at.type, startedAt: at.startedAt, finishedAt: ctx.now, error });
      const ended = await moveRun(ctx, run, {
        status,
        error: error ?? null,
        finished_at: ctx.now,
        job_id: null,
        steps_taken: run.steps_taken + (at ? 1 : 0),
      });
      await ctx.emit(status === 'completed' ? 'flow.completed' : 'flow.failed', runPayload(ended, error));
    }).catch((err) => {
      if (!(err instanceof RunMoved)) throw err;
    });
    return false;
  }

  private async chatOf(q: TenantQueries, run: RunRow): Promise<ChatRow> {
    const chat = await q.selectFrom('chats').selectAll().where('id', '=', run.chat_id).executeTakeFirst();
    if (!chat) throw new AppError('CHAT_NOT_FOUND', 'The chat of the run no longer exists');
    return chat;
  }

  /**
   * What the step's placeholders read: the run's variables under the customer's and the chat's,
   * read now. The customer is read only when the step names one of its variables.
   */
  private async scope(q: TenantQueries, run: RunRow, chat: ChatRow, step: FlowStep): Promise<Scope> {
    const customer = JSON.stringify(step).includes('customer.')
      ? await loadCustomerRecord(q, chat.customer_id).catch(() => undefined)
      : undefined;
    return scopeOf(variablesOf(run), builtInScope(customer, chat.id));
  }

  private transact<T>(run: RunRow, unit: (ctx: OrgContext) => Promise<T>): Promise<T> {
    const now = this.now();
    return this.deps.batcher.run(async (trx) => {
      const ctx = orgContext(this.deps, trx, run.organization_id, now);
      // The chat, then the run, as a start takes them (flow-run-store.ts, the lock order).
      await lockRun(ctx.q, run);
      return unit(ctx);
    });
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }
}
