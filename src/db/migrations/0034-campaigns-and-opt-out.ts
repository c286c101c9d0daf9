/**
 * Opt-out and campaigns (DESIGN.md §10).
 *
 * `customers.opted_out` / `opted_out_at`: the customer asked for no bulk messages (keyword or API).
 * `templates.category`: Meta's category (`marketing`, `utility`, `authentication`), what the price
 * table prices. `messages.campaign_id`: the campaign a message was sent for.
 *
 * `campaigns`: one row per campaign, its audience and message as given, its state.
 * `campaign_recipients`: one durable row per recipient, written when the campaign starts. Its status
 * moves `queued` → `sent` (the message row exists) in the transaction that creates the message, so a
 * recipient's message exists exactly once whatever crashes; `skipped` rows carry their reason.
 * `price_table`: the operator's one price table (a single row, id `default`).
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const schema = db.schema;
  await schema
    .alterTable('customers')
    .addColumn('opted_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await schema.alterTable('customers').addColumn('opted_out_at', t.timestamp).execute();
  await schema.alterTable('templates').addColumn('category', 'text').execute();
  await schema.alterTable('messages').addColumn('campaign_id', 'text').execute();
  await schema
    .createTable('campaigns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('audience', t.json, (c) => c.notNull())
    .addColumn('message', t.json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('schedule_at', t.timestamp)
    .addColumn('reply_window_hours', 'integer', (c) => c.notNull())
    .addColumn('estimate', t.json)
    .addColumn('created_by_profile_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .execute();
  await schema.createIndex('campaigns_org_idx').on('campaigns').columns(['organization_id', 'created_at', 'id']).execute();
  await schema
    .createTable('campaign_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('contact', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('message_id', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // One row per customer and campaign: a second expansion (a restart) adds nobody twice.
  await schema
    .createIndex('campaign_recipients_unique')
    .on('campaign_recipients')
    .columns(['campaign_id', 'customer_id'])
    .unique()
    .execute();
  await schema.createIndex('campaign_recipients_page_idx').on('campaign_recipients').columns(['campaign_id', 'status', 'id']).execute();
  await schema
    .createIndex('campaign_recipients_queued_idx')
    .on('campaign_recipients')
    .columns(['campaign_id', 'id'])
    .where(sql<SqlBool>`status = 'queued'`)
    .execute();
  await schema
    .createIndex('messages_campaign_idx')
    .on('messages')
    .columns(['campaign_id'])
    .where(sql<SqlBool>`campaign_id is not null`)
    .execute();
  await schema
    .createTable('price_table')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('table', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('price_table').ifExists().execute();
  await db.schema.dropIndex('messages_campaign_idx').ifExists().execute();
  await db.schema.dropTable('campaign_recipients').ifExists().execute();
  await db.schema.dropTable('campaigns').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('campaign_id').execute();
  await db.schema.alterTable('templates').dropColumn('category').execute();
  await db.schema.alterTable('customers').dropColumn('opted_out_at').execute();
  await db.schema.alterTable('customers').dropColumn('opted_out').execute();
}
