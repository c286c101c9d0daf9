/**
 * Each claim of an Idempotency-Key gets its own random token (http/idempotency-store.ts). The
 * route's effect writes the key's answer in its own transaction only where the token is still its
 * own, so a request whose stale claim was taken over by a retry rolls its effect back instead of
 * committing it a second time. `created_at` could not serve: the heartbeat moves it. Rows claimed
 * before this migration have none and simply finish the old way (their answer stored at the end).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('claim_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('claim_token').execute();
}
