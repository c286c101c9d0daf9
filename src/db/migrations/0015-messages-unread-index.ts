/**
 * The chat list's unread count (chats/chat-queries.ts: a chat's inbound messages still `delivered`)
 * on its own partial index, (organization_id, chat_id) over just those rows: the count is a seek
 * that reads only unread messages, however long the chat, on both databases. Before, it was a
 * filter over every message of the chat through messages_chat_idx, and PostgreSQL's planner could
 * prefer walking the whole inbound dedupe index (messages_inbound_provider_uq, partial on
 * direction) instead (test/http/query-plans.test.ts caught it). Sends (outbound) never enter it;
 * an inbound message leaves it when an agent opens the chat (status `read`).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['organization_id', 'chat_id'])
    .where(sql.ref('direction'), '=', 'inbound')
    .where(sql.ref('status'), '=', 'delivered')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_unread_idx').ifExists().execute();
}
