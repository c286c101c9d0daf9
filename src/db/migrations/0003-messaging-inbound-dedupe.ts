/**
 * An inbound message is stored once per provider message id on a channel: providers redeliver
 * callbacks, and two workers may process copies at the same time. Partial, so outbound rows (whose
 * provider id is set later, and may be absent) are not constrained.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_inbound_provider_uq')
    .on('messages')
    .columns(['channel_id', 'provider_message_id'])
    .unique()
    .where(sql.ref('direction'), '=', 'inbound')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_inbound_provider_uq').ifExists().execute();
}
