/**
 * What a flow's steps must satisfy beyond their schema, checked when a flow is saved (DESIGN.md
 * §7): step ids unique, every jump (`goto.stepId`, `branch.goto`, `wait_for_reply.onTimeout`)
 * naming a step of the flow, a `send_message` with something to send, an `assign` with someone to
 * assign, saved variables not shadowing the built-in ones, a `matches` value a pattern RE2 compiles
 * within the size cap (flow-pattern.ts).
 * Pure: the runner trusts a saved flow and only looks jumps up (`stepIndexById`).
 */
import type { ErrorDetail } from '../../errors.js';
import { patternError } from './flow-pattern.js';
import { RESERVED_VARIABLES, type FlowStep } from './flow-steps.schemas.js';

export function stepIndexById(steps: readonly FlowStep[]): Map<string, number> {
  const byId = new Map<string, number>();
  steps.forEach((step, index) => {
    if (step.id !== undefined && !byId.has(step.id)) byId.set(step.id, index);
  });
  return byId;
}

/** The jumps a step can make, as (field, target step id). */
function jumpsOf(step: FlowStep): [string, string][] {
  switch (step.type) {
    case 'goto':
      return [['stepId', step.stepId]];
    case 'branch':
      return [['goto', step.goto]];
    case 'wait_for_reply':
      return step.onTimeout === undefined ? [] : [['onTimeout', step.onTimeout]];
    default:
      return [];
  }
}

export function flowDefinitionErrors(steps: readonly FlowStep[]): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const byId = stepIndexById(steps);
  steps.forEach((step, index) => {
    const at = (field: string) => `steps.${index}.${field}`;
    if (step.id !== undefined && byId.get(step.id) !== index) errors.push({ field: at('id'), message: `repeats the id "${step.id}"` });
    for (const [field, target] of jumpsOf(step)) {
      if (!byId.has(target)) errors.push({ field: at(field), message: `names no step of this flow ("${target}")` });
    }
    if (step.type === 'send_message' && step.text === undefined && step.media === undefined)
      errors.push({ field: at('text'), message: 'is required when the step has no media' });
    if (step.type === 'assign' && step.profileId === undefined && step.teamId === undefined)
      errors.push({ field: at('profileId'), message: 'or teamId is required' });
    if ((step.type === 'wait_for_reply' || step.type === 'http_request') && step.saveAs !== undefined) {
      if ((RESERVED_VARIABLES as readonly string[]).includes(step.saveAs))
        errors.push({ field: at('saveAs'), message: `"${step.saveAs}" is a built-in variable` });
    }
    if (step.type === 'branch') {
      if (step.op !== 'exists' && step.value === undefined) errors.push({ field: at('value'), message: `is required for op ${step.op}` });
      const refused = step.op === 'matches' && step.value !== undefined ? patternError(step.value) : undefined;
      if (refused !== undefined) errors.push({ field: at('value'), message: refused });
    }
  });
  return errors;
}
