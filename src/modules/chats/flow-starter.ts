/**
 * The hook chat create calls when a request names `flowId` (DESIGN.md §7: a run starts at once).
 * The flow runner is not built yet: today's starter only says that nothing was started, and chat
 * create reports `flowInitiated: false`. The request itself is kept on the chat (`flow_id`,
 * `flow_variables`, `context_message`, `response_flow_id`), so the runner can pick it up. The
 * runner's starter will enqueue the run's first step in the caller's transaction (`ctx.trx`), so a
 * run exists exactly when the chat create committed, and answer true.
 */
import type { OrgContext } from '../shared/org-context.js';

export interface FlowStartRequest {
  chatId: string;
  flowId: string;
  variables: { name: string; value: string }[];
  contextMessage: string | null;
}

export interface FlowStarter {
  /** Starts (or enqueues) a run of the flow for the chat in the caller's transaction; true when one was started. */
  start(ctx: OrgContext, request: FlowStartRequest): Promise<boolean>;
}

/** No runner yet: nothing starts (the request is recorded on the chat by chat create). */
export const noFlowRunner: FlowStarter = {
  async start() {
    return false;
  },
};
