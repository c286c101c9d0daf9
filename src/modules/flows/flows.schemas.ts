/**
 * Schemas of automation flows (admin API). A flow is an ordered list of steps from a small closed
 * set that the automation runner executes; each step kind has its exact fields (docs/admin.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';
import { OrgRecord } from '../shared/org-resource.js';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Longest single wait: 30 days. */
export const MAX_WAIT_SECONDS = 30 * 24 * 3600;

const strict = { additionalProperties: false } as const;

/** The step kinds; `type` names the kind, the other fields are exactly these. */
const stepSchemas = [
  Type.Object(
    {
      type: Type.Literal('send_message'),
      text: Type.String({ minLength: 1, maxLength: 4096, description: 'Sent into the chat the flow runs for' }),
    },
    strict,
  ),
  Type.Object({ type: Type.Literal('wait'), seconds: Type.Integer({ minimum: 1, maximum: MAX_WAIT_SECONDS }) }, strict),
  Type.Object(
    { type: Type.Literal('add_tag'), tagId: { ...Uuid, description: "A tag of the organization, added to the chat's customer" } },
    strict,
  ),
  Type.Object(
    {
      type: Type.Literal('http_request'),
      url: Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048 }),
      method: Type.Optional(
        Type.Union(
          HTTP_METHODS.map((m) => Type.Literal(m)),
          { description: 'Default POST' },
        ),
      ),
    },
    strict,
  ),
];
export type FlowStep = Static<(typeof stepSchemas)[number]>;
export type StepType = FlowStep['type'];
export const STEP_TYPES: StepType[] = stepSchemas.map((schema) => schema.properties.type.const);

/**
 * One object whose `type` picks the branch (if/then) rather than a plain union, so that a bad step
 * is reported on its own fields ("steps.2.seconds must be integer") instead of once per branch.
 */
const Step = Type.Unsafe<FlowStep>({
  type: 'object',
  required: ['type'],
  properties: { type: { type: 'string', enum: STEP_TYPES } },
  allOf: STEP_TYPES.map((type, i) => ({ if: { properties: { type: { const: type } }, required: ['type'] }, then: stepSchemas[i] })),
  description: `A step; \`type\` is one of ${STEP_TYPES.join(', ')}`,
});
const Steps = Type.Array(Step, { minItems: 1, maxItems: 100 });

export const Flow = OrgRecord({ name: Type.String(), steps: Type.Array(Type.Union(stepSchemas)) });
export type FlowRecord = Static<typeof Flow>;

export const CreateFlowBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200, examples: ['Welcome'] }), steps: Steps },
  { additionalProperties: false },
);
export const UpdateFlowBody = Type.Partial(CreateFlowBody, { additionalProperties: false, minProperties: 1 });

export type CreateFlowInput = Static<typeof CreateFlowBody>;
export type UpdateFlowInput = Static<typeof UpdateFlowBody>;
