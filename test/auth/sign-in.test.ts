/**
 * Console sign-in (DESIGN §8): POST /auth/sign-in and the session cookie's attributes. The session
 * and sign-out: session-endpoints.test.ts; expiry and logs: session-lifetime.test.ts; limits on
 * attempts: sign-in-limits.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { hashSessionToken } from '../../src/access/sessions.js';
import { describeEachDatabase } from '../support/harness.js';
import { givePassword, PASSWORD, sessionCookieOf, signInRequest } from './support.js';
import { permissionsOf } from '../../src/access/permissions.js';

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
    assert.deepEqual(data.organizations, [
      { id: org.organizationId, name: 'Acme', role: 'owner', permissions: permissionsOf('owner'), currency: 'BRL' },
    ]);
    assert.match(data.csrfToken, /^[A-Za-z0-9_-]{43}$/);

    const stored = await svc.db.selectFrom('sessions').selectAll().execute();
    assert.equal(stored.length, 1);
    assert.equal(stored[0]!.token_hash, hashSessionToken(cookie.value!), 'only the SHA-256 of the token is stored');
    assert.notEqual(stored[0]!.token_hash, cookie.value);
  });

  it('marks the cookie Secure when the request came over https through a trusted proxy, not when the header is spoofed', async () => {
    const svc = await env.start({ env: { TRUST_PROXY: '127.0.0.1' } });
    const org = await svc.seedOrganization();
    const email = await givePassword(svc, org);
    const from = (remoteAddress: string) =>
      svc.inject({
        method: 'POST',
        url: '/auth/sign-in',
        payload: { email, password: PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
        remoteAddress,
      });
    const proxied = await from('127.0.0.1');
    assert.equal(proxied.statusCode, 200);
    assert.equal(sessionCookieOf(proxied).secure, true, 'the trusted proxy says https');
    const spoofed = await from('198.51.100.7');
    assert.equal(spoofed.statusCode, 200);
    assert.equal(sessionCookieOf(spoofed).secure, undefined, 'anyone else saying https is not believed');
  });

  it('sets a Secure __Host- cookie when PUBLIC_URL is https, even over plain http behind an untrusted proxy, and reads only it', async () => {
    const svc = await env.start({ listen: true, startWorker: false, env: { PUBLIC_URL: 'https://chat.example.com' } });
    const org = await svc.seedOrganization();
    const email = await givePassword(svc, org);
    const signIn = await fetch(`${svc.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert.equal(signIn.status, 200);
    const setCookie = signIn.headers.get('set-cookie')!;
    // __Host-: Secure, Path=/ and no Domain, or browsers refuse it.
    assert.match(setCookie, /^__Host-conversa_session=[A-Za-z0-9_-]{43}; /);
    const attributes = setCookie.split('; ').slice(1).sort();
    assert.deepEqual(attributes, ['HttpOnly', 'Max-Age=604800', 'Path=/', 'SameSite=Strict', 'Secure']);
    const token = setCookie.split(';')[0]!.split('=')[1];
    const session = (cookie: string) => fetch(`${svc.url}/auth/session`, { headers: { cookie } });
    assert.equal((await session(`__Host-conversa_session=${token}`)).status, 200, 'the name in use is read');
    assert.equal((await session(`conversa_session=${token}`)).status, 401, 'the other name is not');
    const { csrfToken } = (await signIn.json()).data;
    const out = await fetch(`${svc.url}/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: `__Host-conversa_session=${token}`, 'x-csrf-token': csrfToken },
    });
    assert.equal(out.status, 200);
    assert.match(
      out.headers.get('set-cookie')!,
      /^__Host-conversa_session=; Max-Age=0; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/,
    );
    const openapi = await (await fetch(`${svc.url}/openapi.json`)).json();
    assert.equal(openapi.components.securitySchemes.sessionCookie.name, '__Host-conversa_session');
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
    const svc = await env.shared();
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
});
