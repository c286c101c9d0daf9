/**
 * The CRM funnel (endpoint 16): a customer is in at most one stage, at an order within it. Every
 * move is kept in stage_history (who, from where, to where, when, with the notes and chat given)
 * and fires `customer.stage_changed`.
 */
import type { AppDeps } from '../../deps.js';
import type { Executor } from '../../db/executor.js';
import { newId } from '../../lib/ids.js';
import { loadCustomerRecord, type CustomerRecord } from '../customers/customer-record.js';
import { notFound } from '../../errors.js';
import { requireChat, requireCustomer, requireStageInBody } from '../customers/references.js';

export interface StageMove {
  toStageId: string | null;
  stageOrder?: number | null;
  notes?: string | null;
  chatId?: string | null;
  movedByProfileId?: string | null;
}

export interface StageHistoryEntry {
  id: string;
  customerId: string;
  fromStageId: string | null;
  toStageId: string | null;
  stageOrder: number | null;
  notes: string | null;
  chatId: string | null;
  movedByProfileId: string | null;
  createdAt: string;
}

/** One row of the funnel history (also written when a customer is created into a stage). */
export async function insertStageHistory(
  trx: Executor,
  organizationId: string,
  customerId: string,
  fromStageId: string | null,
  move: StageMove,
  now: string,
) {
  const entry = {
    id: newId(),
    organization_id: organizationId,
    customer_id: customerId,
    from_stage_id: fromStageId,
    to_stage_id: move.toStageId,
    stage_order: move.stageOrder ?? null,
    notes: move.notes ?? null,
    chat_id: move.chatId ?? null,
    moved_by_profile_id: move.movedByProfileId ?? null,
    created_at: now,
  };
  await trx.insertInto('stage_history').values(entry).execute();
  return entry;
}

/** Writes a move in the caller's transaction; the stage (if any) must already be checked. */
export async function applyStageMove(
  deps: Pick<AppDeps, 'events'>,
  trx: Executor,
  organizationId: string,
  customerId: string,
  fromStageId: string | null,
  move: StageMove,
  now: string,
): Promise<void> {
  const stageOrder = move.toStageId === null ? null : (move.stageOrder ?? null);
  await trx
    .updateTable('customers')
    .set({ stage_id: move.toStageId, stage_order: stageOrder, updated_at: now })
    .where('organization_id', '=', organizationId)
    .where('id', '=', customerId)
    .execute();
  const entry = await insertStageHistory(trx, organizationId, customerId, fromStageId, { ...move, stageOrder }, now);
  await deps.events.record(trx, {
    organizationId,
    type: 'customer.stage_changed',
    data: {
      customerId,
      fromStageId,
      toStageId: move.toStageId,
      stageOrder,
      notes: entry.notes,
      chatId: entry.chat_id,
      movedByProfileId: entry.moved_by_profile_id,
    },
  });
}

export class CustomerStageService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'events' | 'clock'>) {}

  async move(organizationId: string, customerId: string, move: StageMove): Promise<CustomerRecord> {
    const now = this.deps.clock.now().toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('customers')
        .select('stage_id')
        .where('organization_id', '=', organizationId)
        .where('id', '=', customerId)
        .executeTakeFirst();
      if (!current) throw notFound('CUSTOMER_NOT_FOUND', 'Customer');
      if (move.toStageId !== null) await requireStageInBody(trx, organizationId, move.toStageId);
      if (move.chatId) await requireChat(trx, organizationId, move.chatId);
      await applyStageMove(this.deps, trx, organizationId, customerId, current.stage_id, move, now);
      return loadCustomerRecord(trx, organizationId, customerId);
    });
  }

  /** Newest move first. */
  async history(organizationId: string, customerId: string): Promise<StageHistoryEntry[]> {
    await requireCustomer(this.deps.db, organizationId, customerId);
    const rows = await this.deps.db
      .selectFrom('stage_history')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('customer_id', '=', customerId)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      customerId: r.customer_id,
      fromStageId: r.from_stage_id,
      toStageId: r.to_stage_id,
      stageOrder: r.stage_order,
      notes: r.notes,
      chatId: r.chat_id,
      movedByProfileId: r.moved_by_profile_id,
      createdAt: r.created_at,
    }));
  }
}
