/**
 * Automation flow runs (DESIGN.md §7): a run per (flow, chat) with its state (the flow's steps as
 * they were when it started, the step it is at, its variables, what it waits for), and the log of
 * the steps it executed, one row each. At most one run of a chat is running or waiting: a partial
 * unique index makes a second start fail instead of running two flows in one conversation.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { columnTypes } from './column-types.js';

const UNFINISHED = sql<SqlBool>`status in ('running', 'waiting')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const schema = db.schema;
  await schema
    .createTable('flow_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    // No foreign key: a run outlives its flow's deletion (it runs the steps it copied at start).
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('steps', t.json, (c) => c.notNull())
    .addColumn('variables', t.json, (c) => c.notNull())
    .addColumn('current_step', 'integer', (c) => c.notNull())
    .addColumn('steps_taken', 'integer', (c) => c.notNull())
    .addColumn('visited', t.json, (c) => c.notNull())
    .addColumn('waiting_for', 'text')
    .addColumn('wait_until', t.timestamp)
    .addColumn('pending_message_id', 'text')
    .addColumn('job_id', 'text')
    .addColumn('error', 'text')
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await schema.createIndex('flow_runs_one_unfinished_idx').on('flow_runs').column('chat_id').unique().where(UNFINISHED).execute();
  // The run list: by organization (newest first), or by chat.
  await schema.createIndex('flow_runs_org_idx').on('flow_runs').columns(['organization_id', 'id']).execute();
  await schema.createIndex('flow_runs_chat_idx').on('flow_runs').columns(['organization_id', 'chat_id', 'id']).execute();

  await schema
    .createTable('flow_run_steps')
    .addColumn('run_id', 'text', (c) => c.notNull().references('flow_runs.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('step_index', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull())
    .addColumn('finished_at', t.timestamp)
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('flow_run_steps_pk', ['run_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('flow_run_steps').ifExists().execute();
  await db.schema.dropTable('flow_runs').ifExists().execute();
}
