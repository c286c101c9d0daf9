import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import { createRuntime } from '../../src/runtime.js';
import { describeEachDatabase, TestService } from '../support/harness.js';
import { REDIS_URL, redisSkip, redisUp } from '../support/redis.js';
import { post } from './support.js';

function sendBody(channelId: string, i: number) {
  return { channel_id: channelId, to: `55119876${String(50000 + i)}`, type: 'text', content: { text: `n${i}` } };
}

describeEachDatabase('rate limits', (env) => {
  it('limits sends per organization by plan: the 61st of a starter organization in a minute is 429', async () => {
    const svc = await env.start({ listen: true });
    const starter = await svc.seedOrganization({ plan: 'starter', name: 'Starter' });
    const other = await svc.seedOrganization({ plan: 'starter', name: 'Other' });
    for (let i = 0; i < 60; i++) {
      // Spread over channels: the limit is the organization's, not the channel's.
      const channel = i % 2 === 0 ? starter.channels.whatsapp_zapi : starter.channels.whatsapp_waha;
      const res = await post(svc, '/v1/messages/send', sendBody(channel, i), starter.bearer);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.headers.get('ratelimit-limit'), '60');
      assert.equal(res.headers.get('ratelimit-remaining'), String(59 - i));
      assert.ok(res.headers.get('ratelimit-reset'));
    }
    const limited = await post(svc, '/v1/messages/send', sendBody(starter.channels.email, 0), {
      ...starter.bearer,
      'idempotency-key': 'after-limit',
    });
    assert.equal(limited.status, 429);
    assert.equal(limited.json.success, false);
    assert.equal(limited.json.error.code, 'RATE_LIMITED');
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    assert.equal(limited.headers.get('ratelimit-remaining'), '0');
    const kept = await svc.db.selectFrom('idempotency_keys').select('key').where('key', '=', 'after-limit').execute();
    assert.equal(kept.length, 0, 'a 429 is not kept as the idempotent answer');
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 60);
    // Another organization has its own budget.
    const fine = await post(svc, '/v1/messages/send', sendBody(other.channels.whatsapp_zapi, 1), other.bearer);
    assert.equal(fine.status, 201);
  });

  it('counts the send limit per organization, not per key: two keys of one starter organization share 60 a minute', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization({ plan: 'starter' });
    // A second key of the same organization: creating keys must not multiply the plan.
    const second = await svc.services.tenancy.createApiKey(org.profileId, { name: 'second', scopes: ['*'] });
    const bearers = [org.bearer, { authorization: `Bearer ${second.key}` }];
    for (let i = 0; i < 60; i++) {
      const res = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, i), bearers[i % 2]!);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.headers.get('ratelimit-remaining'), String(59 - i), 'both keys draw from one budget');
    }
    for (const bearer of bearers) {
      const limited = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, 99), bearer);
      assert.equal(limited.status, 429, 'the 61st send across both keys is refused, whichever key sends it');
      assert.equal(limited.json.error.code, 'RATE_LIMITED');
    }
    assert.equal((await svc.db.selectFrom('messages').select('id').execute()).length, 60);
  });

  it('uses the plan of the organization: professional allows 300', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization({ plan: 'professional' });
    const res = await post(svc, '/v1/messages/send', sendBody(org.channels.email, 0), org.bearer);
    assert.equal(res.headers.get('ratelimit-limit'), '300');
    const enterprise = await svc.seedOrganization({ plan: 'enterprise', name: 'Big' });
    const big = await post(svc, '/v1/messages/send', sendBody(enterprise.channels.email, 0), enterprise.bearer);
    assert.equal(big.headers.get('ratelimit-limit'), '1000');
  });

  it('limits organization routes per API key with ORG_API_RATE_LIMIT', async () => {
    const svc = await env.start({ listen: true, env: { ORG_API_RATE_LIMIT: '3' } });
    const org = await svc.seedOrganization();
    const url = `${svc.url}/api/${org.organizationId}/customers`;
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url, { headers: org.keyHeader });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('ratelimit-limit'), '3');
    }
    const limited = await fetch(url, { headers: org.keyHeader });
    assert.equal(limited.status, 429);
    assert.equal(((await limited.json()) as any).error.code, 'RATE_LIMITED');
    assert.ok(limited.headers.get('retry-after'));
    // Another key has its own budget; routes outside /api are not limited.
    const other = await svc.seedOrganization({ name: 'Other' });
    assert.equal((await fetch(`${svc.url}/api/${other.organizationId}/customers`, { headers: other.keyHeader })).status, 200);
    const health = await fetch(`${svc.url}/health`);
    assert.equal(health.headers.get('ratelimit-limit'), null);
  });

  it('shares one limit across two service processes through Redis', { skip: redisSkip('two-process rate-limit test') }, async () => {
    assert.ok(redisUp, `TEST_REDIS_URL is set but Redis at ${REDIS_URL} is not reachable: the Redis rate-limit test cannot run`);
    const database = await env.database();
    const config = env.config(database, { REDIS_URL });
    const runtimes = [
      await createRuntime(config, { logger: pino({ level: 'silent' }) }),
      await createRuntime(config, { logger: pino({ level: 'silent' }) }),
    ];
    try {
      const services = await Promise.all(
        runtimes.map(async (runtime) => {
          const service = new TestService(runtime, config);
          service.url = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
          return service;
        }),
      );
      const [a, b] = services as [TestService, TestService];
      const org = await a.seedOrganization({ plan: 'starter' });
      for (let i = 0; i < 60; i++) {
        const res = await post(i % 2 === 0 ? a : b, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, i), org.bearer);
        assert.equal(res.status, 201, res.text);
      }
      for (const service of [a, b]) {
        const limited = await post(service, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, 99), org.bearer);
        assert.equal(limited.status, 429);
        assert.equal(limited.json.error.code, 'RATE_LIMITED');
      }
    } finally {
      for (const runtime of runtimes) await runtime.close(1000);
    }
  });
});
