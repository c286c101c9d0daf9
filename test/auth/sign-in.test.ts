/**
 * Console sign-in (DESIGN §8): POST /auth/sign-in, GET /auth/session, POST /auth/sign-out, the
 * session cookie's attributes, expiry, and the limits on attempts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { hashSessionToken } from '../../src/access/sessions.js';
import { describeEachDatabase } from '../support/harness.js';
import { givePassword, PASSWORD, sessionCookieOf, signIn, signInRequest, signedInOrganization } from './support.js';

describeEachDatabase('console sign-in', (env) => {
  it('signs in with e-mail and password: an HttpOnly SameSite=Strict cookie on /, and the profile, its organizations and a CSRF token', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization({ name: 'Acme' });
    const email = await givePassword(svc, org);
    const res = await signInRequest(svc, email.toUpperCase(), PASSWORD);
    assert.equal(res.statusCode, 200, res.body);
    const cookie = sessionCookieOf(res);
    assert.equal(cookie.name, 'conversa_session');
    assert.match(cookie.value!, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'strict');
    assert.equal(cookie.path, '/');
    assert.equal(cookie.secure, undefined, 'plain http: not Secure');
    assert.equal(cookie.maxAge, 7 * 24 * 3600, 'the session maximum (SESSION_MAX_HOURS)');
    const data = res.json().data;
    assert.equal(data.profile.id, org.profileId);
    assert.equal(data.profile.email, email);
    assert.equal(data.profile.hasPassword, true);
    assert.equal(data.profile.passwordHash, undefined);
    assert.deepEqual(data.organizations, [{ id: org.organizationId, name: 'Acme', role: 'owner' }]);
    assert.match(data.csrfToken, /^[A-Za-z0-9_-]{43}$/);

    const stored = await svc.db.selectFrom('sessions').selectAll().execute();
    assert.equal(stored.length, 1);
    assert.equal(stored[0].token_hash, hashSessionToken(cookie.value!), 'only the SHA-256 of the token is stored');
    assert.notEqual(stored[0].token_hash, cookie.value);
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy, not when the header is spoofed', async () => {
    for (const [trustProxy, secure] of [
      ['127.0.0.1', true],
      ['false', undefined],
    ] as const) {
      const svc = await env.start({ env: { TRUST_PROXY: trustProxy } });
      const org = await svc.seedOrganization();
      const email = await givePassword(svc, org);
      const res = await signInRequest(svc, email, PASSWORD, { 'x-forwarded-proto': 'https' });
      assert.equal(res.statusCode, 200);
      assert.equal(sessionCookieOf(res).secure, secure, `TRUST_PROXY=${trustProxy}`);
    }
  });

  it('answers a wrong password, an unknown e-mail and a profile without a password with the same 401', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const email = await givePassword(svc, org);
    const noPassword = await svc.services.tenancy.createProfile({ name: 'Integration', email: 'bot@example.com' });
    const answers = [
      await signInRequest(svc, email, 'wrong password here'),
      await signInRequest(svc, 'nobody@example.com', PASSWORD),
      await signInRequest(svc, noPassword.email, PASSWORD),
    ];
    for (const res of answers) {
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { success: false, error: { code: 'UNAUTHORIZED', message: 'Wrong e-mail or password' } });
      assert.equal(res.headers['set-cookie'], undefined);
    }
    assert.equal((await svc.db.selectFrom('sessions').select('id').execute()).length, 0);
  });

  it('refuses bad input with the 400 envelope naming each field', async () => {
    const svc = await env.start();
    const cases: [unknown, string[]][] = [
      [{}, ['email', 'password']],
      [{ email: 'not an e-mail', password: 'x' }, ['email']],
      [{ email: 'a@example.com', password: '' }, ['password']],
      [{ email: 'a@example.com', password: 'x'.repeat(257) }, ['password']],
      [{ email: 'a@example.com', password: 12345678901234 }, ['password']],
      [{ email: 'a@example.com', password: 'long enough password', remember: true }, ['remember']],
    ];
    for (const [payload, fields] of cases) {
      const res = await svc.inject({ method: 'POST', url: '/auth/sign-in', payload: payload as never });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().error.code, 'VALIDATION_ERROR');
      assert.deepEqual(
        res
          .json()
          .error.details.map((d: { field: string }) => d.field)
          .sort(),
        fields,
        JSON.stringify(payload),
      );
    }
    const notJson = await svc.inject({
      method: 'POST',
      url: '/auth/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&password=x',
    });
    assert.equal(notJson.statusCode, 415, 'an HTML form (another site posting to us) is not a JSON body');
  });

  it('GET /auth/session answers the same as sign-in for a valid cookie, 401 for none, an unknown or an ended one', async () => {
    const svc = await env.start();
    const { org, session } = await signedInOrganization(svc, 'Acme');
    const res = await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.profile.id, org.profileId);
    assert.deepEqual(data.organizations, [{ id: org.organizationId, name: 'Acme', role: 'owner' }]);
    assert.equal(data.csrfToken, session.csrfToken, 'the same CSRF token for the whole session');

    for (const headers of [{}, { cookie: 'conversa_session=' + 'A'.repeat(43) }, { cookie: 'other=1' }]) {
      const refused = await svc.inject({ method: 'GET', url: '/auth/session', headers });
      assert.equal(refused.statusCode, 401, JSON.stringify(headers));
      assert.equal(refused.json().error.code, 'UNAUTHORIZED');
    }
  });

  it('lists every organization the profile is a member of, with its role', async () => {
    const svc = await env.start();
    const { org, session } = await signedInOrganization(svc, 'Beta');
    const other = await svc.services.tenancy.createOrganization({ name: 'Alpha', plan: 'starter' });
    await svc.services.tenancy.addMember(other.id, { profileId: org.profileId, role: 'member' });
    await svc.seedOrganization({ name: 'Not mine' });
    const res = await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie });
    assert.deepEqual(res.json().data.organizations, [
      { id: other.id, name: 'Alpha', role: 'member' },
      { id: org.organizationId, name: 'Beta', role: 'owner' },
    ]);
  });

  it('signs out: the session row is deleted, the cookie cleared, and the old cookie no longer works anywhere', async () => {
    const svc = await env.start();
    const { org, session } = await signedInOrganization(svc);
    const withoutToken = await svc.inject({ method: 'POST', url: '/auth/sign-out', headers: session.cookie });
    assert.equal(withoutToken.statusCode, 403, 'sign-out is state-changing: it needs the CSRF token');
    assert.equal(withoutToken.json().error.code, 'FORBIDDEN');

    const res = await svc.inject({ method: 'POST', url: '/auth/sign-out', headers: session.writeHeaders });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, data: {} });
    const cleared = sessionCookieOf(res);
    assert.equal(cleared.name, 'conversa_session');
    assert.equal(cleared.value, '');
    assert.equal(cleared.maxAge, 0);
    assert.equal(cleared.httpOnly, true);
    assert.equal(cleared.path, '/');
    assert.equal((await svc.db.selectFrom('sessions').select('id').execute()).length, 0, 'the row is gone');

    assert.equal((await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie })).statusCode, 401);
    const api = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags`, headers: session.cookie });
    assert.equal(api.statusCode, 401);
    const again = await svc.inject({ method: 'POST', url: '/auth/sign-out', headers: session.writeHeaders });
    assert.equal(again.statusCode, 200, 'signing out of an ended session is not an error');
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

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail('condition not reached');
}
