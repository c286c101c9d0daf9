/**
 * Deleting files inside a transaction: the rows go with the transaction, the bytes by the
 * `files.remove` job it enqueues, so they go only once the deletion committed, durably and
 * idempotently, with no file I/O inside the transaction. The one way a file is deleted (a
 * person's erasure, media downloaded for a message erased meanwhile).
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tenantQueries } from '../../db/tenant.js';
import type { AppJobQueue } from '../../jobs/job-payloads.js';

export const REMOVE_FILES_JOB = 'files.remove';

/** Deletes the organization's files among `fileIds`; returns how many there were. */
export async function deleteFilesIn(trx: Transaction<DB>, queue: AppJobQueue, organizationId: string, fileIds: string[]): Promise<number> {
  if (fileIds.length === 0) return 0;
  const files = await tenantQueries(trx, organizationId).deleteFrom('files').where('id', 'in', fileIds).returning('storage_key').execute();
  if (files.length === 0) return 0;
  await queue.enqueue(trx, { type: REMOVE_FILES_JOB, organizationId, payload: { storageKeys: files.map((f) => f.storage_key) } });
  return files.length;
}
