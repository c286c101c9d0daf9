/**
 * `settings.sla` (DESIGN.md §12 "SLA"; docs/sla.md): how long, in business time, a chat may wait for
 * its first agent reply and for its close, counted from the customer's first message in it. One
 * target for the organization, and per team in `teams` (a team's target replaces the organization's
 * for that target; a chat without a team uses the organization's).
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { validationError } from '../../errors.js';
import { tenantQueries } from '../../db/tenant.js';

const Minutes = Type.Integer({ minimum: 1, maximum: 60 * 24 * 90, description: 'Minutes of business time' });

const SlaTargetsSchema = Type.Object(
  { firstResponseMinutes: Type.Optional(Minutes), resolutionMinutes: Type.Optional(Minutes) },
  { additionalProperties: false },
);

export const SlaSettingsSchema = Type.Object(
  {
    ...SlaTargetsSchema.properties,
    teams: Type.Optional(
      Type.Record(
        Type.String({ pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' }),
        SlaTargetsSchema,
        {
          description: 'Per team id: targets replacing the organization’s',
        },
      ),
    ),
  },
  { additionalProperties: false, examples: [{ firstResponseMinutes: 30, resolutionMinutes: 480 }] },
);
export type SlaSettings = Static<typeof SlaSettingsSchema>;

/** The SLA keys of `organizations.settings`: spread into OrganizationSettingsSchema. */
export const SLA_SETTINGS = { sla: Type.Optional(SlaSettingsSchema) };

export const SLA_TARGETS = ['first_response', 'resolution'] as const;
export type SlaTarget = (typeof SLA_TARGETS)[number];

/** The minutes of each target for a chat of `teamId` (undefined: no such target). */
export function slaTargetsFor(sla: SlaSettings | undefined, teamId: string | null): Record<SlaTarget, number | undefined> {
  const team = teamId ? sla?.teams?.[teamId] : undefined;
  return {
    first_response: team?.firstResponseMinutes ?? sla?.firstResponseMinutes,
    resolution: team?.resolutionMinutes ?? sla?.resolutionMinutes,
  };
}

/**
 * 400 `VALIDATION_ERROR` naming each key of `sla.teams` that is not one of the organization's teams:
 * a target for a team it does not have would never apply (a typo, or another organization's team).
 * Checked when `sla` is written, not on every later change, so deleting a team never blocks a PATCH.
 */
export async function assertSlaTeams(db: Kysely<DB>, organizationId: string, sla: SlaSettings | undefined): Promise<void> {
  const ids = Object.keys(sla?.teams ?? {});
  if (ids.length === 0) return;
  const known = await tenantQueries(db, organizationId).selectFrom('teams').select('id').where('id', 'in', ids).execute();
  const own = new Set(known.map((row) => row.id));
  const unknown = ids.filter((id) => !own.has(id));
  if (unknown.length === 0) return;
  throw validationError(
    unknown.map((id) => ({ field: `settings.sla.teams.${id}`, message: `${id} is not a team of this organization` })),
    `settings.sla.teams names ${unknown.length === 1 ? 'a team' : 'teams'} this organization does not have: ${unknown.join(', ')}`,
  );
}
