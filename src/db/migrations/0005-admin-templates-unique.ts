/**
 * A WhatsApp template is identified by (channel, name, language): Meta refuses a second one, and
 * send-template resolves by it. The unique index makes a duplicate a 409 even under concurrent
 * creates; it replaces the plain lookup index over the same columns.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('templates_lookup_idx').ifExists().execute();
  await db.schema
    .createIndex('templates_channel_name_language_uq')
    .on('templates')
    .columns(['organization_id', 'channel_id', 'name', 'language'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('templates_channel_name_language_uq').ifExists().execute();
  await db.schema
    .createIndex('templates_lookup_idx')
    .on('templates')
    .columns(['organization_id', 'channel_id', 'name', 'language'])
    .execute();
}
