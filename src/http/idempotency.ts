/**
 * Idempotency keys (DESIGN.md §4), attached per route with `config: { idempotency: true }`.
 *
 * With an `Idempotency-Key` header, the first request under that key (per API key) runs and its
 * answer is kept for 24 h; the same key with the same body (method + path + body, keys sorted)
 * replays that answer with `Idempotent-Replayed: true`; a different body is 422
 * IDEMPOTENCY_KEY_REUSED; while the first is still running, 409 IDEMPOTENCY_KEY_IN_PROGRESS.
 *
 * Atomic with the effect: a route whose request changes something builds an `idempotentReply`
 * and hands its `record` to the service, which calls it inside every transaction that commits part
 * of the effect (the message stored, its outcome applied, the chat opened, the customer created),
 * with the answer the route gives if the request ends there. So once any effect committed, the key
 * holds an answer for it in the same commit, and a retry after any crash replays that answer
 * instead of running the effect again (http/idempotency-store.ts). The onSend hook then stores the
 * answer actually sent (the same one, or a 4xx of a request that changed nothing).
 *
 * Not kept: 5xx and 429 answers of a request that committed nothing (the key is released, so a
 * retry runs again: the failure said nothing final). While a first attempt runs, its process
 * refreshes the claim (a heartbeat every third of the stale time); one whose process died is taken
 * over once the claim is that stale (so within seconds) if it committed nothing, or replayed if it
 * did; a live slow request is never run a second time.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  onSendAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { IdempotencyStore, requestHash, type HeldClaim } from './idempotency-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route (http/idempotency.ts). */
    idempotency?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim?: RequestClaim;
  }
}

interface RequestClaim {
  held: HeldClaim;
  stopHeartbeat: () => void;
  /** Writes `status` and `body` as the key's outcome in `trx` (the effect's transaction). */
  record: (trx: Kysely<DB>, status: number, body: string) => Promise<void>;
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const MAX_KEY_LENGTH = 255;

/** Writes the route's answer for `result` as the key's outcome, inside the effect's own transaction `trx`. */
export type RecordOutcome<T> = (trx: Kysely<DB>, result: T) => Promise<void>;

export interface IdempotentReply<T> {
  /**
   * For the service: called in each transaction that commits part of the effect, with the result as
   * it stands at that commit. Undefined when the request has no Idempotency-Key.
   */
  record: RecordOutcome<T> | undefined;
  /** The answer for the final result (the same shape and status `record` stored). */
  send(result: T): FastifyReply;
}

/**
 * The answer of an idempotent route as one function of the service's result (`shape`, sent with
 * `status`), used both to record it in the effect's transaction and to send it.
 */
export function idempotentReply<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  shape: (result: T) => unknown,
): IdempotentReply<T> {
  const claim = request.idempotencyClaim;
  return {
    record: claim && ((trx, result) => claim.record(trx, status, serializedAnswer(reply, status, shape(result)))),
    send: (result) => reply.code(status).send(shape(result)),
  };
}

/** The body exactly as Fastify will send it: the route's response schema for `status`, or plain JSON without one. */
function serializedAnswer(reply: FastifyReply, status: number, payload: unknown): string {
  try {
    return reply.serializeInput(payload as Record<string, unknown>, String(status)) as string;
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_ERR_MISSING_SERIALIZATION_FN') return JSON.stringify(payload);
    throw err;
  }
}

function headerKey(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = ((Array.isArray(raw) ? raw[0] : raw) ?? '').trim();
  if (key === '' || key.length > MAX_KEY_LENGTH) {
    throw new AppError('VALIDATION_ERROR', 'The Idempotency-Key header is invalid', [
      { field: 'Idempotency-Key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` },
    ]);
  }
  return key;
}

export interface IdempotencyOptions {
  /** How long a claim may go without its heartbeat before it counts as its process's death (IDEMPOTENCY_STALE_MS). */
  staleMs?: number;
  /**
   * Tests only (TEST_CRASH_BEFORE_IDEMPOTENT_ANSWER): the process kills itself with SIGKILL after the
   * route's transactions committed and before its answer is stored or sent, the crash the atomic
   * record exists for.
   */
  crashBeforeAnswer?: boolean;
}

export function idempotencyHooks(store: IdempotencyStore, onError: (err: unknown) => void, options: IdempotencyOptions = {}) {
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
    const held: HeldClaim = { apiKeyId: principal.credentialId, key, token: claim.token };
    request.idempotencyClaim = {
      held,
      stopHeartbeat: store.keepAlive(held, onError),
      record: (trx, status, body) => store.record(trx, held, status, body),
    };
  };

  const onSend: onSendAsyncHookHandler<unknown> = async function (request, reply, payload) {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    claim.stopHeartbeat();
    if (options.crashBeforeAnswer) {
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined);
    }
    const status = reply.statusCode;
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      if (status >= 500 || status === 429 || body === undefined) await store.release(claim.held);
      else await store.complete(claim.held, status, body);
    } catch (err) {
      // The answer itself is fine; a key left open goes stale and is then taken over or replayed.
      onError(err);
    }
    return payload;
  };

  /** A reply that never went through onSend (the connection closed first): stop the heartbeat, free the key unless its effect committed. */
  const onResponse: onResponseAsyncHookHandler = async function (request) {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = undefined;
    claim.stopHeartbeat();
    await store.release(claim.held).catch(onError);
  };

  return { preHandler, onSend, onResponse };
}

/** Adds the hooks to every route registered afterwards with `config: { idempotency: true }`. */
export function registerIdempotency(
  app: FastifyInstance,
  deps: { db: Kysely<DB>; clock: Clock; logger: { warn(obj: unknown, msg: string): void } },
  options: IdempotencyOptions = {},
): void {
  const hooks = idempotencyHooks(
    new IdempotencyStore(deps.db, deps.clock, options.staleMs),
    (err) => deps.logger.warn({ err }, 'storing an idempotent answer failed'),
    options,
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
