/**
 * Console sessions over time (DESIGN §8, docs/console.md): sliding expiry up to a maximum, the
 * housekeeping's purge, signing in again, the settings, and credentials kept out of the logs.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { hashSessionToken } from '../../src/access/sessions.js';
import { loadConfig } from '../../src/config.js';
import { purgeByRetention } from '../../src/modules/retention/retention.js';
import { createLogger } from '../../src/runtime.js';
import { describeEachDatabase } from '../support/harness.js';
import { PASSWORD, sessionCookieOf, signIn, signInRequest, signedInOrganization } from './support.js';

describeEachDatabase('console sessions: lifetime and logs', (env) => {
  it('replaces the session a browser already holds when it signs in again', async () => {
    const svc = await env.start();
    const { session } = await signedInOrganization(svc);
    const again = await signInRequest(svc, session.email, PASSWORD, session.cookie);
    assert.equal(again.statusCode, 200);
    const rows = await svc.db.selectFrom('sessions').select('token_hash').execute();
    assert.deepEqual(
      rows.map((r) => r.token_hash),
      [hashSessionToken(sessionCookieOf(again).value!)],
    );
    assert.equal((await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie })).statusCode, 401);
  });

  it('never writes the session cookie or the CSRF token to the logs, even when every request is logged', async () => {
    const lines: string[] = [];
    const destination = { write: (line: string) => void lines.push(line) };
    const logger = createLogger({ ...env.config(await env.database()), logLevel: 'debug' }, destination);
    const svc = await env.start({ logger, env: { LOG_LEVEL: 'debug' } });
    const { org, session } = await signedInOrganization(svc);
    await svc.inject({ method: 'POST', url: `/api/${org.organizationId}/tags`, headers: session.writeHeaders, payload: { name: 'a' } });
    const logged = lines.join('');
    assert.match(logged, /"url":"\/api\/[^"]+\/tags"/, 'requests are logged at debug');
    assert.ok(!logged.includes(session.token), 'the session token is not in the logs');
    assert.ok(!logged.includes(session.csrfToken), 'the CSRF token is not in the logs');
  });

  it('refuses an expired session (401) and ends an idle one, but keeps a used one alive up to its maximum', async () => {
    let now = Date.parse('2030-01-01T09:00:00Z');
    const clock = { now: () => new Date(now) };
    const svc = await env.start({ clock, env: { SESSION_TTL_HOURS: '2', SESSION_MAX_HOURS: '5' } });
    const { org, session } = await signedInOrganization(svc);
    const tags = () => svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags`, headers: session.cookie });
    const sessionRow = () => svc.db.selectFrom('sessions').selectAll().executeTakeFirstOrThrow();
    assert.equal((await sessionRow()).expires_at, '2030-01-01T11:00:00.000Z', 'idle limit from sign-in');
    assert.equal((await sessionRow()).max_expires_at, '2030-01-01T14:00:00.000Z');

    // Used every 90 minutes: each use pushes the end back (sliding), so it outlives the 2-hour idle limit…
    for (const at of ['10:30', '12:00', '13:30']) {
      now = Date.parse(`2030-01-01T${at}:00Z`);
      assert.equal((await tags()).statusCode, 200, `at ${at}`);
      await waitFor(async () => (await sessionRow()).last_used_at === new Date(now).toISOString());
    }
    assert.equal((await sessionRow()).expires_at, '2030-01-01T14:00:00.000Z', 'never past the maximum');
    // …but not its 5-hour maximum.
    now = Date.parse('2030-01-01T14:00:00Z');
    const expired = await tags();
    assert.equal(expired.statusCode, 401);
    assert.equal(expired.json().error.code, 'UNAUTHORIZED');
    assert.equal((await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie })).statusCode, 401);

    // A session left alone for longer than the idle limit ends.
    now = Date.parse('2030-01-02T09:00:00Z');
    const idle = await signIn(svc, session.email);
    now += 2 * 3_600_000 + 1;
    assert.equal((await svc.inject({ method: 'GET', url: '/auth/session', headers: idle.cookie })).statusCode, 401);
  });
});

describeEachDatabase('console sessions: housekeeping', (env) => {
  it('purges sessions past their expiry and keeps live ones', async () => {
    let now = Date.parse('2030-01-01T09:00:00Z');
    const svc = await env.start({ startWorker: false, clock: { now: () => new Date(now) }, env: { SESSION_TTL_HOURS: '1' } });
    const { session } = await signedInOrganization(svc);
    now += 30 * 60_000;
    const fresh = await signIn(svc, session.email);
    now += 31 * 60_000; // the first is 61 minutes idle, the second 31
    const purged = await purgeByRetention(svc.deps);
    assert.equal(purged.sessions, 1);
    const left = await svc.db.selectFrom('sessions').select('token_hash').execute();
    assert.deepEqual(
      left.map((r) => r.token_hash),
      [hashSessionToken(fresh.token)],
    );
  });
});

it('session settings: defaults, and a maximum shorter than the idle limit is refused naming the variable', () => {
  assert.deepEqual(loadConfig({}).sessions, {
    idleTtlMs: 12 * 3_600_000,
    maxLifetimeMs: 7 * 24 * 3_600_000,
    signInLimitPerEmail: 10,
    signInLimitPerIp: 100,
    signInWindowMs: 15 * 60_000,
    hostCookie: false,
  });
  // The __Host- cookie whenever the console is served over https, or in production.
  assert.equal(loadConfig({ PUBLIC_URL: 'https://chat.example.com' }).sessions.hostCookie, true);
  assert.equal(loadConfig({ PUBLIC_URL: 'HTTPS://chat.example.com/' }).sessions.hostCookie, true);
  assert.equal(loadConfig({ NODE_ENV: 'production' }).sessions.hostCookie, true);
  assert.equal(loadConfig({ PUBLIC_URL: 'http://chat.example.com' }).sessions.hostCookie, false);
  assert.throws(() => loadConfig({ SESSION_TTL_HOURS: '48', SESSION_MAX_HOURS: '24' }), /SESSION_MAX_HOURS/);
  assert.throws(() => loadConfig({ SESSION_TTL_HOURS: '0' }), /SESSION_TTL_HOURS/);
  assert.throws(() => loadConfig({ SIGN_IN_RATE_LIMIT_EMAIL: 'ten' }), /SIGN_IN_RATE_LIMIT_EMAIL/);
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail('condition not reached');
}
