/**
 * Failed sign-ins are throttled per (e-mail, client address) pair and per client address, never per
 * e-mail alone (DESIGN §14, docs/security.md "The HTTP edge"): an attacker failing from one address
 * does not lock the agent out from another. Counted in the database, shared by every process, on the
 * service's clock (the window passes without sleeping).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import type { Clock } from '../../src/lib/clock.js';
import { createRuntime } from '../../src/runtime.js';
import { describeEachDatabase, TestService } from '../support/harness.js';
import { givePassword, PASSWORD } from './support.js';

/** A clock the test moves. */
function testClock(): Clock & { advance(ms: number): void } {
  let now = Date.parse('2026-03-01T12:00:00.000Z');
  return { now: () => new Date(now), advance: (ms) => void (now += ms) };
}

function attempts(svc: TestService) {
  return (address: string, email: string, password = 'wrong password!') =>
    svc.inject({ method: 'POST', url: '/auth/sign-in', payload: { email, password }, remoteAddress: address });
}

function assertThrottled(res: Awaited<ReturnType<ReturnType<typeof attempts>>>, maxSeconds: number, why: string) {
  assert.equal(res.statusCode, 429, `${why}: ${res.body}`);
  assert.equal(res.json().success, false);
  assert.equal(res.json().error.code, 'RATE_LIMITED');
  const retryAfter = Number(res.headers['retry-after']);
  assert.ok(retryAfter > 0 && retryAfter <= maxSeconds, `Retry-After ${res.headers['retry-after']}`);
  assert.equal(res.headers['set-cookie'], undefined);
}

describeEachDatabase('console sign-in throttle', (env) => {
  it('an attacker failing from one address throttles that pair only: the agent signs in from another; the window ends', async () => {
    const clock = testClock();
    const svc = await env.start({ clock, startWorker: false });
    const org = await svc.seedOrganization();
    const email = await givePassword(svc, org);
    const from = attempts(svc);

    // Ten failures (the default limit) from the attacker's address; the eleventh is refused, even with the right password.
    for (let i = 0; i < 10; i++) assert.equal((await from('203.0.113.7', email)).statusCode, 401, `failure ${i + 1}`);
    assertThrottled(await from('203.0.113.7', email.toUpperCase(), PASSWORD), 15 * 60, "the attacker's pair, the 11th try");
    for (let i = 0; i < 5; i++) assertThrottled(await from('203.0.113.7', email), 15 * 60, 'still throttled');

    // The agent, from their own address, is not locked out.
    const agent = await from('198.51.100.20', email, PASSWORD);
    assert.equal(agent.statusCode, 200, agent.body);
    assert.ok(agent.headers['set-cookie']);

    // 14 minutes later still throttled, with the seconds left; after the window the pair may try again.
    clock.advance(14 * 60_000);
    assertThrottled(await from('203.0.113.7', email), 60, 'a minute of the window left');
    clock.advance(60_000);
    assert.equal((await from('203.0.113.7', email)).statusCode, 401, 'the window has ended: a new try is checked');
    assert.equal((await from('203.0.113.7', email, PASSWORD)).statusCode, 200);
  });

  it('caps failures per address across e-mails (spraying), looser than per pair; a success does not count', async () => {
    const clock = testClock();
    const svc = await env.start({ clock, startWorker: false, env: { SIGN_IN_RATE_LIMIT_EMAIL: '2', SIGN_IN_RATE_LIMIT_IP: '5' } });
    const org = await svc.seedOrganization();
    const email = await givePassword(svc, org);
    const from = attempts(svc);

    // Successes from an address take their count back: signing in often is not failing.
    for (let i = 0; i < 6; i++) assert.equal((await from('10.0.0.1', email, PASSWORD)).statusCode, 200);
    // A success clears the pair: a failure, a success, then two failures again are all checked.
    for (const expected of [401, 200, 401, 401]) {
      const password = expected === 200 ? PASSWORD : 'nope nope nope';
      assert.equal((await from('10.0.0.2', email, password)).statusCode, expected);
    }
    assertThrottled(await from('10.0.0.2', email), 15 * 60, 'the pair, after two failures');

    // Spraying from one address: five failures over five e-mails, the sixth refused whatever the e-mail.
    for (let i = 0; i < 5; i++) assert.equal((await from('10.0.0.9', `spray-${i}@example.com`)).statusCode, 401);
    assertThrottled(await from('10.0.0.9', 'spray-5@example.com'), 15 * 60, 'the address, across e-mails');
    assertThrottled(await from('10.0.0.9', email, PASSWORD), 15 * 60, 'the address, even for a right password');
    assert.equal((await from('10.0.0.8', email, PASSWORD)).statusCode, 200, 'that address alone is refused');
    clock.advance(15 * 60_000);
    assert.equal((await from('10.0.0.9', email, PASSWORD)).statusCode, 200, 'after the window');

    // The rows hold hashes, never an e-mail or an address; the housekeeping purges ended windows.
    const keys = (await svc.db.selectFrom('sign_in_throttles').select('key').execute()).map((row) => row.key);
    assert.ok(keys.length > 0 && keys.every((key) => /^(pair|address):[0-9a-f]{64}$/.test(key)), keys.join());
    clock.advance(15 * 60_000);
    const { purgeByRetention } = await import('../../src/modules/retention/retention.js');
    const purged = await purgeByRetention(svc.deps);
    assert.ok(purged.sign_in_throttles > 0);
    assert.equal((await svc.db.selectFrom('sign_in_throttles').select('key').execute()).length, 0);
  });

  it('counts in the database, shared by every service process', async () => {
    const clock = testClock();
    const config = env.config(await env.database(), { SIGN_IN_RATE_LIMIT_EMAIL: '3' });
    const runtimes = [
      await createRuntime(config, { logger: pino({ level: 'silent' }), startWorker: false, clock }),
      await createRuntime(config, { logger: pino({ level: 'silent' }), startWorker: false, clock }),
    ];
    try {
      const [a, b] = runtimes.map((runtime) => new TestService(runtime, config)) as [TestService, TestService];
      const org = await a.seedOrganization();
      const email = await givePassword(a, org);
      const statuses = [];
      for (const svc of [a, b, a, b]) statuses.push((await attempts(svc)('10.1.2.3', email)).statusCode);
      assert.deepEqual(statuses, [401, 401, 401, 429], 'the fourth failure, on the other process, is over the shared limit');
    } finally {
      for (const runtime of runtimes) await runtime.close(1000);
    }
  });
});
