/**
 * GET /auth/session and POST /auth/sign-out (DESIGN §8): the signed-in profile and its
 * organizations for a valid cookie, 401 otherwise; signing out deletes the session and clears the cookie.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { sessionCookieOf, signedInOrganization } from './support.js';
import { permissionsOf } from '../../src/access/permissions.js';

describeEachDatabase('console session and sign-out', (env) => {
  it('GET /auth/session answers the same as sign-in for a valid cookie, 401 for none, an unknown or an ended one', async () => {
    const svc = await env.shared();
    const { org, session } = await signedInOrganization(svc, 'Acme');
    const res = await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.profile.id, org.profileId);
    assert.deepEqual(data.organizations, [
      { id: org.organizationId, name: 'Acme', role: 'owner', permissions: permissionsOf('owner'), currency: 'BRL' },
    ]);
    assert.equal(data.csrfToken, session.csrfToken, 'the same CSRF token for the whole session');

    for (const headers of [{}, { cookie: 'conversa_session=' + 'A'.repeat(43) }, { cookie: 'other=1' }]) {
      const refused = await svc.inject({ method: 'GET', url: '/auth/session', headers });
      assert.equal(refused.statusCode, 401, JSON.stringify(headers));
      assert.equal(refused.json().error.code, 'UNAUTHORIZED');
    }
  });

  it('lists every organization the profile is a member of, with its role and its currency (BRL unless set)', async () => {
    const svc = await env.shared();
    const { org, session } = await signedInOrganization(svc, 'Beta');
    const other = await svc.services.tenancy.createOrganization({ name: 'Alpha', plan: 'starter', settings: { currency: 'EUR' } });
    await svc.services.tenancy.addMember(other.id, { profileId: org.profileId, role: 'agent' });
    await svc.seedOrganization({ name: 'Not mine' });
    const res = await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie });
    assert.deepEqual(res.json().data.organizations, [
      { id: other.id, name: 'Alpha', role: 'agent', permissions: permissionsOf('agent'), currency: 'EUR' },
      { id: org.organizationId, name: 'Beta', role: 'owner', permissions: permissionsOf('owner'), currency: 'BRL' },
    ]);
    // An owner sets the organization's currency (ISO 4217 letters); the console reads it from the session.
    const patch = (currency: string) =>
      svc.inject({ method: 'PATCH', url: `/api/${org.organizationId}/settings`, headers: org.keyHeader, payload: { currency } });
    assert.equal((await patch('usd')).statusCode, 400);
    assert.equal((await patch('USD')).statusCode, 200);
    const after = await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie });
    assert.equal(after.json().data.organizations.find((o: { id: string }) => o.id === org.organizationId).currency, 'USD');
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
});
