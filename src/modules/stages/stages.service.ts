/**
 * CRM funnel stages. A stage belongs to one named funnel; `position` orders the stages of a funnel
 * (ties keep creation order). Deleting a stage takes its customers out of the funnel.
 */
import type { Kysely, Selectable } from 'kysely';
import type { DB, StagesTable } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { clearChannelDefault } from '../channel-records/index.js';
import { baseRecord, deleteOrgRow, getOrgRow, type OrgResource } from '../shared/index.js';
import type { CreateStageInput, ListStagesInput, StageRecord, UpdateStageInput } from './stages.schemas.js';

const STAGE: OrgResource & { table: 'stages' } = { table: 'stages', code: 'STAGE_NOT_FOUND', what: 'Stage' };
export const DEFAULT_FUNNEL = 'default';

function toStage(row: Selectable<StagesTable>): StageRecord {
  return { ...baseRecord(row), name: row.name, funnel: row.funnel, position: row.position };
}

export class StagesService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  async create(organizationId: string, input: CreateStageInput): Promise<StageRecord> {
    const funnel = input.funnel ?? DEFAULT_FUNNEL;
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock.now().toISOString();
      const row = {
        id: newId(),
        organization_id: organizationId,
        name: input.name,
        funnel,
        position: input.position ?? (await nextPosition(trx, organizationId, funnel)),
        created_at: now,
        updated_at: now,
      };
      await trx.insertInto('stages').values(row).execute();
      return toStage(row);
    });
  }

  async list(organizationId: string, query: ListStagesInput = {}): Promise<StageRecord[]> {
    let select = tenantQueries(this.db, organizationId).selectFrom('stages').selectAll();
    if (query.funnel !== undefined) select = select.where('funnel', '=', query.funnel);
    const rows = await select.orderBy('funnel').orderBy('position').orderBy('id').execute();
    return rows.map(toStage);
  }

  async get(organizationId: string, id: string): Promise<StageRecord> {
    return toStage(await getOrgRow(this.db, STAGE, organizationId, id));
  }

  /** Moving a stage to another funnel without a position puts it after that funnel's last stage. */
  async update(organizationId: string, id: string, input: UpdateStageInput): Promise<StageRecord> {
    return this.db.transaction().execute(async (trx) => {
      const row = await getOrgRow(trx, STAGE, organizationId, id);
      const funnel = input.funnel ?? row.funnel;
      const movedFunnel = funnel !== row.funnel;
      const position = input.position ?? (movedFunnel ? await nextPosition(trx, organizationId, funnel) : row.position);
      const updated = { ...row, name: input.name ?? row.name, funnel, position, updated_at: this.clock.now().toISOString() };
      await tenantQueries(trx, organizationId)
        .updateTable('stages')
        .set({ name: updated.name, funnel, position, updated_at: updated.updated_at })
        .where('id', '=', id)
        .execute();
      return toStage(updated);
    });
  }

  /**
   * The foreign key (ON DELETE SET NULL) takes the customers out of the stage; their order in it
   * means nothing any more, and a channel must not keep pointing new customers at it.
   */
  async remove(organizationId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // An unknown id changes nothing here, and the 404 of deleteOrgRow rolls the whole back.
      await tenantQueries(trx, organizationId).updateTable('customers').set({ stage_order: null }).where('stage_id', '=', id).execute();
      await clearChannelDefault(trx, organizationId, 'defaultStageId', id, this.clock);
      await deleteOrgRow(trx, STAGE, organizationId, id);
    });
  }
}

async function nextPosition(db: Kysely<DB>, organizationId: string, funnel: string): Promise<number> {
  const last = await tenantQueries(db, organizationId)
    .selectFrom('stages')
    .select((eb) => eb.fn.max('position').as('max'))
    .where('funnel', '=', funnel)
    .executeTakeFirst();
  return last?.max === null || last?.max === undefined ? 0 : Number(last.max) + 1;
}
