/**
 * The outbound governor (DESIGN.md §10; modules/governor/): budgets kept in the database so every
 * process shares them.
 * - `messages.traffic`: `bulk` or `conversational`, decided once when the message is stored
 *   (governor/traffic.ts). `messages.held_until` and `held_reason`: while the governor holds a
 *   pending message, when it is released and why (`rate` means it owns the channel's send slot at
 *   that time); the governor's queue of a channel is the messages held on it.
 * - `governor_channels`: a channel's throughput cursor (`next_at_ms`, the next free send slot in
 *   epoch ms), its slow-down after Meta's 130429 and its bulk pause (WAHA 463), with the signal.
 * - `governor_recipients`: per channel and recipient, when bulk traffic may reach them again (the
 *   pair gap; 131056), until when marketing templates are withheld (131049), and when they first
 *   got bulk traffic (warm-up counts new recipients a day).
 * - `governor_business_initiated`: templates sent to people outside their 24-hour window, per
 *   portfolio: the rolling 24-hour unique-recipient count of the messaging limit.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const schema = db.schema;
  await schema
    .alterTable('messages')
    .addColumn('traffic', 'text', (c) => c.notNull().defaultTo('conversational'))
    .execute();
  await schema.alterTable('messages').addColumn('held_until', t.timestamp).execute();
  await schema.alterTable('messages').addColumn('held_reason', 'text').execute();
  // The governor's queue of a channel: only held messages are indexed.
  await schema
    .createIndex('messages_governor_held_idx')
    .on('messages')
    .columns(['organization_id', 'channel_id', 'held_until'])
    .where(sql.ref('held_until'), 'is not', null)
    .execute();

  await schema
    .createTable('governor_channels')
    .addColumn('channel_id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('next_at_ms', t.real, (c) => c.notNull())
    .addColumn('slowed_until', t.timestamp)
    .addColumn('paused_until', t.timestamp)
    .addColumn('signal_code', 'text')
    .addColumn('signal_message', 'text')
    .addColumn('signal_at', t.timestamp)
    .execute();

  await schema
    .createTable('governor_recipients')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('next_bulk_at', t.timestamp)
    .addColumn('delayed_until', t.timestamp)
    .addColumn('marketing_capped_until', t.timestamp)
    .addColumn('first_bulk_at', t.timestamp)
    .addPrimaryKeyConstraint('governor_recipients_pk', ['channel_id', 'recipient'])
    .execute();
  await schema
    .createIndex('governor_recipients_first_bulk_idx')
    .on('governor_recipients')
    .columns(['organization_id', 'channel_id', 'first_bulk_at'])
    .execute();
  await schema
    .createIndex('governor_recipients_recipient_idx')
    .on('governor_recipients')
    .columns(['organization_id', 'recipient'])
    .execute();

  await schema
    .createTable('governor_business_initiated')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('portfolio_id', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('sent_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema
    .createIndex('governor_business_initiated_idx')
    .on('governor_business_initiated')
    .columns(['organization_id', 'portfolio_id', 'sent_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('governor_business_initiated').ifExists().execute();
  await db.schema.dropTable('governor_recipients').ifExists().execute();
  await db.schema.dropTable('governor_channels').ifExists().execute();
  await db.schema.dropIndex('messages_governor_held_idx').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('held_reason').execute();
  await db.schema.alterTable('messages').dropColumn('held_until').execute();
  await db.schema.alterTable('messages').dropColumn('traffic').execute();
}
