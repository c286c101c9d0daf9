/**
 * `messages.send_due_at`: the pending outbound message is its own outbox. The send request stores
 * the message with this set a little in the future and clears it when the provider's answer is
 * applied; if the request never finishes (the process died), a worker's sweep finds the message by
 * this column once it is due and hands it to a `messages.send` job. It replaces a fallback job
 * row written and deleted by every send. Partial index: only messages awaiting that hand-over are in it.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('send_due_at', columnTypes(db).timestamp).execute();
  await db.schema
    .createIndex('messages_send_due_idx')
    .on('messages')
    .column('send_due_at')
    .where(sql.ref('send_due_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_send_due_idx').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('send_due_at').execute();
}
