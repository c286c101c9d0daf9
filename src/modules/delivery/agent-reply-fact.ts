/**
 * The first agent reply of a chat (a report fact, docs/reports.md "First response"): an outbound
 * message a person sent (it has a sender profile and its source is the console or the API, not a
 * flow, a sequence, a campaign or the phone) after the customer's first message. Written in the
 * transaction that stores the message; the conditions make it one guarded UPDATE that sets the fact
 * once, so later replies, and replies before the customer ever wrote, change nothing.
 */
import type { Executor } from '../../db/executor.js';
import { prepareQuery } from '../../db/prepared.js';
import type { NewMessage, StoredInChat } from './conversation.js';

const AGENT_SOURCES = new Set(['api', 'console']);

export function isAgentReply(message: Pick<NewMessage, 'direction' | 'sender_profile_id' | 'source'>): boolean {
  return message.direction === 'outbound' && message.sender_profile_id !== null && AGENT_SOURCES.has(message.source ?? '');
}

/** Built once: it runs with every message an agent sends. */
const setFirstAgentReply = prepareQuery<{ organizationId: string; chatId: string; at: string; profileId: string }>()((db, p) =>
  db
    .updateTable('chats')
    .set({ first_agent_reply_at: p('at'), first_agent_reply_profile_id: p('profileId') })
    .where('organization_id', '=', p('organizationId'))
    .where('id', '=', p('chatId'))
    .where('first_agent_reply_at', 'is', null)
    .where('first_customer_message_at', '<=', p('at')),
);

/**
 * `chat.awaitsFirstReply` false (the send's INSERT … SELECT read it from the chat): the UPDATE could
 * change nothing, and a round trip per send is saved (most sends go to chats answered long ago).
 */
export async function recordAgentReply(trx: Executor, message: NewMessage, chat: StoredInChat): Promise<void> {
  if (!isAgentReply(message) || message.sender_profile_id === null || chat.awaitsFirstReply === false) return;
  await setFirstAgentReply.execute(trx, {
    organizationId: message.organization_id,
    chatId: chat.id,
    at: message.created_at,
    profileId: message.sender_profile_id,
  });
}
