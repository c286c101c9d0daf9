/**
 * Webhook deliveries remember their event's place (`event_seq`) and subject (`ordering_key`: the
 * message, chat or customer the event is about), so a delivery can wait for an earlier one about the
 * same subject to the same endpoint (docs/webhooks.md, "Order").
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .alterTable('webhook_deliveries')
    .addColumn('event_seq', t.postgres ? sql`bigint` : sql`integer`)
    .execute();
  await db.schema.alterTable('webhook_deliveries').addColumn('ordering_key', 'text').execute();
  await db.schema
    .createIndex('webhook_deliveries_order_idx')
    .on('webhook_deliveries')
    .columns(['organization_id', 'endpoint_id', 'ordering_key', 'event_seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_order_idx').ifExists().execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('ordering_key').execute();
  await db.schema.alterTable('webhook_deliveries').dropColumn('event_seq').execute();
}
