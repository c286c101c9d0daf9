/**
 * The console's second edition (DESIGN §11):
 * - `canned_responses`: an organization's saved replies, `/shortcut` in the composer; a shortcut is
 *   unique in its organization (stored lower case).
 * - `chat_notes`: private notes in a chat's timeline, seen by members only, never sent to the
 *   customer; `mentions` holds the profile ids an `@name` named (JSON array). Distinct from the
 *   customer's notes (`notes`), which belong to the customer, not to a conversation.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('canned_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('shortcut', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('canned_responses_shortcut_idx')
    .unique()
    .on('canned_responses')
    .columns(['organization_id', 'shortcut'])
    .execute();

  await db.schema
    .createTable('chat_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('author_profile_id', 'text')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('mentions', t.json, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A chat's notes in order (the timeline); ids are UUID v7, so id order is creation order.
  await sql`create index chat_notes_chat_idx on chat_notes (organization_id, chat_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_notes').execute();
  await db.schema.dropTable('canned_responses').execute();
}
