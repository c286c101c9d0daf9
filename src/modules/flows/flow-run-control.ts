/**
 * Starting and stopping runs, and what a customer's message does to them (DESIGN.md §7), all in
 * the caller's transaction: a run exists, resumes or ends exactly when the change that caused it
 * commits. A chat has at most one unfinished run (a partial unique index backs it): starting one
 * cancels the older. Implements the hooks the conversation side calls (chats/flow-starter.ts).
 */
import type { Logger } from 'pino';
import { AppError, notFound } from '../../errors.js';
import { fromJson, toJson } from '../../lib/json.js';
import { newId } from '../../lib/ids.js';
import type { ChatRow, FlowHooks, FlowStartRequest } from '../chats/index.js';
import { applyStatusById } from '../messages/index.js';
import type { OrgContext } from '../shared/index.js';
import {
  finishLoggedStep,
  lockChatForRuns,
  lockUnfinishedRuns,
  moveRun,
  RunMoved,
  runPayload,
  stepsOf,
  variablesOf,
  type RunRow,
} from './flow-run-store.js';
import type { FlowRunner } from './flow-runner.js';
import type { Scope } from './flow-variables.js';

/** `flowVariables` and `contextMessage` as the run's variables. */
function requestVariables(variables: { name: string; value: string }[], contextMessage: string | null): Scope {
  return {
    ...Object.fromEntries(variables.map((v) => [v.name, v.value])),
    ...(contextMessage === null ? {} : { context: contextMessage }),
  };
}

export class FlowRunControl implements FlowHooks {
  constructor(
    private readonly runner: FlowRunner,
    private readonly logger: Logger,
  ) {}

  /** Chat create's `flowId`: a run starts at once. */
  async start(ctx: OrgContext, request: FlowStartRequest): Promise<boolean> {
    await this.startRun(ctx, request.chatId, request.flowId, requestVariables(request.variables, request.contextMessage));
    return true;
  }

  /**
   * A customer wrote in `chat`. A `responseFlowId` the chat was created with starts now, once, with
   * the message in `reply` (and the chat's flow variables and context); otherwise a run waiting
   * for a reply saves it (`saveAs`, default `reply`) and goes on, owned by a new job: the timeout's
   * job then finds the run moved and does nothing.
   */
  async customerWrote(ctx: OrgContext, chat: ChatRow, text: string): Promise<void> {
    if (chat.response_flow_id) {
      await ctx.q.updateTable('chats').set({ response_flow_id: null }).where('id', '=', chat.id).execute();
      const variables = {
        ...requestVariables(fromJson<{ name: string; value: string }[]>(chat.flow_variables, []), chat.context_message),
        reply: text,
      };
      try {
        await this.startRun(ctx, chat.id, chat.response_flow_id, variables);
      } catch (err) {
        // The flow was deleted since the chat was created: the message is stored all the same.
        if (!(err instanceof AppError && err.code === 'FLOW_NOT_FOUND')) throw err;
        this.logger.warn({ chatId: chat.id, flowId: chat.response_flow_id }, 'response flow no longer exists; not started');
      }
      return;
    }
    const run = await ctx.q
      .selectFrom('flow_runs')
      .selectAll()
      .where('chat_id', '=', chat.id)
      .where('status', '=', 'waiting')
      .where('waiting_for', '=', 'reply')
      .executeTakeFirst();
    if (!run) return;
    const step = stepsOf(run)[run.current_step];
    const saveAs = step?.type === 'wait_for_reply' ? (step.saveAs ?? 'reply') : 'reply';
    try {
      await moveRun(ctx, run, {
        status: 'running',
        waiting_for: null,
        wait_until: null,
        current_step: run.current_step + 1,
        variables: toJson({ ...variablesOf(run), [saveAs]: text }),
        job_id: await this.runner.enqueueStep(ctx.trx, ctx.organizationId, run.id),
      });
      await finishLoggedStep(ctx, run.id, run.steps_taken - 1);
    } catch (err) {
      // The timeout came first: the message is stored all the same.
      if (!(err instanceof RunMoved)) throw err;
    }
  }

  /** Starts a run of `flowId` for the chat, in the caller's transaction; the chat's unfinished run is cancelled. */
  async startRun(ctx: OrgContext, chatId: string, flowId: string, variables: Scope): Promise<RunRow> {
    const flow = await ctx.q.selectFrom('flows').select(['id', 'steps']).where('id', '=', flowId).executeTakeFirst();
    if (!flow) throw notFound('FLOW_NOT_FOUND', 'Flow');
    await lockChatForRuns(ctx.q, chatId);
    const unfinished = await lockUnfinishedRuns(ctx.q, chatId);
    for (const older of unfinished) await this.cancelIn(ctx, older);
    const id = newId();
    const run: RunRow = {
      id,
      organization_id: ctx.organizationId,
      flow_id: flow.id,
      chat_id: chatId,
      status: 'running',
      steps: toJson(fromJson(flow.steps, [])),
      variables: toJson(variables),
      current_step: 0,
      steps_taken: 0,
      visited: '[]',
      waiting_for: null,
      wait_until: null,
      pending_message_id: null,
      job_id: await this.runner.enqueueStep(ctx.trx, ctx.organizationId, id),
      error: null,
      started_at: ctx.now,
      finished_at: null,
      updated_at: ctx.now,
    };
    await ctx.trx.insertInto('flow_runs').values(run).execute();
    await ctx.emit('flow.started', runPayload(run));
    return run;
  }

  /**
   * Ends an unfinished run as `cancelled`: no job owns it any more, its open log row is closed, and
   * a message it stored but had not handed over yet is failed (FLOW_CANCELLED) rather than left
   * pending for ever. (A message already with the provider is sent all the same.)
   */
  async cancelIn(ctx: OrgContext, run: RunRow): Promise<RunRow> {
    const cancelled = await moveRun(ctx, run, {
      status: 'cancelled',
      finished_at: ctx.now,
      job_id: null,
      waiting_for: null,
      wait_until: null,
      pending_message_id: null,
    });
    await ctx.trx
      .updateTable('flow_run_steps')
      .set({ finished_at: ctx.now, error: 'CANCELLED' })
      .where('run_id', '=', run.id)
      .where('finished_at', 'is', null)
      .execute();
    if (run.pending_message_id) {
      const error = { code: 'FLOW_CANCELLED', message: 'The flow run that was sending it was cancelled' };
      await applyStatusById(ctx, run.pending_message_id, { status: 'failed', error });
    }
    return cancelled;
  }
}
