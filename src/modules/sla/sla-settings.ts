/**
 * `settings.sla` (DESIGN.md §12 "SLA"; docs/sla.md): how long, in business time, a chat may wait for
 * its first agent reply and for its close, counted from the customer's first message in it. One
 * target for the organization, and per team in `teams` (a team's target replaces the organization's
 * for that target; a chat without a team uses the organization's).
 */
import { Type, type Static } from '@sinclair/typebox';

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
