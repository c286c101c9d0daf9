/**
 * What a database step does, in the transaction that also moves the run past it (flow-runner.ts):
 * tags, the funnel stage, a custom field, the assignee, the chat's state, and the jumps. Each goes
 * through the same service as the API (same checks, same rows, same events), so a flow can do
 * nothing a key of the organization could not. A refusal (a deleted tag, a transition the chat's
 * lifecycle does not allow) is an AppError: it rolls the step back and fails the run with its code.
 */
import { type ChatLifecycle, type ChatRow, loadChat } from '../chats/index.js';
import type { CustomerTagsService, FieldValuesService, CustomerStageService } from '../customers/index.js';
import type { OrgContext } from '../shared/index.js';
import { stepIndexById } from './flow-definition.js';
import type { FlowStep, StepOf } from './flow-steps.schemas.js';
import { branchTaken, render, type Scope } from './flow-variables.js';

export type DatabaseStep = StepOf<'add_tag' | 'remove_tag' | 'set_stage' | 'set_field' | 'assign' | 'set_chat_status' | 'branch' | 'goto'>;

const DATABASE_STEP_TYPES = new Set<string>([
  'add_tag',
  'remove_tag',
  'set_stage',
  'set_field',
  'assign',
  'set_chat_status',
  'branch',
  'goto',
]);

export function isDatabaseStep(step: FlowStep): step is DatabaseStep {
  return DATABASE_STEP_TYPES.has(step.type);
}

export interface StepEffectServices {
  lifecycle: ChatLifecycle;
  customerTags: CustomerTagsService;
  customerStages: CustomerStageService;
  fieldValues: FieldValuesService;
}

/** Who the changes are attributed to: no profile, the `flow` reason. */
const FLOW_ACTOR = { profileId: null, reason: 'flow' } as const;

export interface StepSite {
  steps: FlowStep[];
  index: number;
  chat: ChatRow;
  /** What the step's placeholders and branch tests read (flow-variables.ts). */
  scope: () => Promise<Scope>;
  defaultCountry: () => Promise<string>;
}

/** Does the step and answers the index of the step that runs next. */
export async function applyDatabaseStep(
  ctx: OrgContext,
  services: StepEffectServices,
  step: DatabaseStep,
  site: StepSite,
): Promise<number> {
  const { chat, index } = site;
  const next = index + 1;
  const jump = (stepId: string) => stepIndexById(site.steps).get(stepId) ?? next;
  const tagContext = { chatId: chat.id, actorProfileId: null };
  switch (step.type) {
    case 'goto':
      return jump(step.stepId);
    case 'branch':
      return branchTaken(step, await site.scope()) ? jump(step.goto) : next;
    case 'add_tag':
      await services.customerTags.attachIn(ctx, chat.customer_id, step.tagId, tagContext);
      return next;
    case 'remove_tag':
      await services.customerTags.detachIn(ctx, chat.customer_id, step.tagId, tagContext);
      return next;
    case 'set_stage':
      await services.customerStages.moveIn(ctx, chat.customer_id, { toStageId: step.stageId, chatId: chat.id, movedByProfileId: null });
      return next;
    case 'set_field': {
      const value = typeof step.value === 'string' ? render(step.value, await site.scope()) : step.value;
      await services.fieldValues.setValueIn(ctx, chat.customer_id, { slug: step.slug, value }, await site.defaultCountry());
      return next;
    }
    case 'assign': {
      const current = await loadChat(ctx, chat.id);
      if (step.profileId) await services.lifecycle.assign(ctx, current, step.profileId, step.teamId, FLOW_ACTOR);
      // A team alone: its next member in turn, as auto-assignment on chat create does.
      else if (step.teamId) await services.lifecycle.autoAssign(ctx, current, step.teamId);
      return next;
    }
    case 'set_chat_status': {
      const current = await loadChat(ctx, chat.id);
      if (current.status !== step.status) await services.lifecycle.changeStatus(ctx, current, step.status, FLOW_ACTOR);
      return next;
    }
  }
}
