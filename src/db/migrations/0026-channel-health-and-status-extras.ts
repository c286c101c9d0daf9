/**
 * Channels as they really are (DESIGN.md §9, issue 22): what a channel's own signals say of it, and
 * what status callbacks carry beyond the status.
 * - channels.health: `ok`, `throttled`, `disconnected` or `banned`, set by the vendor's signals
 *   (Meta's `value.errors`, WAHA `session.status`, Evolution `connection.update`, Z-API
 *   disconnections); health_signal keeps the last one as `{ code, message, at }` (JSON). Apart from
 *   `status` (connected/disconnected), which an administrator sets.
 * - messages.pricing: Meta's `pricing` and `conversation` of a status, as received (JSON).
 * - messages.played_at: when a voice message was played (Meta `played`, Z-API `PLAYED`).
 * - messages.error_details: the vendor's whole error of a failed message, every error it listed
 *   (JSON); error_code/error_message keep the first one, as before.
 * The messages columns are null on insert (no insert names them) and set by status callbacks only.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('channels')
    .addColumn('health', 'text', (c) => c.notNull().defaultTo('ok'))
    .execute();
  await db.schema.alterTable('channels').addColumn('health_signal', t.json).execute();
  await db.schema.alterTable('messages').addColumn('pricing', t.json).execute();
  await db.schema.alterTable('messages').addColumn('played_at', t.timestamp).execute();
  await db.schema.alterTable('messages').addColumn('error_details', t.json).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['error_details', 'played_at', 'pricing']) await db.schema.alterTable('messages').dropColumn(column).execute();
  for (const column of ['health_signal', 'health']) await db.schema.alterTable('channels').dropColumn(column).execute();
}
