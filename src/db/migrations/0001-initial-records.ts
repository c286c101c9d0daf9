/**
 * The second half of the initial schema (0001-initial.ts): the organization's records (customers
 * and their CRM data, chats, messages), the event log and webhook deliveries, provider callbacks,
 * idempotency answers and jobs. Split out only to keep each file readable; it runs inside 0001.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function createRecordTables(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const schema = db.schema;
  await schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('document', 'text')
    .addColumn('country', 'text')
    .addColumn('person_type', 'text')
    .addColumn('sale_price', t.real)
    .addColumn('stage_id', 'text', (c) => c.references('stages.id').onDelete('set null'))
    .addColumn('stage_order', t.real)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema.createIndex('customers_org_id_idx').on('customers').columns(['organization_id', 'id']).execute();
  await schema.createIndex('customers_org_email_idx').on('customers').columns(['organization_id', 'email']).execute();
  await schema.createIndex('customers_org_document_idx').on('customers').columns(['organization_id', 'document']).execute();
  await schema.createIndex('customers_org_stage_idx').on('customers').columns(['organization_id', 'stage_id', 'stage_order']).execute();
  await schema.createIndex('customers_org_name_idx').on('customers').columns(['organization_id', 'name']).execute();

  await schema
    .createTable('customer_contacts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('match_key', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema
    .createIndex('customer_contacts_match_idx')
    .on('customer_contacts')
    .columns(['organization_id', 'type', 'match_key'])
    .execute();
  await schema.createIndex('customer_contacts_customer_idx').on('customer_contacts').columns(['organization_id', 'customer_id']).execute();

  await schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('tags_name_uq', ['organization_id', 'name'])
    .execute();

  await schema
    .createTable('customer_tags')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('chat_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_tags_pk', ['organization_id', 'customer_id', 'tag_id'])
    .execute();
  await schema.createIndex('customer_tags_tag_idx').on('customer_tags').columns(['organization_id', 'tag_id']).execute();

  await schema
    .createTable('notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('author_profile_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema.createIndex('notes_customer_idx').on('notes').columns(['organization_id', 'customer_id', 'id']).execute();

  await schema
    .createTable('custom_field_values')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('field_definition_id', 'text', (c) => c.notNull().references('custom_field_definitions.id').onDelete('cascade'))
    .addColumn('value', t.json, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_field_values_pk', ['organization_id', 'customer_id', 'field_definition_id'])
    .execute();

  await schema
    .createTable('stage_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('from_stage_id', 'text')
    .addColumn('to_stage_id', 'text')
    .addColumn('stage_order', t.real)
    .addColumn('notes', 'text')
    .addColumn('chat_id', 'text')
    .addColumn('moved_by_profile_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema.createIndex('stage_history_customer_idx').on('stage_history').columns(['organization_id', 'customer_id', 'id']).execute();

  await schema
    .createTable('chats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contact', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('assignee_profile_id', 'text')
    .addColumn('collaborator_profile_ids', t.json, (c) => c.notNull())
    .addColumn('response_flow_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('closed_at', t.timestamp)
    .execute();
  await schema.createIndex('chats_active_idx').on('chats').columns(['organization_id', 'channel_id', 'contact', 'status']).execute();
  await schema.createIndex('chats_customer_idx').on('chats').columns(['organization_id', 'customer_id']).execute();

  await schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('content', t.json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_message_id', 'text')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('sequence_id', 'text')
    .addColumn('sequence_index', 'integer')
    .addColumn('temp_id', 'text')
    .addColumn('sender_profile_id', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema.createIndex('messages_chat_idx').on('messages').columns(['organization_id', 'chat_id', 'id']).execute();
  // Provider callbacks name the provider's id; they arrive on a channel, so the channel leads.
  await schema.createIndex('messages_provider_idx').on('messages').columns(['channel_id', 'provider_message_id']).execute();

  if (t.postgres) {
    await sql`create table events (
      seq bigserial primary key,
      id text not null unique,
      organization_id text not null,
      type text not null,
      payload jsonb not null,
      created_at timestamptz not null)`.execute(db);
  } else {
    await sql`create table events (
      seq integer primary key autoincrement,
      id text not null unique,
      organization_id text not null,
      type text not null,
      payload text not null,
      created_at text not null)`.execute(db);
  }
  await schema.createIndex('events_org_seq_idx').on('events').columns(['organization_id', 'seq']).execute();

  await schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', t.timestamp)
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('webhook_deliveries_uq', ['endpoint_id', 'event_id'])
    .execute();
  await schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['organization_id', 'endpoint_id', 'id'])
    .execute();

  await schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', t.timestamp, (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .execute();
  await schema
    .createIndex('webhook_attempts_delivery_idx')
    .on('webhook_attempts')
    .columns(['organization_id', 'delivery_id', 'id'])
    .execute();

  await schema
    .createTable('provider_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('headers', t.json, (c) => c.notNull())
    .addColumn('query', t.json, (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addColumn('processed_at', t.timestamp)
    .execute();
  await schema
    .createIndex('provider_callbacks_channel_idx')
    .on('provider_callbacks')
    .columns(['organization_id', 'channel_id', 'id'])
    .execute();

  await schema
    .createTable('idempotency_keys')
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['api_key_id', 'key'])
    .execute();
  await schema.createIndex('idempotency_keys_expiry_idx').on('idempotency_keys').columns(['expires_at']).execute();

  await schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', t.json, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', t.timestamp, (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The claim query scans runnable jobs by time; running jobs are found again by their lease.
  await schema.createIndex('jobs_runnable_idx').on('jobs').columns(['status', 'run_at']).execute();
  await schema.createIndex('jobs_lease_idx').on('jobs').columns(['status', 'locked_until']).execute();
}
