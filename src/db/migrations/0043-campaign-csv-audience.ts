/**
 * A campaign's CSV audience (DESIGN.md §10 "Campaigns"): `POST …/campaigns/{campaignId}/audience`
 * creates or updates customers from the file's rows and records each here, one row per campaign and
 * customer. When the campaign starts, these customers join those its `audience` selects (a union: the
 * CSV is added to the selection, not intersected with it). Only a draft takes an upload.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('campaign_csv_customers')
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('campaign_csv_customers_pk', ['campaign_id', 'customer_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('campaign_csv_customers').ifExists().execute();
}
