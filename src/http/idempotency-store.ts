/**
 * The `idempotency_keys` table (DESIGN.md §4; the HTTP side is http/idempotency.ts). One row per
 * (API key, Idempotency-Key), in one of three states:
 *
 *   running    claimed by a request that has committed nothing yet;
 *   committed  the request's effect committed, and its transaction wrote the answer the route gives
 *              for it (`record`, called by the route's service inside that very transaction): from
 *              then on the request is never run again, whatever happens to its process;
 *   done       answered (the answer actually sent overwrites the recorded one: they are the same).
 *
 * A claim carries a random token. The effect's transaction writes the answer only where the token
 * is still its own, so a request whose claim was taken over (it stalled past the stale time and a
 * retry claimed the key) fails its transaction (409) and its effect is rolled back: only one of the
 * two ever commits.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim (running or committed) not refreshed for this long belongs to a request that will never
 * finish (its process died): the same 15 s as a job's default lease (IDEMPOTENCY_STALE_MS). The
 * request's process refreshes the claim's `created_at` every third of it (the heartbeat), so a slow
 * request keeps its key however long it runs.
 */
export const IN_PROGRESS_STALE_MS = 15_000;

export type Claim =
  { kind: 'new'; token: string } | { kind: 'replay'; status: number; body: string } | { kind: 'reused' } | { kind: 'in_progress' };

/** The claim a request holds: what every later write about its key is conditioned on. */
export interface HeldClaim {
  apiKeyId: string;
  key: string;
  token: string;
}

/** JSON with object keys sorted, so the same body written in another key order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonical(body)}`)
    .digest('hex');
}

const OPEN_STATES = ['running', 'committed'];

export class IdempotencyStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    readonly staleMs = IN_PROGRESS_STALE_MS,
  ) {}

  async claim(input: { apiKeyId: string; key: string; scope: string; organizationId: string | null; hash: string }): Promise<Claim> {
    const now = this.clock.now();
    const row = {
      api_key_id: input.apiKeyId,
      key: input.key,
      scope: input.scope,
      organization_id: input.organizationId,
      request_hash: input.hash,
      state: 'running',
      response_status: null,
      response_body: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
      claim_token: randomUUID(),
    };
    try {
      await this.db.insertInto('idempotency_keys').values(row).execute();
      return { kind: 'new', token: row.claim_token };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const existing = await this.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('api_key_id', '=', input.apiKeyId)
      .where('key', '=', input.key)
      .executeTakeFirst();
    if (!existing) return this.claim(input); // released between our insert and read
    const expired = existing.expires_at <= row.created_at;
    const sameRequest = existing.request_hash === input.hash;
    const stale = existing.state !== 'done' && now.getTime() - Date.parse(existing.created_at) > this.staleMs;
    // Only a claim that committed nothing may run again; an expired key is a new key.
    if (expired || (stale && sameRequest && existing.state === 'running')) {
      // Take over only if nobody else did meanwhile and the first did not commit meanwhile.
      const taken = await this.db
        .updateTable('idempotency_keys')
        .set({ ...row })
        .where('api_key_id', '=', input.apiKeyId)
        .where('key', '=', input.key)
        .where('created_at', '=', existing.created_at)
        .where('state', '=', existing.state)
        .where('claim_token', existing.claim_token === null ? 'is' : '=', existing.claim_token)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? { kind: 'new', token: row.claim_token } : { kind: 'in_progress' };
    }
    if (!sameRequest) return { kind: 'reused' };
    // A committed effect whose process died: its transaction's answer is the outcome.
    if (existing.state === 'done' || (existing.state === 'committed' && stale)) {
      return { kind: 'replay', status: existing.response_status ?? 200, body: existing.response_body ?? '' };
    }
    return { kind: 'in_progress' };
  }

  /**
   * The heartbeat of a held claim: refreshes its `created_at` every third of `staleMs` until `stop()`
   * (or until the claim is no longer this request's: answered, released or taken over). Returns `stop`.
   */
  keepAlive(claim: HeldClaim, onError: (err: unknown) => void): () => void {
    const timer = setInterval(
      () => {
        this.db
          .updateTable('idempotency_keys')
          .set({ created_at: this.clock.now().toISOString() })
          .where('api_key_id', '=', claim.apiKeyId)
          .where('key', '=', claim.key)
          .where('claim_token', '=', claim.token)
          .where('state', 'in', OPEN_STATES)
          .executeTakeFirst()
          .then((result) => {
            if (Number(result.numUpdatedRows) !== 1) clearInterval(timer);
          }, onError);
      },
      Math.max(50, Math.floor(this.staleMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * In the effect's own transaction (`trx`): `status` and `body` are the key's outcome from now on.
   * Throws 409 IDEMPOTENCY_KEY_IN_PROGRESS when the claim is no longer this request's (a retry took
   * it over), which rolls the effect back: the retry is the one that runs it.
   */
  async record(trx: Kysely<DB>, claim: HeldClaim, status: number, body: string): Promise<void> {
    const updated = await trx
      .updateTable('idempotency_keys')
      .set({ state: 'committed', response_status: status, response_body: body })
      .where('api_key_id', '=', claim.apiKeyId)
      .where('key', '=', claim.key)
      .where('claim_token', '=', claim.token)
      .where('state', 'in', OPEN_STATES)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 'This request stalled and a retry with the same Idempotency-Key took it over');
    }
  }

  /** The answer sent: kept for replays. */
  async complete(claim: HeldClaim, status: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: status, response_body: body })
      .where('api_key_id', '=', claim.apiKeyId)
      .where('key', '=', claim.key)
      .where('claim_token', '=', claim.token)
      .where('state', 'in', OPEN_STATES)
      .execute();
  }

  /**
   * No answer worth keeping (5xx, 429, none sent): a claim that committed nothing is released, so
   * the retry runs; one whose effect committed keeps the answer its transaction recorded, so the
   * retry gets that instead of running the effect again.
   */
  async release(claim: HeldClaim): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('api_key_id', '=', claim.apiKeyId)
      .where('key', '=', claim.key)
      .where('claim_token', '=', claim.token)
      .where('state', '=', 'running')
      .execute();
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done' })
      .where('api_key_id', '=', claim.apiKeyId)
      .where('key', '=', claim.key)
      .where('claim_token', '=', claim.token)
      .where('state', '=', 'committed')
      .execute();
  }
}

/**
 * Deletes keys past their 24 h, in batches of `batchSize` (the expires_at index serves it), at most
 * `maxBatches` of them. Run by the workers' retention housekeeping (modules/retention); without it
 * every answer ever kept would stay in the table.
 */
export async function purgeExpiredIdempotencyKeys(db: Kysely<DB>, now: Date, batchSize = 5000, maxBatches = Infinity): Promise<number> {
  let purged = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const expired = await db
      .selectFrom('idempotency_keys')
      .select(['api_key_id', 'key'])
      .where('expires_at', '<=', now.toISOString())
      .limit(batchSize)
      .execute();
    if (expired.length === 0) return purged;
    // Counted as deleted, not as read: another worker purging at the same time took the rest.
    const deleted = await db
      .deleteFrom('idempotency_keys')
      .where('expires_at', '<=', now.toISOString())
      .where((eb) => eb.or(expired.map((row) => eb.and([eb('api_key_id', '=', row.api_key_id), eb('key', '=', row.key)]))))
      .executeTakeFirst();
    purged += Number(deleted.numDeletedRows);
    if (expired.length < batchSize) return purged;
  }
  return purged;
}
