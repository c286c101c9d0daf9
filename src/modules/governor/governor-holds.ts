/**
 * A held message, durably: `held_until`/`held_reason` on the pending message (the channel's queue,
 * GET …/governor) and a job that runs at `held_until`. A request's message is handed to a
 * `messages.send` job at that time (the same conditional hand-over as a retryable failure, so it
 * goes to exactly one job); a job's message is held by rescheduling that very job (the caller
 * throws `heldJob`), which keeps the job's own follow-up (a sequence's next step, a flow's run).
 * Nothing waits in memory: a crash loses no held message.
 */
import type { Kysely } from 'kysely';
import { ProviderError } from '../../channels/provider.js';
import type { Executor } from '../../db/executor.js';
import type { DB } from '../../db/schema.js';
import type { TransactionBatcher } from '../../db/transaction-batcher.js';
import type { Clock } from '../../lib/clock.js';
import { tenantQueries } from '../../db/tenant.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import { RetryJobError } from '../../jobs/types.js';
import { retrySendLater } from '../messages/index.js';
import type { HoldReason } from './governor.js';

export async function markHeld(trx: Executor, organizationId: string, messageId: string, untilMs: number, reason: HoldReason) {
  await tenantQueries(trx, organizationId)
    .updateTable('messages')
    .set({ held_until: new Date(untilMs).toISOString(), held_reason: reason })
    .where('id', '=', messageId)
    .where('status', '=', 'pending')
    .execute();
}

/** A request's message held: marked, and handed to a send job due at `untilMs`, in the caller's transaction. */
export async function holdForLater(
  trx: Executor,
  queue: AppJobQueue,
  organizationId: string,
  messageId: string,
  hold: { untilMs: number; reason: HoldReason },
  nowMs: number,
) {
  await markHeld(trx, organizationId, messageId, hold.untilMs, hold.reason);
  await retrySendLater(trx, queue, organizationId, messageId, Math.max(0, hold.untilMs - nowMs));
}

/** What a job throws for a held message: rescheduled to `untilMs` without spending one of its attempts. */
export function heldJob(hold: { untilMs: number; reason: HoldReason }, nowMs: number): RetryJobError {
  return new RetryJobError(
    `held by the governor until ${new Date(hold.untilMs).toISOString()} (${hold.reason})`,
    Math.max(0, hold.untilMs - nowMs),
    {
      attempt: false,
    },
  );
}

/**
 * ChatDelivery's hold of a message at hand-over: a request's goes to a send job due at the release
 * and answers `pending` (recorded in the request's transaction, `onOutcome`); a job's run is
 * rescheduled to it (this throws `heldJob`), so the job's own follow-up is kept.
 */
export async function holdMessage(
  deps: { db: Kysely<DB>; batcher: TransactionBatcher; queue: AppJobQueue; clock: Clock },
  target: { organizationId: string },
  message: { id: string },
  from: 'request' | 'job',
  hold: { untilMs: number; reason: HoldReason },
  onOutcome?: (trx: Kysely<DB>, outcome: { status: 'pending'; error: ProviderError }) => Promise<void>,
): Promise<{ status: 'pending'; error: ProviderError }> {
  const now = deps.clock.now().getTime();
  const error = new ProviderError('HELD_BY_GOVERNOR', `held until ${new Date(hold.untilMs).toISOString()} (${hold.reason})`, true);
  if (from === 'job') {
    await markHeld(deps.db, target.organizationId, message.id, hold.untilMs, hold.reason);
    throw heldJob(hold, now);
  }
  await deps.batcher.run(async (trx) => {
    await holdForLater(trx, deps.queue, target.organizationId, message.id, hold, now);
    await onOutcome?.(trx, { status: 'pending', error });
  });
  return { status: 'pending', error };
}
