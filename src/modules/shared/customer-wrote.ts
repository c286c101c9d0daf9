/**
 * What else hears of a customer's message, in the transaction that stores it (inbound-messages.ts):
 * modules above the chats (scheduled messages cancel what waits for the customer; business hours
 * send the away message) implement this, so the chats module does not import them.
 */
import type { OrgContext } from './org-context.js';

export interface InboundNotice {
  chatId: string;
  customerId: string;
  channelId: string;
  /** The stored message. */
  messageId: string;
}

export interface CustomerWroteListener {
  customerWrote(ctx: OrgContext, notice: InboundNotice): Promise<void>;
}
