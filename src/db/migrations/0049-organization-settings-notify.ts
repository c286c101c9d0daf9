/**
 * PostgreSQL: a change to an organization's settings, or its deletion, notifies `conversa_access`
 * with `organization:<id>` at its commit, so every process forgets the organization's settings it
 * keeps (access/default-countries.ts), whoever made the change (the API, the CLI, SQL by hand), as
 * migration 0016's triggers do for rights. SQLite has no LISTEN/NOTIFY: no trigger there (another
 * process's commit is noticed by `PRAGMA data_version`).
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql
    .raw(
      `create function conversa_organizations_settings_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('conversa_access', 'organization:' || old.id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger organizations_settings_notify after update of settings or delete on organizations
      for each row execute function conversa_organizations_settings_notify()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql.raw('drop trigger if exists organizations_settings_notify on organizations').execute(db);
  await sql.raw('drop function if exists conversa_organizations_settings_notify()').execute(db);
}
