/**
 * Idempotency keys (DESIGN.md §4), attached per route with `config: { idempotency: true }`.
 *
 * With an `Idempotency-Key` header, the first request under that key (per API key) runs and its
 * answer is kept for 24 h; the same key with the same body (method + path + body, keys sorted)
 * replays that answer with `Idempotent-Replayed: true`; a different body is 422
 * IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_PROGRESS.
 *
 * Not kept: 5xx and 429 answers (the key is released, so a retry runs again: the failure said
 * nothing final). While a first attempt runs, its process refreshes the claim (a heartbeat every
 * third of IN_PROGRESS_STALE_MS); one whose process died is taken over once the claim is that stale,
 * so within seconds, and a live slow request is never run a second time. The answer is stored after the route's own transaction, so a crash between
 * the two can re-run a request once the key goes stale (documented in docs/messaging.md).
 */
import { createHash } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route (http/idempotency.ts). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim?: { apiKeyId: string; key: string; stopHeartbeat: () => void };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A "running" claim not refreshed for this long belongs to a request that will never finish (its
 * process died): the same 15 s as a job's default lease. The request's process refreshes the claim's
 * `created_at` every third of it (the heartbeat), so a slow request keeps its key however long it runs.
 */
export const IN_PROGRESS_STALE_MS = 15_000;
const MAX_KEY_LENGTH = 255;

type Claim =
  { kind: 'new'; claimedAt: string } | { kind: 'replay'; status: number; body: string } | { kind: 'reused' } | { kind: 'in_progress' };

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
    };
    try {
      await this.db.insertInto('idempotency_keys').values(row).execute();
      return { kind: 'new', claimedAt: row.created_at };
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
    const stale = existing.state === 'running' && now.getTime() - Date.parse(existing.created_at) > this.staleMs;
    if (expired || (stale && existing.request_hash === input.hash)) {
      // Take over only if nobody else did meanwhile (the old row's created_at is our guard).
      const taken = await this.db
        .updateTable('idempotency_keys')
        .set({ ...row })
        .where('api_key_id', '=', input.apiKeyId)
        .where('key', '=', input.key)
        .where('created_at', '=', existing.created_at)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1 ? { kind: 'new', claimedAt: row.created_at } : { kind: 'in_progress' };
    }
    if (existing.request_hash !== input.hash) return { kind: 'reused' };
    if (existing.state === 'running') return { kind: 'in_progress' };
    return { kind: 'replay', status: existing.response_status ?? 200, body: existing.response_body ?? '' };
  }

  /**
   * The heartbeat of a running claim: refreshes its `created_at` every third of `staleMs` until
   * `stop()` (or until the claim is no longer the one this request made: completed, released or,
   * after a stall, taken over). Returns `stop`.
   */
  keepAlive(apiKeyId: string, key: string, claimedAt: string, onError: (err: unknown) => void): () => void {
    let current = claimedAt;
    const timer = setInterval(
      () => {
        const next = this.clock.now().toISOString();
        this.db
          .updateTable('idempotency_keys')
          .set({ created_at: next })
          .where('api_key_id', '=', apiKeyId)
          .where('key', '=', key)
          .where('state', '=', 'running')
          .where('created_at', '=', current)
          .executeTakeFirst()
          .then((result) => {
            if (Number(result.numUpdatedRows) === 1) current = next;
            else clearInterval(timer);
          }, onError);
      },
      Math.max(50, Math.floor(this.staleMs / 3)),
    );
    timer.unref();
    return () => clearInterval(timer);
  }

  async complete(apiKeyId: string, key: string, status: number, body: string): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ state: 'done', response_status: status, response_body: body })
      .where('api_key_id', '=', apiKeyId)
      .where('key', '=', key)
      .where('state', '=', 'running')
      .execute();
  }

  async release(apiKeyId: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('api_key_id', '=', apiKeyId)
      .where('key', '=', key)
      .where('state', '=', 'running')
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

function headerKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = (Array.isArray(raw) ? raw[0] : raw).trim();
  if (key === '' || key.length > MAX_KEY_LENGTH) {
    throw new AppError('VALIDATION_ERROR', 'The Idempotency-Key header is invalid', [
      { field: 'Idempotency-Key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` },
    ]);
  }
  return key;
}

export function idempotencyHooks(store: IdempotencyStore, onError: (err: unknown) => void) {
  const preHandler: preHandlerAsyncHookHandler = async function (request: FastifyRequest, reply: FastifyReply) {
    const key = headerKey(request);
    const principal = request.principal;
    if (key === undefined || !principal) return;
    const path = request.url.split('?')[0] ?? request.url;
    // Scoped to the credential: the API key, or for the console the session (its id in `api_key_id`).
    const claim = await store.claim({
      apiKeyId: principal.credentialId,
      key,
      scope: `${request.method} ${request.routeOptions.url ?? path}`,
      organizationId: principal.organizationId ?? null,
      hash: requestHash(request.method, path, request.body),
    });
    if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request');
    if (claim.kind === 'in_progress')
      throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 'A request with this Idempotency-Key is still running');
    if (claim.kind === 'replay') {
      return reply.code(claim.status).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(claim.body);
    }
    request.idempotencyClaim = {
      apiKeyId: principal.credentialId,
      key,
      stopHeartbeat: store.keepAlive(principal.credentialId, key, claim.claimedAt, onError),
    };
  };

  const onSend: onSendAsyncHookHandler<unknown> = async function (request, reply, payload) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    claim.stopHeartbeat();
    const status = reply.statusCode;
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      if (status >= 500 || status === 429 || body === undefined) await store.release(claim.apiKeyId, claim.key);
      else await store.complete(claim.apiKeyId, claim.key, status, body);
    } catch (err) {
      // The answer itself is fine; a key left "running" goes stale and is taken over later.
      onError(err);
    }
    return payload;
  };

  /** A reply that never went through onSend (the connection closed first): stop the heartbeat and free the key. */
  const onResponse: onResponseAsyncHookHandler = async function (request) {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = undefined;
    claim.stopHeartbeat();
    await store.release(claim.apiKeyId, claim.key).catch(onError);
  };

  return { preHandler, onSend, onResponse };
}

/** Adds the hooks to every route registered afterwards with `config: { idempotency: true }`. */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; logger: { warn(obj: unknown, msg: string): void } },
  options: { staleMs?: number } = {},
): void {
  const hooks = idempotencyHooks(new IdempotencyStore(deps.db, deps.clock, options.staleMs), (err) =>
    deps.logger.warn({ err }, 'storing an idempotent answer failed'),
  );
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotency) return;
    route.preHandler = [...toArray(route.preHandler), hooks.preHandler] as typeof route.preHandler;
    route.onSend = [...toArray(route.onSend), hooks.onSend] as typeof route.onSend;
    route.onResponse = [...toArray(route.onResponse), hooks.onResponse] as typeof route.onResponse;
  });
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
