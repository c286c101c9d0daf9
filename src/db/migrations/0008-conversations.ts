/**
 * The conversation half (DESIGN.md §6): at most one active chat per organization, channel and
 * contact, enforced by a partial unique index (parallel chat creates for one contact cannot make two);
 * the customer's last message time on a chat (WhatsApp's 24-hour window); the flow a chat was
 * created with and its variables; a round-robin cursor per team; replies quoting a message; files;
 * message sequences (the steps' order and delays, for their jobs).
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { columnTypes } from './column-types.js';

const ACTIVE = sql<SqlBool>`status in ('pending', 'in_progress', 'await_closing')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const schema = db.schema;
  for (const [column, type] of [
    ['last_inbound_at', t.timestamp],
    ['flow_id', sql`text`],
    ['flow_variables', t.json],
    ['context_message', sql`text`],
  ] as const) {
    await schema.alterTable('chats').addColumn(column, type).execute();
  }
  await schema
    .createIndex('chats_one_active_idx')
    .on('chats')
    .columns(['organization_id', 'channel_id', 'contact'])
    .unique()
    .where(ACTIVE)
    .execute();
  // The chat list: by organization and status, newest first.
  await schema.createIndex('chats_org_status_idx').on('chats').columns(['organization_id', 'status', 'id']).execute();
  await schema.createIndex('chats_org_id_idx').on('chats').columns(['organization_id', 'id']).execute();

  await schema.alterTable('teams').addColumn('last_assigned_profile_id', 'text').execute();
  await schema.alterTable('messages').addColumn('reply_to_message_id', 'text').execute();

  await schema
    .createTable('files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema.createIndex('files_org_idx').on('files').columns(['organization_id', 'id']).execute();

  await schema
    .createTable('message_sequences')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('steps', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema.createIndex('message_sequences_chat_idx').on('message_sequences').columns(['organization_id', 'chat_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_sequences').ifExists().execute();
  await db.schema.dropTable('files').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('reply_to_message_id').execute();
  await db.schema.alterTable('teams').dropColumn('last_assigned_profile_id').execute();
  for (const index of ['chats_org_id_idx', 'chats_org_status_idx', 'chats_one_active_idx']) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const column of ['context_message', 'flow_variables', 'flow_id', 'last_inbound_at']) {
    await db.schema.alterTable('chats').dropColumn(column).execute();
  }
}
