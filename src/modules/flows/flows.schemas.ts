/**
 * Schemas of automation flows (admin API and /api/{organizationId}/flows). A flow is a name and an
 * ordered list of 1 to 100 steps (flow-steps.schemas.ts) that the flow runner executes for a chat.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../http/schemas.js';
import { OrgRecord } from '../shared/index.js';
import { FlowStepDoc, Step, type FlowStep } from './flow-steps.schemas.js';

export { HTTP_METHODS, MAX_WAIT_SECONDS, STEP_TYPES, type FlowStep, type StepType } from './flow-steps.schemas.js';

export const MAX_FLOW_STEPS = 100;
const Steps = Type.Array(Step, { minItems: 1, maxItems: MAX_FLOW_STEPS });

export const Flow = OrgRecord({ name: Type.String(), steps: Type.Array(FlowStepDoc) });
export type FlowRecord = Omit<Static<typeof Flow>, 'steps'> & { steps: FlowStep[] };

export const CreateFlowBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200, examples: ['Welcome'] }), steps: Steps },
  { additionalProperties: false },
);
export const UpdateFlowBody = Type.Partial(CreateFlowBody, { additionalProperties: false, minProperties: 1 });

export type CreateFlowInput = Static<typeof CreateFlowBody>;
export type UpdateFlowInput = Static<typeof UpdateFlowBody>;

export const FlowParams = Type.Object({ organizationId: Uuid, flowId: Uuid });
