/**
 * Console sign-in throttling (DESIGN §14, access/sign-in-throttle.ts): failed sign-ins counted per
 * (e-mail, client address) pair and per client address, each in a fixed window from its first
 * failure. In the database, so every process of a deployment shares the counts whatever its shape.
 * `key` is a SHA-256 (the e-mail and the address are never stored); the housekeeping deletes rows
 * whose window has ended, by `window_ends_at`.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('sign_in_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_throttles_window_idx').on('sign_in_throttles').columns(['window_ends_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_throttles').ifExists().execute();
}
