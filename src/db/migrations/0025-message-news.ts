/**
 * DESIGN.md §9 "Per message": what happens to a message after it was sent or received is kept on the
 * message itself (never as a new one), and every outbound message says where it came from.
 * - `source`: `api`, `console`, `flow`, `sequence`, `campaign`, `phone` on outbound rows; null on
 *   inbound ones. Rows stored before this migration are left null (unknown, answered as absent).
 * - `reactions`: JSON `[{ emoji, from, profileId?, at }]`, one per reactor; null when none.
 * - `edits`: JSON `[{ content, at }]`, the earlier contents, oldest first; null when never edited.
 * - `edited_at`, `deleted_at`: when the last edit, or the revoke, happened.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('messages').addColumn('source', 'text').execute();
  await db.schema.alterTable('messages').addColumn('reactions', types.json).execute();
  await db.schema.alterTable('messages').addColumn('edits', types.json).execute();
  await db.schema.alterTable('messages').addColumn('edited_at', types.timestamp).execute();
  await db.schema.alterTable('messages').addColumn('deleted_at', types.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['deleted_at', 'edited_at', 'edits', 'reactions', 'source'])
    await db.schema.alterTable('messages').dropColumn(column).execute();
}
