/**
 * Row leases: one process at a time works on a row (an event sink, an IMAP mailbox) by holding a
 * lease on it, `lease_owner` until `lease_expires_at`. A lease is taken when the row is free, already
 * ours, or its holder let it expire (a process that died holds nothing for longer than the lease);
 * the holder renews it while working and releases its leases when it stops. The rule lives here
 * once; each runner names its table and key.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from './schema.js';

/** Tables whose rows are leased. */
export type LeasedTable = 'event_sinks' | 'imap_mailboxes';

/** The columns that give the row to `owner` for `leaseMs` from `now`. */
export function leasedTo(owner: string, now: Date, leaseMs: number): { lease_owner: string; lease_expires_at: string } {
  return { lease_owner: owner, lease_expires_at: new Date(now.getTime() + leaseMs).toISOString() };
}

/** The condition under which `owner` may take or renew the lease at `now`: free, ours, or expired. */
export function leaseTakeable(owner: string, now: Date) {
  return sql<SqlBool>`(lease_owner is null or lease_owner = ${owner} or lease_expires_at < ${now.toISOString()})`;
}

/** Whether a row's lease is held by someone at `now` (what a status page shows). */
export function leaseHeld(row: { lease_owner: string | null; lease_expires_at: string | null }, now: Date): boolean {
  return row.lease_owner !== null && row.lease_expires_at !== null && row.lease_expires_at > now.toISOString();
}

/** Gives back every lease `owner` holds on `table` (a stopping process), so others need not wait for expiry. */
export async function releaseLeases(db: Kysely<DB>, table: LeasedTable, owner: string): Promise<void> {
  await db.updateTable(table).set({ lease_owner: null, lease_expires_at: null }).where('lease_owner', '=', owner).execute();
}
