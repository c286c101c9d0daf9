/**
 * Rate limits (DESIGN.md §4) with @fastify/rate-limit, fixed one-minute windows:
 * - organization routes (`/api/…`): per API key, `ORG_API_RATE_LIMIT` a minute (the key is known
 *   once the route's onRequest authentication ran, which comes first);
 * - the send endpoint: per organization, its own limit if an operator set one, else its plan's
 *   (its route config, `sendRateLimit`);
 * - provider callbacks: per channel, `CALLBACK_RATE_LIMIT` a minute (its route config, `callbackRateLimit`);
 * - console sign-in: not here; failures are throttled per e-mail and address in the database
 *   (access/sign-in-throttle.ts);
 * - everything else (admin, health, docs): not limited.
 * Counters live in Redis when REDIS_URL is set (shared by every process), else in memory.
 * Exceeded: 429 RATE_LIMITED with Retry-After; every limited answer carries RateLimit-Limit,
 * RateLimit-Remaining and RateLimit-Reset (IETF draft names).
 */
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

export const PLAN_SEND_LIMITS: Record<string, number> & { starter: number } = { starter: 60, professional: 300, enterprise: 1000 };
const WINDOW_MS = 60_000;

function rateLimited(after: string): AppError {
  return new AppError('RATE_LIMITED', `Too many requests; retry in ${after}`);
}

export async function registerRateLimits(
  app: FastifyInstance,
  deps: { config: Config; logger: { warn(obj: unknown, msg: string): void } },
): Promise<void> {
  let redis: Redis | undefined;
  if (deps.config.redisUrl) {
    // Loaded only when used: a process without Redis does not carry its client.
    const { Redis } = await import('ioredis');
    // One retry and a bounded wait per command: a slow Redis must not hold requests for long.
    redis = new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 });
    redis.on('error', (err) => deps.logger.warn({ err }, 'rate-limit Redis connection error'));
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: deps.config.orgApiRateLimit,
    timeWindow: WINDOW_MS,
    enableDraftSpec: true,
    redis,
    nameSpace: 'conversa-rl:',
    // Redis down: serve without limits rather than refuse everyone (logged by the error listener).
    skipOnError: true,
    keyGenerator: (request) => (request.principal ? `credential:${request.principal.credentialId}` : `ip:${request.ip}`),
    allowList: (request) => !(request.routeOptions.url ?? '').startsWith('/api/'),
    errorResponseBuilder: (_request, context) => rateLimited(context.after),
  });
}

export interface SendLimitTarget {
  organizationId: string;
  plan: string;
  /** The organization's own limit (`organizations.send_limit_per_minute`); null: the plan's. */
  sendLimitPerMinute: number | null;
}

/** Sends a minute the organization may make: its own limit if one is set, else its plan's. */
export function sendLimitOf(target: SendLimitTarget | undefined): number {
  return target?.sendLimitPerMinute ?? PLAN_SEND_LIMITS[target?.plan ?? 'starter'] ?? PLAN_SEND_LIMITS.starter;
}

/**
 * Route config for the send endpoint: counted per organization with its limit. `target` reads what
 * the route's earlier preHandler resolved (the channel's organization, plan and own limit), read
 * from the database on every send, so a limit set or cleared holds from the next send in every process.
 */
export function sendRateLimit(target: (request: FastifyRequest) => SendLimitTarget | undefined): RateLimitOptions {
  return {
    hook: 'preHandler',
    timeWindow: WINDOW_MS,
    allowList: () => false,
    keyGenerator: (request) => `send-org:${target(request)?.organizationId ?? `ip:${request.ip}`}`,
    max: (request) => sendLimitOf(target(request)),
  };
}

/**
 * Route config for the provider callback route: counted per channel (the id in the path, known at
 * onRequest, before the body is read), so one noisy or hostile sender cannot flood the others.
 */
export function callbackRateLimit(max: number, channelId: (request: FastifyRequest) => string): RateLimitOptions {
  return {
    hook: 'onRequest',
    timeWindow: WINDOW_MS,
    allowList: () => false,
    keyGenerator: (request) => `callback-channel:${channelId(request)}`,
    max,
  };
}
