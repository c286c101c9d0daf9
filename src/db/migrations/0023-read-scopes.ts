/**
 * Read scopes (DESIGN.md §14, docs/security.md "Read scopes and secrets"): chats, files, flows and
 * the directory were readable by any key of a member, so a key made to send messages read every
 * conversation. They now need `chats:read`, `files:read`, `flows:read` and `directory:read`.
 *
 * Keys that already held a scope over the same data keep what they could do, so an integration
 * does not start failing on the day of the upgrade: a key that could read customers (or change the
 * family) receives the family's read scope, as GRANTS lists. A key with only `messages:write`,
 * `tags:*`, `webhooks:write` or `events:read` receives nothing: that is the finding, and its
 * owner adds a scope if the integration did read (the 403 names the scope). `*` keys are untouched.
 *
 * The rules are spelt out here, frozen: a migration must do tomorrow what it did today.
 */
import type { Kysely } from 'kysely';

/** New read scope → the scopes that grant it to an existing key. */
export const GRANTS: Record<string, string[]> = {
  'chats:read': ['customers:read', 'chats:write'],
  'files:read': ['customers:read', 'chats:write'],
  'flows:read': ['customers:read', 'flows:write'],
  'directory:read': ['customers:read', 'customers:write', 'chats:write', 'flows:write'],
};

const NEW_SCOPES = Object.keys(GRANTS);
const PAGE = 500;

/** The scopes an existing key holds after the upgrade (the same list when it gains nothing). */
export function upgradedScopes(scopes: string[]): string[] {
  if (scopes.includes('*')) return scopes;
  const gained = NEW_SCOPES.filter((scope) => !scopes.includes(scope) && GRANTS[scope]!.some((from) => scopes.includes(from)));
  return [...scopes, ...gained];
}

/** The scopes before the upgrade: the new ones removed, unless nothing else would be left. */
export function downgradedScopes(scopes: string[]): string[] {
  const kept = scopes.filter((scope) => !NEW_SCOPES.includes(scope));
  return kept.length > 0 ? kept : scopes;
}

interface Row {
  id: string;
  scopes: unknown;
}

async function rewrite(db: Kysely<unknown>, change: (scopes: string[]) => string[]): Promise<void> {
  const typed = db as unknown as Kysely<{ api_keys: Row }>;
  let after = '';
  for (;;) {
    const rows = await typed.selectFrom('api_keys').select(['id', 'scopes']).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    for (const row of rows) {
      // PostgreSQL's jsonb may arrive parsed or as text, depending on the pool's type parsers.
      const scopes = (typeof row.scopes === 'string' ? JSON.parse(row.scopes) : row.scopes) as string[];
      const changed = change(scopes);
      if (changed.length !== scopes.length)
        await typed
          .updateTable('api_keys')
          .set({ scopes: JSON.stringify(changed) })
          .where('id', '=', row.id)
          .execute();
    }
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, upgradedScopes);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, downgradedScopes);
}
