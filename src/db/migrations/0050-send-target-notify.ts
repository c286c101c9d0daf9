/**
 * PostgreSQL: a change to what a send or a provider's callback resolves about a channel
 * (access/kept-channels.ts) notifies `conversa_access` at its commit, whoever made it, so every
 * process forgets what it keeps of the channel:
 * - a channel's kind, config, settings, status, active flag or health changed, or the channel
 *   deleted: `channel:<id>` (a health signal that changes only `health_signal`, the most frequent
 *   write, notifies nothing);
 * - an organization's plan or send limit changed: `organization:<id>`, as migration 0049 already
 *   notifies for its settings and its deletion (that trigger now covers the three columns).
 * SQLite hears its own process's writes through temporary triggers (db/sqlite-change-notices.ts).
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql
    .raw(
      `create function conversa_channels_notify() returns trigger language plpgsql as $$
      begin
        perform pg_notify('conversa_access', 'channel:' || old.id);
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger channels_send_target_notify after update on channels for each row
      when (old.kind is distinct from new.kind or old.config is distinct from new.config
        or old.settings is distinct from new.settings or old.status is distinct from new.status
        or old.active is distinct from new.active or old.health is distinct from new.health)
      execute function conversa_channels_notify()`,
    )
    .execute(db);
  await sql
    .raw('create trigger channels_delete_notify after delete on channels for each row execute function conversa_channels_notify()')
    .execute(db);
  await sql.raw('drop trigger organizations_settings_notify on organizations').execute(db);
  await sql
    .raw(
      `create trigger organizations_settings_notify after update of settings, plan, send_limit_per_minute or delete on organizations
      for each row execute function conversa_organizations_settings_notify()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!columnTypes(db).postgres) return;
  await sql.raw('drop trigger if exists channels_send_target_notify on channels').execute(db);
  await sql.raw('drop trigger if exists channels_delete_notify on channels').execute(db);
  await sql.raw('drop function if exists conversa_channels_notify()').execute(db);
  await sql.raw('drop trigger if exists organizations_settings_notify on organizations').execute(db);
  await sql
    .raw(
      `create trigger organizations_settings_notify after update of settings or delete on organizations
      for each row execute function conversa_organizations_settings_notify()`,
    )
    .execute(db);
}
