/**
 * E-mail inbound over IMAP and e-mail opt-out signals (DESIGN.md §9 "E-mail", issue 22 item 6).
 * - `imap_mailboxes`: per e-mail channel with `config.imap`, where reading stopped (`uid_validity`,
 *   `last_uid`: the mailbox's UIDVALIDITY and the last UID taken in, moved in the transaction that
 *   stores the message, so a restart neither loses nor repeats a mail) and the lease of the one
 *   process reading it (`lease_owner` until `lease_expires_at`, as event sinks do).
 * - `email_opt_out_signals`: Mailgun `complained`/`unsubscribed` for an address, kept until the
 *   opt-out of DESIGN §10 reads them (the seam: modules/email-inbox/opt-out-signals.ts).
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('imap_mailboxes')
    .addColumn('channel_id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('mailbox', 'text', (c) => c.notNull())
    .addColumn('uid_validity', 'text')
    .addColumn('last_uid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', t.timestamp)
    .addColumn('last_error', 'text')
    .addColumn('last_error_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('email_opt_out_signals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('signal', 'text', (c) => c.notNull())
    .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await sql`create index email_opt_out_signals_address_idx on email_opt_out_signals (organization_id, address)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_opt_out_signals').ifExists().execute();
  await db.schema.dropTable('imap_mailboxes').ifExists().execute();
}
