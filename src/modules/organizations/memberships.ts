/**
 * The rules of roles inside an organization (DESIGN §12) that need the database: how many members
 * (or owners) it has, a member's role, and "the organization always keeps an owner". A change that
 * could take the last owner away locks the organization's row first, so two demotions at once
 * cannot each see the other as the remaining owner. TenancyService calls these and tells the access
 * cache (these only read and write).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError } from '../../errors.js';
import type { Role } from '../../access/permissions.js';
import { fromJson } from '../../lib/json.js';

/** Takes the organization's row lock (PostgreSQL; SQLite serializes writers anyway) for the rest of the transaction. */
async function lockOrganization(trx: Kysely<DB>, organizationId: string): Promise<void> {
  await trx
    .updateTable('organizations')
    .set({ updated_at: sql<string>`updated_at` })
    .where('id', '=', organizationId)
    .execute();
}

export async function memberCount(db: Kysely<DB>, organizationId: string, role?: Role): Promise<number> {
  let query = tenantQueries(db, organizationId)
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (role) query = query.where('role', '=', role);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** A member's role (404 MEMBER_NOT_FOUND when the profile is not one). */
export async function membership(db: Kysely<DB>, organizationId: string, profileId: string) {
  const row = await tenantQueries(db, organizationId)
    .selectFrom('memberships')
    .select(['profile_id', 'role', 'created_at'])
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  if (!row) throw new AppError('MEMBER_NOT_FOUND', 'Membership not found');
  return { organizationId, profileId: row.profile_id, role: row.role, createdAt: row.created_at };
}

/** Inside a transaction: 409 LAST_OWNER when the profile is the organization's only owner (404 when not a member). */
export async function assertNotLastOwner(trx: Kysely<DB>, organizationId: string, profileId: string): Promise<void> {
  await lockOrganization(trx, organizationId);
  if ((await membership(trx, organizationId, profileId)).role !== 'owner') return;
  if ((await memberCount(trx, organizationId, 'owner')) <= 1) {
    throw new AppError('LAST_OWNER', 'The organization must keep an owner: make another member owner first');
  }
}

export async function changeRole(db: Kysely<DB>, organizationId: string, profileId: string, role: Role) {
  return db.transaction().execute(async (trx) => {
    if (role !== 'owner') await assertNotLastOwner(trx, organizationId, profileId);
    const current = await membership(trx, organizationId, profileId);
    await tenantQueries(trx, organizationId).updateTable('memberships').set({ role }).where('profile_id', '=', profileId).execute();
    return { ...current, role: role as string };
  });
}

/** The organizations a profile belongs to, by name: its role there and the currency of sale values (settings.currency). */
export async function organizationsOfProfile(db: Kysely<DB>, profileId: string) {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.organization_id')
    .select(['o.id', 'o.name', 'o.settings', 'm.role'])
    .where('m.profile_id', '=', profileId)
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.role,
    currency: fromJson<{ currency?: string }>(r.settings, {}).currency ?? 'BRL',
  }));
}
