/**
 * The first agent reply of a chat (a report fact, docs/reports.md "First response"): an outbound
 * message a person sent (it has a sender profile and its source is the console or the API, not a
 * flow, a sequence, a campaign or the phone) after the customer's first message. Written in the
 * transaction that stores the message; the conditions make it one guarded UPDATE that sets the fact
 * once, so later replies, and replies before the customer ever wrote, change nothing.
 */
import type { Executor } from '../../db/executor.js';
import type { NewMessage } from './conversation.js';

const AGENT_SOURCES = new Set(['api', 'console']);

export function isAgentReply(message: Pick<NewMessage, 'direction' | 'sender_profile_id' | 'source'>): boolean {
  return message.direction === 'outbound' && message.sender_profile_id !== null && AGENT_SOURCES.has(message.source ?? '');
}

export async function recordAgentReply(trx: Executor, message: NewMessage, chatId: string): Promise<void> {
  if (!isAgentReply(message)) return;
  await trx
    .updateTable('chats')
    .set({ first_agent_reply_at: message.created_at, first_agent_reply_profile_id: message.sender_profile_id })
    .where('organization_id', '=', message.organization_id)
    .where('id', '=', chatId)
    .where('first_agent_reply_at', 'is', null)
    .where('first_customer_message_at', '<=', message.created_at)
    .execute();
}
