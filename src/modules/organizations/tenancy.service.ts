/**
 * Organizations, profiles, memberships and API keys: the tenancy the admin API manages.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, DB, ProfilesTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { tenantQueries } from '../../db/tenant.js';
import { AppError, validationError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import { assertValidCidr, generateApiKey } from '../../access/api-keys.js';
import { hashPassword, passwordProblem } from '../../access/passwords.js';
import type { AccessChanges } from '../../access/access-changes.js';
import { isRole, ROLES, type Role } from '../../access/permissions.js';
import { assertNotLastOwner, changeRole, memberCount, membership, organizationsOfProfile } from './memberships.js';
import { DEFAULT_ORGANIZATION_SETTINGS, toOrganization } from './organization-record.js';
import { assertCountry, type OrganizationSettings, type Plan } from './tenancy.schemas.js';
import { assertBusinessSettings } from '../business-hours/index.js';
import { assertSlaTeams } from '../sla/index.js';

function toProfile(row: Selectable<ProfilesTable>) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The scrypt hash of an acceptable new password (400 naming `password` otherwise). */
async function newPasswordHash(password: string): Promise<string> {
  const problem = passwordProblem(password);
  if (problem) throw validationError([{ field: 'password', message: problem }]);
  return hashPassword(password);
}

function toApiKey(row: Selectable<ApiKeysTable>) {
  return {
    id: row.id,
    profileId: row.profile_id,
    name: row.name,
    prefix: row.prefix,
    scopes: fromJson<string[]>(row.scopes, []),
    allowedIps: fromJson<string[]>(row.allowed_ips, []),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Tables holding an organization's rows with no foreign key to it: a deletion clears them itself. */
const UNLINKED_TABLES = [
  'events',
  'event_listeners',
  'jobs',
  'provider_callbacks',
  'provider_callback_tokens',
  'idempotency_keys',
  'audit_log',
] as const;

export class TenancyService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    /** Told after every change to someone's rights, so no process answers from its access cache with the old ones. */
    private readonly access: Pick<AccessChanges, 'changed' | 'organizationChanged'>,
  ) {}

  private now(): string {
    return this.clock.now().toISOString();
  }

  // Organizations

  async createOrganization(input: {
    name: string;
    plan: Plan;
    settings?: Partial<OrganizationSettings>;
    sendLimitPerMinute?: number | null;
  }) {
    const settings = { ...DEFAULT_ORGANIZATION_SETTINGS, ...input.settings };
    assertCountry(settings.defaultCountry);
    assertBusinessSettings(settings);
    const id = newId();
    // A new organization has no teams yet: any sla.teams key is refused.
    await assertSlaTeams(this.db, id, settings.sla);
    const now = this.now();
    const row = {
      id,
      name: input.name,
      plan: input.plan,
      settings: toJson(settings),
      send_limit_per_minute: input.sendLimitPerMinute ?? null,
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('organizations').values(row).execute();
    return toOrganization(row);
  }

  async listOrganizations() {
    const rows = await this.db.selectFrom('organizations').selectAll().orderBy('id').execute();
    return rows.map(toOrganization);
  }

  async getOrganization(id: string) {
    const row = await this.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('ORGANIZATION_NOT_FOUND', 'Organization not found');
    return toOrganization(row);
  }

  /** `sendLimitPerMinute`: a number sets the organization's own send limit, null clears it (the plan's again), absent keeps it. */
  async updateOrganization(
    id: string,
    input: { name?: string; plan?: Plan; settings?: Partial<OrganizationSettings>; sendLimitPerMinute?: number | null },
  ) {
    const current = await this.getOrganization(id);
    const settings = { ...current.settings, ...input.settings };
    assertCountry(settings.defaultCountry);
    assertBusinessSettings(settings);
    if (input.settings?.sla !== undefined) await assertSlaTeams(this.db, id, input.settings.sla);
    await this.db
      .updateTable('organizations')
      .set({
        name: input.name ?? current.name,
        plan: input.plan ?? current.plan,
        settings: toJson(settings),
        send_limit_per_minute: input.sendLimitPerMinute === undefined ? current.sendLimitPerMinute : input.sendLimitPerMinute,
        updated_at: this.now(),
      })
      .where('id', '=', id)
      .execute();
    // Its default country is kept in every process (access/default-countries.ts). Every update writes
    // the settings (a name change too, with those it read), so every update forgets them.
    await this.access.organizationChanged(id);
    return this.getOrganization(id);
  }

  /**
   * Deletes the organization and everything it owns, in one transaction: the operational tables
   * without a foreign key to it (the event log, jobs, stored provider callbacks, idempotency
   * answers) explicitly, the rest through cascading keys, and last the report's hourly chat counts.
   */
  async deleteOrganization(id: string): Promise<void> {
    const members = await this.db.transaction().execute(async (trx) => {
      const profiles = await trx.selectFrom('memberships').select('profile_id').where('organization_id', '=', id).execute();
      // `jobs` and `idempotency_keys` also hold rows of no organization (null): only this one's go.
      for (const table of UNLINKED_TABLES) await trx.deleteFrom(table).where('organization_id', '=', id).execute();
      const result = await trx.deleteFrom('organizations').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('ORGANIZATION_NOT_FOUND', 'Organization not found');
      // After the cascade: deleting its chats appended their −1 rows to the report's hourly counts (migration 0046).
      await tenantQueries(trx, id).deleteFrom('report_chat_hours').execute();
      return profiles.map((row) => row.profile_id);
    });
    await this.access.changed(members);
    await this.access.organizationChanged(id);
  }

  // Profiles

  /** With `password`, the profile can sign in to the console (DESIGN §8). */
  async createProfile(input: { name: string; email: string; password?: string }) {
    const now = this.now();
    const passwordHash = input.password === undefined ? null : await newPasswordHash(input.password);
    const row = {
      id: newId(),
      name: input.name,
      email: input.email.trim().toLowerCase(),
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.db.insertInto('profiles').values(row).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', `A profile with e-mail ${row.email} already exists`);
      throw err;
    }
    return toProfile(row);
  }

  async listProfiles() {
    return (await this.db.selectFrom('profiles').selectAll().orderBy('id').execute()).map(toProfile);
  }

  async getProfile(id: string) {
    const row = await this.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('PROFILE_NOT_FOUND', 'Profile not found');
    return toProfile(row);
  }

  async updateProfile(id: string, input: { name?: string; email?: string }) {
    const current = await this.getProfile(id);
    try {
      await this.db
        .updateTable('profiles')
        .set({ name: input.name ?? current.name, email: input.email?.trim().toLowerCase() ?? current.email, updated_at: this.now() })
        .where('id', '=', id)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', `A profile with e-mail ${input.email} already exists`);
      throw err;
    }
    return this.getProfile(id);
  }

  async getProfileByEmail(email: string) {
    const row = await this.db.selectFrom('profiles').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    if (!row) throw new AppError('PROFILE_NOT_FOUND', 'Profile not found');
    return toProfile(row);
  }

  /**
   * Sets (or replaces) the profile's console password and ends its open sessions, so a password
   * changed because it leaked also signs out whoever used it.
   */
  async setPassword(id: string, password: string) {
    const passwordHash = await newPasswordHash(password);
    const found = await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('profiles')
        .set({ password_hash: passwordHash, updated_at: this.now() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('sessions').where('profile_id', '=', id).execute();
      return true;
    });
    if (!found) throw new AppError('PROFILE_NOT_FOUND', 'Profile not found');
    await this.access.changed([id]);
    return this.getProfile(id);
  }

  async deleteProfile(id: string): Promise<void> {
    const result = await this.db.deleteFrom('profiles').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('PROFILE_NOT_FOUND', 'Profile not found');
    await this.access.changed([id]);
  }

  // Memberships

  /** Without a role, an organization's first member becomes its owner and later ones agents (DESIGN §12). */
  async addMember(organizationId: string, input: { profileId: string; role?: string }) {
    if (input.role !== undefined && !isRole(input.role)) {
      throw validationError([{ field: 'role', message: `must be one of ${ROLES.join(', ')}` }]);
    }
    await this.getOrganization(organizationId);
    await this.getProfile(input.profileId);
    const role = input.role ?? ((await memberCount(this.db, organizationId)) === 0 ? 'owner' : 'agent');
    const row = { organization_id: organizationId, profile_id: input.profileId, role, created_at: this.now() };
    try {
      await this.db.insertInto('memberships').values(row).execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', 'The profile is already a member of this organization');
      throw err;
    }
    // A request refused a moment ago remembers "not a member".
    await this.access.changed([input.profileId]);
    return { organizationId, profileId: row.profile_id, role: row.role, createdAt: row.created_at };
  }

  /** Changes a member's role; the organization always keeps an owner (409 LAST_OWNER, memberships.ts). */
  async changeRole(organizationId: string, profileId: string, role: Role) {
    const member = await changeRole(this.db, organizationId, profileId, role);
    await this.access.changed([profileId]);
    return member;
  }

  /** A member's role (404 MEMBER_NOT_FOUND when the profile is not one). */
  membership(organizationId: string, profileId: string) {
    return membership(this.db, organizationId, profileId);
  }

  async listMembers(organizationId: string) {
    await this.getOrganization(organizationId);
    const rows = await this.db
      .selectFrom('memberships as m')
      .innerJoin('profiles as p', 'p.id', 'm.profile_id')
      .select(['m.profile_id', 'm.role', 'm.created_at', 'p.name', 'p.email'])
      .where('m.organization_id', '=', organizationId)
      .orderBy('m.created_at')
      .execute();
    return rows.map((r) => ({
      organizationId,
      profileId: r.profile_id,
      role: r.role,
      name: r.name,
      email: r.email,
      createdAt: r.created_at,
    }));
  }

  /** The organizations the profile is a member of, with its role in each (the console's organization picker). */
  organizationsOf(profileId: string) {
    return organizationsOfProfile(this.db, profileId);
  }

  /**
   * A profile that leaves the organization leaves its teams too (only members can be in teams).
   * `keepAnOwner` (the organization's own API): the last owner cannot be removed (409 LAST_OWNER);
   * the operator's admin API may (it is how an organization whose owner left is handed over).
   */
  async removeMember(organizationId: string, profileId: string, options: { keepAnOwner?: boolean } = {}): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const q = tenantQueries(trx, organizationId);
      if (options.keepAnOwner) await assertNotLastOwner(trx, organizationId, profileId);
      const result = await q.deleteFrom('memberships').where('profile_id', '=', profileId).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('MEMBER_NOT_FOUND', 'Membership not found');
      await q.deleteFrom('team_members').where('profile_id', '=', profileId).execute();
    });
    await this.access.changed([profileId]);
  }

  // API keys

  async createApiKey(profileId: string, input: { name?: string; scopes?: string[]; allowedIps?: string[] }) {
    await this.getProfile(profileId);
    const allowedIps = input.allowedIps ?? [];
    const bad = allowedIps
      .map((entry, index) => ({ entry, index }))
      .filter(({ entry }) => {
        try {
          assertValidCidr(entry);
          return false;
        } catch {
          return true;
        }
      });
    if (bad.length > 0) {
      throw validationError(
        bad.map(({ entry, index }) => ({ field: `allowedIps.${index}`, message: `"${entry}" is not an IP address or CIDR` })),
      );
    }
    const generated = generateApiKey();
    const row = {
      id: newId(),
      profile_id: profileId,
      name: input.name ?? 'API key',
      prefix: generated.prefix,
      key_hash: generated.hash,
      scopes: toJson(input.scopes ?? ['*']),
      allowed_ips: toJson(allowedIps),
      created_at: this.now(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.db.insertInto('api_keys').values(row).execute();
    return { ...toApiKey(row), key: generated.key };
  }

  async listApiKeys(profileId: string) {
    await this.getProfile(profileId);
    const rows = await this.db.selectFrom('api_keys').selectAll().where('profile_id', '=', profileId).orderBy('id').execute();
    return rows.map(toApiKey);
  }

  async getApiKey(id: string) {
    const row = await this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('API_KEY_NOT_FOUND', 'API key not found');
    return toApiKey(row);
  }

  /** Revocation is permanent and immediate: the next request with the key gets 401. */
  async revokeApiKey(id: string) {
    const key = await this.getApiKey(id);
    if (!key.revokedAt) {
      await this.db.updateTable('api_keys').set({ revoked_at: this.now() }).where('id', '=', id).execute();
      await this.access.changed([key.profileId]);
    }
    return this.getApiKey(id);
  }
}
