/**
 * Sign-in attempts are limited per e-mail and per client IP (DESIGN §8, docs/console.md): in memory,
 * and shared by every service process through Redis.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import { createRuntime } from '../../src/runtime.js';
import { describeEachDatabase, TestService } from '../support/harness.js';
import { REDIS_URL, redisSkip, redisUp } from '../support/redis.js';
import { givePassword, PASSWORD } from './support.js';

describeEachDatabase('console sign-in limits', (env) => {
  it('limits attempts per e-mail address and per client IP (429 with Retry-After), counting every attempt', async () => {
    const svc = await env.start({ env: { SIGN_IN_RATE_LIMIT_EMAIL: '3', SIGN_IN_RATE_LIMIT_IP: '5' } });
    const org = await svc.seedOrganization();
    const email = await givePassword(svc, org);
    const from = (address: string, mail: string, password = 'wrong password!') =>
      svc.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: mail, password }, remoteAddress: address });

    // Per e-mail, from three addresses: the fourth attempt is refused, even with the right password.
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) assert.equal((await from(address, email)).statusCode, 401);
    const limited = await from('10.0.0.4', email.toUpperCase(), PASSWORD);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().error.code, 'RATE_LIMITED');
    assert.ok(Number(limited.headers['retry-after']) > 0 && Number(limited.headers['retry-after']) <= 15 * 60);
    assert.equal(limited.headers['set-cookie'], undefined);
    assert.equal((await from('10.0.0.4', 'someone-else@example.com')).statusCode, 401, 'another e-mail still counts apart');

    // Per IP, across e-mails: the sixth attempt from one address is refused.
    for (let i = 0; i < 5; i++) assert.equal((await from('10.0.0.9', `spray-${i}@example.com`)).statusCode, 401);
    const sprayed = await from('10.0.0.9', 'spray-5@example.com');
    assert.equal(sprayed.statusCode, 429);
    assert.ok(Number(sprayed.headers['retry-after']) > 0);
  });
});

describeEachDatabase('console sign-in limits across processes', (env) => {
  it(
    'counts attempts for one e-mail in Redis, shared by every service process',
    { skip: redisSkip('shared sign-in limit test') },
    async () => {
      assert.ok(redisUp, `TEST_REDIS_URL is set but Redis at ${REDIS_URL} is not reachable`);
      const config = env.config(await env.database(), { REDIS_URL, SIGN_IN_RATE_LIMIT_EMAIL: '3' });
      const runtimes = [
        await createRuntime(config, { logger: pino({ level: 'silent' }), startWorker: false }),
        await createRuntime(config, { logger: pino({ level: 'silent' }), startWorker: false }),
      ];
      try {
        const [a, b] = runtimes.map((runtime) => new TestService(runtime, config)) as [TestService, TestService];
        const org = await a.seedOrganization();
        const email = await givePassword(a, org);
        // Addresses of their own: counters in Redis outlive the test (15-minute windows).
        const address = () => `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
        const attempt = (service: TestService) =>
          service.inject({
            method: 'POST',
            url: '/auth/sign-in',
            payload: { email, password: 'wrong password!' },
            remoteAddress: address(),
          });
        assert.deepEqual([(await attempt(a)).statusCode, (await attempt(b)).statusCode, (await attempt(a)).statusCode], [401, 401, 401]);
        const limited = await attempt(b);
        assert.equal(limited.statusCode, 429, 'the fourth attempt, on the other process, is over the shared limit');
      } finally {
        for (const runtime of runtimes) await runtime.close(1000);
      }
    },
  );
});
