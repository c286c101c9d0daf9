/**
 * Replay protection for signed provider callbacks (issue 26, item 1): Mailgun signs
 * (timestamp, token), and a token must be used once. Every token accepted is kept here, keyed by
 * its channel, so every process sees the same set; the insert that finds the key taken is the
 * refusal. Rows are needed only while their timestamp is inside the freshness window, so the
 * retention housekeeping deletes them by `seen_at` soon after (the index below).
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('provider_callback_tokens')
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('seen_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_callback_tokens_pkey', ['channel_id', 'token'])
    .execute();
  await db.schema.createIndex('provider_callback_tokens_seen_idx').on('provider_callback_tokens').column('seen_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('provider_callback_tokens').ifExists().execute();
}
