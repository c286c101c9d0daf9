/** Schemas of CRM funnel stages (admin API). */
import { Type, type Static } from '@sinclair/typebox';
import { OrgRecord } from '../shared/index.js';

const Name = Type.String({ minLength: 1, maxLength: 200, examples: ['Qualified'] });
const Funnel = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'The funnel the stage belongs to; default "default"',
  examples: ['sales'],
});
const Position = Type.Integer({
  minimum: 0,
  maximum: 1_000_000,
  description: 'Order within the funnel (ascending); default: after the last stage of the funnel',
});

export const Stage = OrgRecord({ name: Type.String(), funnel: Type.String(), position: Type.Integer() });
export type StageRecord = Static<typeof Stage>;

export const CreateStageBody = Type.Object(
  { name: Name, funnel: Type.Optional(Funnel), position: Type.Optional(Position) },
  { additionalProperties: false },
);
export const UpdateStageBody = Type.Partial(CreateStageBody, { additionalProperties: false, minProperties: 1 });
export const ListStagesQuery = Type.Object({ funnel: Type.Optional(Funnel) }, { additionalProperties: false });

export type CreateStageInput = Static<typeof CreateStageBody>;
export type UpdateStageInput = Static<typeof UpdateStageBody>;
export type ListStagesInput = Static<typeof ListStagesQuery>;
