/**
 * Agent sign-in for the console (DESIGN §8): a profile may have a password (its scrypt hash,
 * access/passwords.ts; null = cannot sign in), and a signed-in browser holds a session. Only the
 * SHA-256 of the session's token is stored, as for API keys. Sessions are identity rows like
 * profiles and API keys (a session reaches every organization its profile is a member of), so they
 * carry no organization_id; they go with their profile.
 */
import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('profiles').addColumn('password_hash', 'text').execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('profile_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', t.timestamp, (c) => c.notNull())
    // Sliding: pushed back on use (at most to max_expires_at, fixed at sign-in).
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('max_expires_at', t.timestamp, (c) => c.notNull())
    .execute();
  // A password change ends the profile's sessions; the housekeeping purges expired ones.
  await db.schema.createIndex('sessions_profile_idx').on('sessions').columns(['profile_id']).execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').columns(['expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').ifExists().execute();
  await db.schema.alterTable('profiles').dropColumn('password_hash').execute();
}
