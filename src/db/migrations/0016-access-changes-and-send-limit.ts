/**
 * - `organizations.send_limit_per_minute`: an organization's own send limit (an enterprise
 *   contract, a load test), set and cleared by the admin API and CLI; null = its plan's limit.
 * - PostgreSQL: every change that can take a right away (a key revoked, its scopes or allowed IPs
 *   changed; a membership added, changed or removed; a session or profile deleted) notifies
 *   `conversa_access` with `profile:<id>`, so every process drops what its access cache holds for
 *   that profile (access/access-changes.ts). Triggers, not application code, so the CLI, cascades and
 *   hand-written SQL notify too; the notification is delivered at commit, and only then. A key's
 *   `last_used_at` and a session's sliding expiry are not rights and do not notify (they are
 *   written once a minute per credential). SQLite has no LISTEN/NOTIFY: no trigger there (its
 *   processes notice other connections' commits by `PRAGMA data_version`).
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

/** The LISTEN/NOTIFY channel; access/access-changes.ts names it too. */
const CHANNEL = 'conversa_access';

const TRIGGERS: { table: string; events: string; column: string }[] = [
  { table: 'api_keys', events: 'update of revoked_at, scopes, allowed_ips, profile_id or delete', column: 'profile_id' },
  { table: 'memberships', events: 'insert or update or delete', column: 'profile_id' },
  { table: 'sessions', events: 'delete', column: 'profile_id' },
  { table: 'profiles', events: 'delete', column: 'id' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('send_limit_per_minute', 'integer').execute();
  if (!columnTypes(db).postgres) return;
  for (const { table, events, column } of TRIGGERS) {
    // The profile of the row before (update, delete) and, if another, after (insert, update).
    await sql
      .raw(
        `create function conversa_${table}_access_notify() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            perform pg_notify('${CHANNEL}', 'profile:' || old.${column});
          end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and old.${column} is distinct from new.${column}) then
            perform pg_notify('${CHANNEL}', 'profile:' || new.${column});
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_access_notify after ${events} on ${table} for each row execute function conversa_${table}_access_notify()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    for (const { table } of TRIGGERS) {
      await sql.raw(`drop trigger if exists ${table}_access_notify on ${table}`).execute(db);
      await sql.raw(`drop function if exists conversa_${table}_access_notify()`).execute(db);
    }
  }
  await db.schema.alterTable('organizations').dropColumn('send_limit_per_minute').execute();
}
