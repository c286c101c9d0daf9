/** Schemas of teams (admin API): groups of the organization's members that chats are routed to. */
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';
import { OrgRecord } from '../shared/index.js';

const MemberProfileIds = Type.Array(Uuid, {
  uniqueItems: true,
  maxItems: 1000,
  description: 'Profiles in the team; each must be a member of the organization. On update the list replaces the current one.',
});

export const Team = OrgRecord({ name: Type.String(), memberProfileIds: Type.Array(Uuid, { description: 'Sorted by profile id' }) });
export type TeamRecord = Static<typeof Team>;

export const CreateTeamBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200, examples: ['Support'] }), memberProfileIds: Type.Optional(MemberProfileIds) },
  { additionalProperties: false },
);
export const UpdateTeamBody = Type.Partial(CreateTeamBody, { additionalProperties: false, minProperties: 1 });

export type CreateTeamInput = Static<typeof CreateTeamBody>;
export type UpdateTeamInput = Static<typeof UpdateTeamBody>;
