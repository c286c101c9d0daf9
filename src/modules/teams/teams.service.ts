/**
 * Teams: named groups of the organization's members (team_members). Only members of the
 * organization can be in its teams; removing a member from the organization removes it from its
 * teams (TenancyService.removeMember).
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, TeamsTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { validationError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { clearChannelDefault } from '../channel-records/index.js';
import { baseRecord, deleteOrgRow, getOrgRow, type OrgResource } from '../shared/index.js';
import type { CreateTeamInput, TeamRecord, UpdateTeamInput } from './teams.schemas.js';

const TEAM: OrgResource & { table: 'teams' } = { table: 'teams', code: 'TEAM_NOT_FOUND', what: 'Team' };

function toTeam(row: Selectable<TeamsTable>, memberProfileIds: string[]): TeamRecord {
  return { ...baseRecord(row), name: row.name, memberProfileIds };
}

export class TeamsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(organizationId: string, input: CreateTeamInput): Promise<TeamRecord> {
    return this.db.transaction().execute(async (trx) => {
      const memberProfileIds = input.memberProfileIds ?? [];
      await assertMembers(trx, organizationId, memberProfileIds);
      const now = this.clock.now().toISOString();
      const row = {
        id: newId(),
        organization_id: organizationId,
        name: input.name,
        created_at: now,
        updated_at: now,
        last_assigned_profile_id: null,
      };
      await trx.insertInto('teams').values(row).execute();
      await insertMembers(trx, organizationId, row.id, memberProfileIds);
      return toTeam(row, [...memberProfileIds].sort());
    });
  }

  async list(organizationId: string): Promise<TeamRecord[]> {
    const rows = await tenantQueries(this.db, organizationId).selectFrom('teams').selectAll().orderBy('id').execute();
    const members = await tenantQueries(this.db, organizationId)
      .selectFrom('team_members')
      .select(['team_id', 'profile_id'])
      .orderBy('profile_id')
      .execute();
    return rows.map((row) =>
      toTeam(
        row,
        members.filter((m) => m.team_id === row.id).map((m) => m.profile_id),
      ),
    );
  }

  async get(organizationId: string, id: string): Promise<TeamRecord> {
    return this.read(this.db, organizationId, id);
  }

  /** `memberProfileIds`, when given, replaces the team's members. */
  async update(organizationId: string, id: string, input: UpdateTeamInput): Promise<TeamRecord> {
    return this.db.transaction().execute(async (trx) => {
      await getOrgRow(trx, TEAM, organizationId, id);
      if (input.memberProfileIds) await assertMembers(trx, organizationId, input.memberProfileIds);
      const set: { name?: string; updated_at: string } = { updated_at: this.clock.now().toISOString() };
      if (input.name !== undefined) set.name = input.name;
      await tenantQueries(trx, organizationId).updateTable('teams').set(set).where('id', '=', id).execute();
      if (input.memberProfileIds) {
        await tenantQueries(trx, organizationId).deleteFrom('team_members').where('team_id', '=', id).execute();
        await insertMembers(trx, organizationId, id, input.memberProfileIds);
      }
      return this.read(trx, organizationId, id);
    });
  }

  /** Chats of the team stay, without a team; a channel stops routing new chats to it. */
  async remove(organizationId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // An unknown id changes nothing here, and the 404 of deleteOrgRow rolls the whole back.
      await tenantQueries(trx, organizationId).updateTable('chats').set({ team_id: null }).where('team_id', '=', id).execute();
      await clearChannelDefault(trx, organizationId, 'defaultTeamId', id, this.clock);
      await deleteOrgRow(trx, TEAM, organizationId, id);
    });
  }

  private async read(db: Kysely<DB>, organizationId: string, id: string): Promise<TeamRecord> {
    const row = await getOrgRow(db, TEAM, organizationId, id);
    const members = await tenantQueries(db, organizationId)
      .selectFrom('team_members')
      .select('profile_id')
      .where('team_id', '=', id)
      .orderBy('profile_id')
      .execute();
    return toTeam(
      row,
      members.map((m) => m.profile_id),
    );
  }
}

/** Every profile must be a member of the organization; the error names each bad index. */
async function assertMembers(db: Kysely<DB>, organizationId: string, profileIds: string[]): Promise<void> {
  if (profileIds.length === 0) return;
  const found = await tenantQueries(db, organizationId)
    .selectFrom('memberships')
    .select('profile_id')
    .where('profile_id', 'in', profileIds)
    .execute();
  const members = new Set(found.map((m) => m.profile_id));
  const bad = profileIds.flatMap((id, index) =>
    members.has(id) ? [] : [{ field: `memberProfileIds.${index}`, message: 'is not a member of this organization' }],
  );
  if (bad.length > 0) throw validationError(bad);
}

async function insertMembers(db: Kysely<DB>, organizationId: string, teamId: string, profileIds: string[]): Promise<void> {
  if (profileIds.length === 0) return;
  await db
    .insertInto('team_members')
    .values(profileIds.map((profileId) => ({ organization_id: organizationId, team_id: teamId, profile_id: profileId })))
    .execute();
}
