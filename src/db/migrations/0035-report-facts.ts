/**
 * Reports (DESIGN.md §12, docs/reports.md) read per-chat facts written when they happen, in the
 * transaction that makes them true, so a report never walks a chat's messages:
 *   - `first_customer_message_at`: the customer's first message in the chat (inbound-messages.ts);
 *   - `first_agent_reply_at`, `first_agent_reply_profile_id`: the first agent reply after it
 *     (chat-delivery.ts, a reply with a sender profile);
 *   - `reopened_at`: the first time a chat waiting to close came back because the customer wrote;
 *   - `csat_requested_at`, `rating`, `rated_at`: the satisfaction question sent at close, and the
 *     customer's answer (1–5) when it came (csat/).
 * Existing chats get the first two from their messages. Indexes: chats by the instant each report
 * counts them at (opened, closed, first reply, rated), each covering what the report reads of the
 * chat, and a covering index over messages for the message counts: a report reads indexes alone.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/** What a report groups chats by: each chat index covers them, so a report reads the index alone. */
const GROUPS = ['assignee_profile_id', 'team_id', 'channel_id'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  for (const column of ['first_customer_message_at', 'first_agent_reply_at', 'reopened_at', 'csat_requested_at', 'rated_at']) {
    await db.schema.alterTable('chats').addColumn(column, t.timestamp).execute();
  }
  await db.schema.alterTable('chats').addColumn('first_agent_reply_profile_id', 'text').execute();
  await db.schema.alterTable('chats').addColumn('rating', 'integer').execute();
  await sql`update chats set first_customer_message_at = (
      select min(m.created_at) from messages m where m.chat_id = chats.id and m.direction = 'inbound')`.execute(db);
  await sql`update chats set
      first_agent_reply_at = (select min(m.created_at) from messages m where m.chat_id = chats.id and m.direction = 'outbound'
        and m.sender_profile_id is not null and m.source in ('api', 'console') and m.created_at >= chats.first_customer_message_at),
      first_agent_reply_profile_id = (select m.sender_profile_id from messages m where m.chat_id = chats.id and m.direction = 'outbound'
        and m.sender_profile_id is not null and m.source in ('api', 'console') and m.created_at >= chats.first_customer_message_at
        order by m.created_at, m.id limit 1)
    where first_customer_message_at is not null`.execute(db);
  await db.schema
    .createIndex('chats_org_created_idx')
    .on('chats')
    .columns(['organization_id', 'created_at', ...GROUPS])
    .execute();
  await db.schema
    .createIndex('chats_org_closed_idx')
    .on('chats')
    .columns(['organization_id', 'closed_at', ...GROUPS, 'first_customer_message_at', 'created_at'])
    .where(sql.ref('closed_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('chats_org_first_reply_idx')
    .on('chats')
    .columns([
      'organization_id',
      'first_agent_reply_at',
      'first_agent_reply_profile_id',
      'team_id',
      'channel_id',
      'first_customer_message_at',
    ])
    .where(sql.ref('first_agent_reply_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('chats_org_reopened_idx')
    .on('chats')
    .columns(['organization_id', 'reopened_at', ...GROUPS])
    .where(sql.ref('reopened_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('chats_org_rated_idx')
    .on('chats')
    .columns(['organization_id', 'rated_at', 'rating', ...GROUPS])
    .where(sql.ref('rated_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('messages_org_report_idx')
    .on('messages')
    .columns(['organization_id', 'created_at', 'direction', 'source', 'channel_id', 'status', 'sender_profile_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'messages_org_report_idx',
    'chats_org_rated_idx',
    'chats_org_first_reply_idx',
    'chats_org_closed_idx',
    'chats_org_created_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of [
    'rating',
    'rated_at',
    'csat_requested_at',
    'first_agent_reply_profile_id',
    'reopened_at',
    'first_agent_reply_at',
    'first_customer_message_at',
  ]) {
    await db.schema.alterTable('chats').dropColumn(column).execute();
  }
}
