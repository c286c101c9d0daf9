/**
 * Automation flows: named, ordered steps (flows.schemas.ts) that the automation runner executes for
 * a chat. The shape of every step is checked by the schema; here, what needs the database.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, FlowsTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import { validationError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { fromJson, toJson } from '../../lib/json.js';
import type { CreateFlowInput, FlowRecord, FlowStep, UpdateFlowInput } from './flows.schemas.js';
import { baseRecord, deleteOrgRow, getOrgRow, type OrgResource } from '../shared/org-resource.js';

const FLOW: OrgResource & { table: 'flows' } = { table: 'flows', code: 'FLOW_NOT_FOUND', what: 'Flow' };

function toFlow(row: Selectable<FlowsTable>): FlowRecord {
  return { ...baseRecord(row), name: row.name, steps: fromJson<FlowStep[]>(row.steps, []) };
}

export class FlowsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(organizationId: string, input: CreateFlowInput): Promise<FlowRecord> {
    await this.assertTags(organizationId, input.steps);
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

  /** `steps`, when given, replaces the whole list. */
  async update(organizationId: string, id: string, input: UpdateFlowInput): Promise<FlowRecord> {
    const row = await getOrgRow(this.db, FLOW, organizationId, id);
    if (input.steps) await this.assertTags(organizationId, input.steps);
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

  /** An add_tag step must name a tag of this organization (a tag deleted later is the runner's concern). */
  private async assertTags(organizationId: string, steps: FlowStep[]): Promise<void> {
    const tagIds = steps.flatMap((step) => (step.type === 'add_tag' ? [step.tagId] : []));
    if (tagIds.length === 0) return;
    const found = await tenantQueries(this.db, organizationId).selectFrom('tags').select('id').where('id', 'in', tagIds).execute();
    const known = new Set(found.map((t) => t.id));
    const bad = steps.flatMap((step, index) =>
      step.type === 'add_tag' && !known.has(step.tagId)
        ? [{ field: `steps.${index}.tagId`, message: 'is not a tag of this organization' }]
        : [],
    );
    if (bad.length > 0) throw validationError(bad);
  }
}
