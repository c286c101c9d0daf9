/**
 * Scheduled messages and follow-ups (DESIGN.md §10): one row per message an agent or an
 * integration scheduled into a chat, with its state (`scheduled` → `sent` | `cancelled` | `failed`),
 * why it ended (`reason`) and the outbound message it became. Its `scheduled_messages.send` job is
 * written in the same transaction as the row; the row's conditional move out of `scheduled` is the
 * claim, so a job run twice (a worker killed after the commit) sends nothing twice.
 *
 * `chats.away_message_at`: when the organization's away message (business hours) was sent into the
 * chat, so it goes once per chat.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { columnTypes } from './column-types.js';

const WAITING = sql<SqlBool>`status = 'scheduled'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const schema = db.schema;
  await schema
    .createTable('scheduled_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', t.json, (c) => c.notNull())
    .addColumn('template_id', 'text')
    .addColumn('variables', t.json)
    .addColumn('send_at', t.timestamp, (c) => c.notNull())
    .addColumn('cancel_if_customer_replies', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('error_message', 'text')
    .addColumn('message_id', 'text')
    .addColumn('created_by_profile_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .execute();
  // A chat's list, in the order it will go (send_at, then id).
  await schema
    .createIndex('scheduled_messages_chat_idx')
    .on('scheduled_messages')
    .columns(['organization_id', 'chat_id', 'send_at', 'id'])
    .execute();
  // A customer's message cancels what still waits for them: only waiting rows are indexed.
  await schema
    .createIndex('scheduled_messages_waiting_idx')
    .on('scheduled_messages')
    .columns(['organization_id', 'customer_id'])
    .where(WAITING)
    .execute();
  await schema.alterTable('chats').addColumn('away_message_at', t.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chats').dropColumn('away_message_at').execute();
  await db.schema.dropTable('scheduled_messages').ifExists().execute();
}
