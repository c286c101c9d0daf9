/**
 * The CRM funnel (endpoint 16): a customer is in at most one stage, at an order within it. Every
 * move is kept in stage_history (who, from where, to where, when, with the notes and chat given)
 * and fires `customer.stage_changed`.
 */
import type { AppDeps } from '../../deps.js';
import { tenantQueries } from '../../db/tenant.js';
import { newId } from '../../lib/ids.js';
import { loadCustomerRecord, type CustomerRecord } from './customer-record.js';
import { notFound } from '../../errors.js';
import { requireChat, requireCustomer, requireStageInBody } from './references.js';
import { LOG_TIME, orgContext, type OrgContext } from '../shared/index.js';

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
export async function insertStageHistory(ctx: OrgContext, customerId: string, fromStageId: string | null, move: StageMove) {
  const entry = {
    id: newId(),
    organization_id: ctx.organizationId,
    customer_id: customerId,
    from_stage_id: fromStageId,
    to_stage_id: move.toStageId,
    stage_order: move.stageOrder ?? null,
    notes: move.notes ?? null,
    chat_id: move.chatId ?? null,
    moved_by_profile_id: move.movedByProfileId ?? null,
    created_at: ctx.now,
  };
  await ctx.trx.insertInto('stage_history').values(entry).execute();
  return entry;
}

/** Writes a move in the caller's transaction; the stage (if any) must already be checked. */
export async function applyStageMove(ctx: OrgContext, customerId: string, fromStageId: string | null, move: StageMove): Promise<void> {
  const stageOrder = move.toStageId === null ? null : (move.stageOrder ?? null);
  if (fromStageId === move.toStageId) {
    // Not a move (the same stage, or none to none): no history row, no event; a given order is kept.
    if (move.toStageId !== null && move.stageOrder !== undefined) {
      await ctx.q.updateTable('customers').set({ stage_order: stageOrder, updated_at: ctx.now }).where('id', '=', customerId).execute();
    }
    return;
  }
  await ctx.q
    .updateTable('customers')
    .set({ stage_id: move.toStageId, stage_order: stageOrder, updated_at: ctx.now })
    .where('id', '=', customerId)
    .execute();
  const entry = await insertStageHistory(ctx, customerId, fromStageId, { ...move, stageOrder });
  await ctx.emit(
    'customer.stage_changed',
    {
      customer_id: customerId,
      from_stage_id: fromStageId,
      to_stage_id: move.toStageId,
      stage_order: stageOrder,
      notes: entry.notes,
      chat_id: entry.chat_id,
      moved_by_profile_id: entry.moved_by_profile_id,
    },
    LOG_TIME,
  );
}

export class CustomerStageService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'events' | 'clock'>) {}

  async move(organizationId: string, customerId: string, move: StageMove): Promise<CustomerRecord> {
    return this.deps.db.transaction().execute(async (trx) => {
      const ctx = orgContext(this.deps, trx, organizationId);
      await this.moveIn(ctx, customerId, move);
      return loadCustomerRecord(ctx.q, customerId);
    });
  }

  /** A move in the caller's transaction (a flow step): the same checks, history and event as the endpoint. */
  async moveIn(ctx: OrgContext, customerId: string, move: StageMove): Promise<void> {
    const current = await ctx.q.selectFrom('customers').select('stage_id').where('id', '=', customerId).executeTakeFirst();
    if (!current) throw notFound('CUSTOMER_NOT_FOUND', 'Customer');
    if (move.toStageId !== null) await requireStageInBody(ctx.q, move.toStageId);
    if (move.chatId) await requireChat(ctx.q, move.chatId);
    await applyStageMove(ctx, customerId, current.stage_id, move);
  }

  /** Newest move first. */
  async history(organizationId: string, customerId: string): Promise<StageHistoryEntry[]> {
    const q = tenantQueries(this.deps.db, organizationId);
    await requireCustomer(q, customerId);
    const rows = await q.selectFrom('stage_history').selectAll().where('customer_id', '=', customerId).orderBy('id', 'desc').execute();
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
