/**
 * The rate-limit rules (http/rate-limit.ts) on a bare Fastify app, without the service or a
 * database: what is limited (organization routes per credential, the send route per organization
 * and plan, callbacks per channel) and what is not, the 429's code,
 * message and headers, and Redis (shared counters; a dead Redis lets requests through). Written to
 * kill the mutants that survived `MUTATE_MODULES=rateLimits npm run mutate` (docs/testing.md); the
 * service-level checks stay in test/messages/rate-limit.test.ts.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Config } from '../../src/config.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';
import { callbackRateLimit, PLAN_SEND_LIMITS, registerRateLimits, sendRateLimit } from '../../src/http/rate-limit.js';
import { REDIS_URL, redisSkip } from '../support/redis.js';

/** The app: `x-cred` signs a request in as that credential; `x-org`/`x-plan` name the send target. */
async function limitedApp(options: { orgApiRateLimit?: number; redisUrl?: string } = {}) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  const warnings: string[] = [];
  await registerRateLimits(app, {
    config: { orgApiRateLimit: options.orgApiRateLimit ?? 3, redisUrl: options.redisUrl } as Config,
    logger: { warn: (_obj, msg) => void warnings.push(msg) },
  });
  const signIn = async (request: FastifyRequest) => {
    const credential = request.headers['x-cred'];
    if (typeof credential === 'string') request.principal = { via: 'api-key', credentialId: credential, profileId: 'p', scopes: ['*'] };
  };
  app.get('/api/things', { onRequest: signIn }, async () => ({ ok: true }));
  app.get('/admin/things', { onRequest: signIn }, async () => ({ ok: true }));
  app.get('/health', async () => ({ ok: true }));
  // As on the send route: the target (organization and plan) is resolved by the route's own
  // preHandler, so the limit must be counted after it, not at onRequest.
  const targets = new WeakMap<FastifyRequest, { organizationId: string; plan: string; sendLimitPerMinute: number | null }>();
  app.post(
    '/v1/send',
    {
      config: { rateLimit: sendRateLimit((request) => targets.get(request)) },
      preHandler: async (request) => {
        const org = request.headers['x-org'];
        if (typeof org === 'string')
          targets.set(request, {
            organizationId: org,
            plan: String(request.headers['x-plan']),
            sendLimitPerMinute: request.headers['x-own-limit'] ? Number(request.headers['x-own-limit']) : null,
          });
      },
    },
    async () => ({ sent: true }),
  );
  app.post(
    '/callbacks/:channelId',
    { config: { rateLimit: callbackRateLimit(2, (request) => (request.params as { channelId: string }).channelId) } },
    async () => ({ ok: true }),
  );
  await app.ready();
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string> = {}, payload: object = {}) =>
    app.inject({ method: 'POST', url, headers, payload });
  return { app, get, post, warnings };
}

function assertLimited(res: { statusCode: number; json(): any; headers: Record<string, unknown> }, what: string) {
  assert.equal(res.statusCode, 429, what);
  assert.equal(res.json().error.code, 'RATE_LIMITED');
  assert.match(res.json().error.message, /^Too many requests; retry in \d+ (seconds?|minutes?)$/);
  assert.ok(Number(res.headers['retry-after']) > 0);
}

describe('rate-limit rules', () => {
  it('limits organization routes per credential, and by address before a caller is known', async () => {
    const { app, get } = await limitedApp({ orgApiRateLimit: 3 });
    for (let i = 0; i < 3; i++) {
      const res = await get('/api/things', { 'x-cred': 'a' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['ratelimit-limit'], '3', 'the IETF draft header names');
      assert.equal(res.headers['ratelimit-remaining'], String(2 - i));
      assert.ok(res.headers['ratelimit-reset']);
    }
    assertLimited(await get('/api/things', { 'x-cred': 'a' }), 'the fourth of credential a');
    assert.equal((await get('/api/things', { 'x-cred': 'b' })).statusCode, 200, 'credential b counts apart');
    for (let i = 0; i < 3; i++) assert.equal((await get('/api/things')).statusCode, 200);
    assertLimited(await get('/api/things'), 'no caller: counted by address');
    const elsewhere = await app.inject({ method: 'GET', url: '/api/things', remoteAddress: '10.0.0.2' });
    assert.equal(elsewhere.statusCode, 200, 'another address without a caller counts apart');
    assert.equal((await get('/api/things', { 'x-cred': 'c' })).statusCode, 200, 'not by the address once a caller is known');
    await app.close();
  });

  it('keeps counts in the process without REDIS_URL, even where a Redis answers at the default address', async () => {
    // Two processes' limiters, no Redis configured: each counts alone (a limiter that used a local
    // Redis unasked would share the count, and the second would refuse at once).
    const first = await limitedApp({ orgApiRateLimit: 2 });
    const second = await limitedApp({ orgApiRateLimit: 2 });
    const credential = { 'x-cred': `shared-${randomUUID()}` };
    for (const { get } of [first, second]) {
      for (let i = 0; i < 2; i++) assert.equal((await get('/api/things', credential)).statusCode, 200);
      assertLimited(await get('/api/things', credential), 'the third in this process');
    }
    await first.app.close();
    await second.app.close();
  });

  it('does not limit routes outside /api/ (admin, health, unknown paths)', async () => {
    const { app, get } = await limitedApp({ orgApiRateLimit: 1 });
    for (let i = 0; i < 3; i++) {
      const admin = await get('/admin/things', { 'x-cred': 'a' });
      assert.equal(admin.statusCode, 200);
      assert.equal(admin.headers['ratelimit-limit'], undefined);
      assert.equal((await get('/health')).statusCode, 200);
      assert.equal((await get('/nowhere')).statusCode, 404);
    }
    await app.close();
  });

  it('limits the send route per organization by plan; an unknown plan or no organization gets the starter limit', async () => {
    const { app, post } = await limitedApp({ orgApiRateLimit: 1 });
    const sendAll = async (headers: Record<string, string>, count: number) => {
      for (let i = 0; i < count; i++) assert.equal((await post('/v1/send', headers)).statusCode, 200, `send ${i + 1}`);
    };
    for (const [plan, limit] of [
      ['starter', PLAN_SEND_LIMITS.starter],
      ['professional', PLAN_SEND_LIMITS.professional],
      ['no-such-plan', PLAN_SEND_LIMITS.starter],
    ] as const) {
      const headers = { 'x-org': randomUUID(), 'x-plan': plan };
      await sendAll(headers, limit!);
      const limited = await post('/v1/send', headers);
      assertLimited(limited, `${plan}: request ${limit! + 1}`);
      assert.equal(limited.headers['ratelimit-limit'], String(limit));
      assert.equal((await post('/v1/send', { ...headers, 'x-org': randomUUID() })).statusCode, 200, 'another organization counts apart');
    }
    assert.equal(PLAN_SEND_LIMITS.starter, 60);
    assert.equal(PLAN_SEND_LIMITS.professional, 300);
    assert.equal(PLAN_SEND_LIMITS.enterprise, 1000);
    await sendAll({}, 60);
    assertLimited(await post('/v1/send'), 'no target: by address, starter limit');
    // An organization's own limit overrides its plan's, either way.
    const own = { 'x-org': randomUUID(), 'x-plan': 'enterprise', 'x-own-limit': '2' };
    await sendAll(own, 2);
    const overLimit = await post('/v1/send', own);
    assertLimited(overLimit, 'own limit 2: the third');
    assert.equal(overLimit.headers['ratelimit-limit'], '2');
    await app.close();
  });

  it('limits callbacks per channel', async () => {
    const { app, post } = await limitedApp();
    for (let i = 0; i < 2; i++) assert.equal((await post('/callbacks/one')).statusCode, 200);
    assertLimited(await post('/callbacks/one'), 'the third callback of channel one');
    assert.equal((await post('/callbacks/two')).statusCode, 200, 'channel two counts apart');
    await app.close();
  });

  it(
    'shares counters through Redis, and serves without limits when Redis is down',
    { skip: redisSkip('Redis rate-limit rules') },
    async () => {
      const first = await limitedApp({ orgApiRateLimit: 2, redisUrl: REDIS_URL });
      const second = await limitedApp({ orgApiRateLimit: 2, redisUrl: REDIS_URL });
      const credential = randomUUID();
      assert.equal((await first.get('/api/things', { 'x-cred': credential })).statusCode, 200);
      assert.equal((await second.get('/api/things', { 'x-cred': credential })).statusCode, 200);
      assertLimited(await first.get('/api/things', { 'x-cred': credential }), 'two processes, one counter');
      await first.app.close();
      await second.app.close();

      const dead = await limitedApp({ orgApiRateLimit: 1, redisUrl: 'redis://127.0.0.1:1' });
      const started = Date.now();
      for (let i = 0; i < 2; i++)
        assert.equal((await dead.get('/api/things', { 'x-cred': 'a' })).statusCode, 200, 'not refused for want of Redis');
      assert.ok(Date.now() - started < 10_000, 'a bounded wait per request');
      assert.ok(dead.warnings.includes('rate-limit Redis connection error'), 'the failure is logged');
      await dead.app.close();
    },
  );
});
