/**
 * The pending outbound message is its own outbox (migration 0006). A send request stores the
 * message with `send_due_at` a little in the future and clears it when it applies the provider's
 * answer (message-updates.ts: every status change clears it). Whatever still has it set when it
 * falls due belongs to a request that never finished, and a worker's sweep hands it to a
 * `messages.send` job. A request whose provider failed in a retryable way hands its message over at
 * once. Either way the hand-over clears the column with a conditional UPDATE, so a message goes to
 * exactly one job even when several workers sweep at the same time.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';
import type { Executor } from '../../db/executor.js';
import { tenantQueries } from '../../db/tenant.js';

export const SEND_JOB = 'messages.send';

/**
 * The send's timings, from the configuration, derived in this one place. Every provider call (a
 * request's and a job's) ends by `timeoutMs`: the caller's signal aborts the provider's I/O (fetch,
 * the SMTP connection) and the caller stops waiting. The sweep takes a request's message over only
 * `handOverAfterMs` after it was stored: the deadline plus a margin for the request to commit its
 * outcome (and for clock skew between the API host that stored it and the worker that sweeps). So
 * when a message is handed over its first provider call has already ended: the job never sends
 * while the request's call may still get through. (A relay that accepted the message but whose
 * answer came too late stays the documented at-least-once case.)
 */
export interface SendTimings {
  timeoutMs: number;
  handOverAfterMs: number;
}

export function sendTimings(config: { sendTimeoutMs: number; sendHandoverMarginMs: number }): SendTimings {
  return { timeoutMs: config.sendTimeoutMs, handOverAfterMs: config.sendTimeoutMs + config.sendHandoverMarginMs };
}
/** How often each worker sweeps for due sends, and how many it hands over per statement. */
export const SEND_SWEEP_INTERVAL_MS = 1000;
const SWEEP_BATCH = 200;

async function enqueueSends(
  trx: Executor,
  queue: AppJobQueue,
  messages: { id: string; organization_id: string }[],
  delayMs: number,
): Promise<void> {
  await queue.enqueueMany(
    trx,
    messages.map((message) => ({
      type: SEND_JOB,
      organizationId: message.organization_id,
      payload: { messageId: message.id },
      delayMs,
    })),
  );
}

/** A request's retryable failure: the message goes to a send job that retries after `delayMs`. */
export async function retrySendLater(
  trx: Executor,
  queue: AppJobQueue,
  organizationId: string,
  messageId: string,
  delayMs: number,
): Promise<void> {
  const claimed = await tenantQueries(trx, organizationId)
    .updateTable('messages')
    .set({ send_due_at: null })
    .where('id', '=', messageId)
    .where('send_due_at', 'is not', null)
    .returning(['id', 'organization_id'])
    .execute();
  await enqueueSends(trx, queue, claimed, delayMs);
}

/**
 * The sweep (a worker housekeeping task): every message due for hand-over goes to a send job now.
 * The outer `send_due_at <= now` is what makes it safe in parallel: on PostgreSQL a second sweeper
 * blocked on the same rows re-checks it after the first commits, finds the column cleared and skips them.
 */
export async function handOverDueSends(db: Kysely<DB>, queue: AppJobQueue, now: Date): Promise<number> {
  const due = now.toISOString();
  let handedOver = 0;
  for (;;) {
    const claimed = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .updateTable('messages')
        .set({ send_due_at: null })
        .where('send_due_at', '<=', due)
        .where('id', 'in', (eb) =>
          eb.selectFrom('messages').select('id').where('send_due_at', '<=', due).orderBy('send_due_at').limit(SWEEP_BATCH),
        )
        .returning(['id', 'organization_id'])
        .execute();
      await enqueueSends(trx, queue, rows, 0);
      return rows.length;
    });
    handedOver += claimed;
    if (claimed < SWEEP_BATCH) return handedOver;
  }
}
