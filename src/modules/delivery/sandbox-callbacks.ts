/**
 * A sandbox channel's simulated reports (delivered, read, a reply): the send that got them from the
 * channel enqueues each as a delayed `channels.scheduled_callback` job in the transaction that
 * records the send (chat-delivery.ts); provider-callbacks/ handles the job as if the vendor had
 * called. Here, on the sending side, so the chats do not import the callbacks module that imports them.
 */
import type { Executor } from '../../db/executor.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';

export const SCHEDULED_CALLBACK_JOB = 'channels.scheduled_callback';

/** Enqueues each sandbox callback as a delayed job, in the caller's transaction. */
export async function scheduleProviderCallbacks(
  trx: Executor,
  queue: AppJobQueue,
  channel: { organizationId: string; channelId: string },
  callbacks: { delayMs: number; body: string }[],
): Promise<void> {
  await queue.enqueueMany(
    trx,
    callbacks.map((callback) => ({
      type: SCHEDULED_CALLBACK_JOB,
      organizationId: channel.organizationId,
      payload: { channelId: channel.channelId, body: callback.body },
      delayMs: callback.delayMs,
    })),
  );
}
