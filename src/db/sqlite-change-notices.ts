/**
 * SQLite's stand-in for the PostgreSQL triggers that notify `conversa_access` (migrations 0016,
 * 0049, 0050): temporary triggers on this process's one connection call a JavaScript function
 * with the same payloads (`channel:<id>`, `organization:<id>`), so every write of this process to
 * what the caches keep is heard, whichever code path made it. Another process's commits are
 * noticed by `PRAGMA data_version` instead (access/access-changes.ts).
 *
 * The function runs inside the writing statement, before its commit. That is safe here because
 * the process has one connection and Kysely holds it for a whole transaction: no other query of
 * the process can read, between the notice and the commit, what the transaction is changing.
 *
 * Temporary triggers live with the connection, not in the file: nothing of them is left behind,
 * and a process that never installs them (the CLI, a migration) writes as before.
 */
import type Database from 'better-sqlite3';

const NOTIFY = 'conversa_notify';

/**
 * What the kept channels hold (access/kept-channels.ts): a change to any of these columns is heard.
 * A health signal that changes only `health_signal`, the most frequent write, is not.
 */
const TRIGGERS = [
  `create temp trigger if not exists conversa_channels_update after update on main.channels
   when old.kind is not new.kind or old.config is not new.config or old.settings is not new.settings
     or old.status is not new.status or old.active is not new.active or old.health is not new.health
   begin select ${NOTIFY}('channel:' || old.id); end`,
  `create temp trigger if not exists conversa_channels_delete after delete on main.channels
   begin select ${NOTIFY}('channel:' || old.id); end`,
  `create temp trigger if not exists conversa_organizations_update after update on main.organizations
   when old.settings is not new.settings or old.plan is not new.plan
     or old.send_limit_per_minute is not new.send_limit_per_minute
   begin select ${NOTIFY}('organization:' || old.id); end`,
  `create temp trigger if not exists conversa_organizations_delete after delete on main.organizations
   begin select ${NOTIFY}('organization:' || old.id); end`,
];

/** Installs the triggers on the connection; `onNotice` hears each payload. Call after the migrations. */
export function installChangeNotices(sqlite: Database.Database, onNotice: (payload: string) => void): void {
  sqlite.function(NOTIFY, { deterministic: false, varargs: false }, (payload: unknown) => {
    onNotice(String(payload));
    return null;
  });
  for (const trigger of TRIGGERS) sqlite.exec(trigger);
}
