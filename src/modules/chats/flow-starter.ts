/**
 * What the conversation side asks of automation flows (DESIGN.md §7), as an interface the flow
 * runner (modules/flows) implements, so chats do not depend on flows: chat create starts a run
 * when a request names `flowId`, and every customer message is offered to the chat's flows (a run
 * waiting for a reply resumes; a `responseFlowId` starts). Both are called inside the caller's
 * transaction, so a run exists, or moves on, exactly when the chat change committed.
 */
import type { OrgContext } from '../shared/index.js';
import type { ChatRow } from './chat-lifecycle.service.js';

export interface FlowStartRequest {
  chatId: string;
  flowId: string;
  variables: { name: string; value: string }[];
  contextMessage: string | null;
}

export interface FlowHooks {
  /** Starts a run of the flow for the chat in the caller's transaction; true when one was started. */
  start(ctx: OrgContext, request: FlowStartRequest): Promise<boolean>;
  /** A customer's message was stored in `chat` (in the caller's transaction); `text` is its text or caption. */
  customerWrote(ctx: OrgContext, chat: ChatRow, text: string): Promise<void>;
}
