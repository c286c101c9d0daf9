/**
 * Automation flows: named, ordered steps (flow-steps.schemas.ts) that the flow runner executes for a
 * chat. The schema checks each step's shape, flow-definition.ts the flow's own consistency (ids,
 * jumps); here, what needs the database: every tag, stage, template, team, profile and custom field
 * a step names belongs to the organization. A reference deleted later is the runner's concern: the
 * step then fails the run with the reason.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, FlowsTable } from '../../db/schema.js';
import { tenantQueries, type TenantQueries } from '../../db/tenant.js';
import { validationError, type ErrorDetail } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import { baseRecord, deleteOrgRow, getOrgRow, type OrgResource } from '../shared/index.js';
import { flowDefinitionErrors } from './flow-definition.js';
import type { CreateFlowInput, FlowRecord, FlowStep, UpdateFlowInput } from './flows.schemas.js';

export const FLOW: OrgResource & { table: 'flows' } = { table: 'flows', code: 'FLOW_NOT_FOUND', what: 'Flow' };

export function toFlow(row: Selectable<FlowsTable>): FlowRecord {
  return { ...baseRecord(row), name: row.name, steps: fromJson<FlowStep[]>(row.steps, []) };
}

/** A step field that names a record of the organization. */
interface Reference {
  field: string;
  id: string;
  kind: keyof typeof LOOKUPS;
}

/** How each kind of reference is found among the organization's rows. */
const LOOKUPS = {
  tag: (q: TenantQueries, ids: string[]) => q.selectFrom('tags').select('id as key').where('id', 'in', ids).execute(),
  stage: (q: TenantQueries, ids: string[]) => q.selectFrom('stages').select('id as key').where('id', 'in', ids).execute(),
  template: (q: TenantQueries, ids: string[]) => q.selectFrom('templates').select('id as key').where('id', 'in', ids).execute(),
  team: (q: TenantQueries, ids: string[]) => q.selectFrom('teams').select('id as key').where('id', 'in', ids).execute(),
  profile: (q: TenantQueries, ids: string[]) =>
    q.selectFrom('memberships').select('profile_id as key').where('profile_id', 'in', ids).execute(),
  field: (q: TenantQueries, slugs: string[]) =>
    q.selectFrom('custom_field_definitions').select('slug as key').where('slug', 'in', slugs).execute(),
} as const;

const WHAT: Record<Reference['kind'], string> = {
  tag: 'a tag',
  stage: 'a stage',
  template: 'a template',
  team: 'a team',
  profile: 'a member',
  field: 'a custom field',
};

function referencesOf(step: FlowStep): Reference[] {
  switch (step.type) {
    case 'add_tag':
    case 'remove_tag':
      return [{ field: 'tagId', id: step.tagId, kind: 'tag' }];
    case 'set_stage':
      return step.stageId === null ? [] : [{ field: 'stageId', id: step.stageId, kind: 'stage' }];
    case 'send_template':
      return [{ field: 'templateId', id: step.templateId, kind: 'template' }];
    case 'assign':
      return [
        ...(step.teamId ? [{ field: 'teamId', id: step.teamId, kind: 'team' as const }] : []),
        ...(step.profileId ? [{ field: 'profileId', id: step.profileId, kind: 'profile' as const }] : []),
      ];
    case 'set_field':
      return [{ field: 'slug', id: step.slug, kind: 'field' }];
    default:
      return [];
  }
}

export class FlowsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(organizationId: string, input: CreateFlowInput): Promise<FlowRecord> {
    await this.assertValid(organizationId, input.steps);
    const now = this.clock.now().toISOString();
    const row = {
      id: newId(),
      organization_id: organizationId,
      name: input.name,
      steps: toJson(input.steps),
      created_at: now,
      updated_at: now,
    };
    await this.db.insertInto('flows').values(row).execute();
    return toFlow(row);
  }

  async list(organizationId: string): Promise<FlowRecord[]> {
    const rows = await tenantQueries(this.db, organizationId).selectFrom('flows').selectAll().orderBy('id').execute();
    return rows.map(toFlow);
  }

  async get(organizationId: string, id: string): Promise<FlowRecord> {
    return toFlow(await getOrgRow(this.db, FLOW, organizationId, id));
  }

  /** `steps`, when given, replaces the whole list. Runs under way keep the steps they started with. */
  async update(organizationId: string, id: string, input: UpdateFlowInput): Promise<FlowRecord> {
    const row = await getOrgRow(this.db, FLOW, organizationId, id);
    if (input.steps) await this.assertValid(organizationId, input.steps);
    const set = {
      name: input.name ?? row.name,
      steps: input.steps ? toJson(input.steps) : row.steps,
      updated_at: this.clock.now().toISOString(),
    };
    await tenantQueries(this.db, organizationId).updateTable('flows').set(set).where('id', '=', id).execute();
    return toFlow({ ...row, ...set });
  }

  async remove(organizationId: string, id: string): Promise<void> {
    await deleteOrgRow(this.db, FLOW, organizationId, id);
  }

  /** The flow's own rules, then every reference it makes: all errors at once, as `steps.N.field`. */
  private async assertValid(organizationId: string, steps: FlowStep[]): Promise<void> {
    const errors: ErrorDetail[] = flowDefinitionErrors(steps);
    const references = steps.flatMap((step, index) => referencesOf(step).map((ref) => ({ ...ref, field: `steps.${index}.${ref.field}` })));
    const q = tenantQueries(this.db, organizationId);
    for (const kind of Object.keys(LOOKUPS) as Reference['kind'][]) {
      const wanted = [...new Set(references.filter((ref) => ref.kind === kind).map((ref) => ref.id))];
      if (wanted.length === 0) continue;
      const found = new Set((await LOOKUPS[kind](q, wanted)).map((row) => row.key));
      for (const ref of references) {
        if (ref.kind === kind && !found.has(ref.id))
          errors.push({ field: ref.field, message: `is not ${WHAT[kind]} of this organization` });
      }
    }
    if (errors.length > 0) throw validationError(errors);
  }
}
