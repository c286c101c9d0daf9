/**
 * The session cookie's boundaries on the public API (DESIGN §8): requests with an API key are
 * unaffected, one organization's agent reaches nothing of another's, leaving an organization or a
 * password change ends access, and the whole round trip works over real HTTP.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { PASSWORD, signedInOrganization } from './support.js';

const TAG = { name: 'vip', color: '#ff0000' };

describeEachDatabase('console session on the public API: boundaries', (env) => {
  it('leaves API-key requests as they were: a key wins over a cookie, needs no CSRF token, keeps its scopes', async () => {
    const svc = await env.shared();
    const { org, session } = await signedInOrganization(svc);
    const url = `/api/${org.organizationId}/tags`;
    const withKey = await svc.inject({ method: 'POST', url, headers: org.keyHeader, payload: TAG });
    assert.equal(withKey.statusCode, 201, 'a key needs no CSRF token');
    const keyAndCookie = await svc.inject({
      method: 'POST',
      url,
      headers: { ...org.keyHeader, ...session.cookie },
      payload: { ...TAG, name: 'b' },
    });
    assert.equal(keyAndCookie.statusCode, 201, 'with a key the cookie is ignored, CSRF too');
    const badKeyGoodCookie = await svc.inject({ method: 'GET', url, headers: { 'x-api-key': 'cnv_unknown', ...session.cookie } });
    assert.equal(badKeyGoodCookie.statusCode, 401, 'a key, once sent, is what authenticates');
    const readOnly = (await svc.admin('POST', `/profiles/${org.profileId}/api-keys`, { scopes: ['tags:read'] })).json().data.key;
    const scoped = await svc.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': readOnly, ...session.writeHeaders },
      payload: { ...TAG, name: 'c' },
    });
    assert.equal(scoped.statusCode, 403, "the key's scopes apply even beside a session cookie");
    const bearer = await svc.inject({
      method: 'POST',
      url: '/v1/messages/send',
      headers: org.bearer,
      payload: { channel_id: org.channels.email, to: 'ana@example.com', type: 'text', content: { text: 'Hi' } },
    });
    assert.equal(bearer.statusCode, 201, bearer.body);
  });

  it("keeps an agent of organization A out of organization B: 403 on B's routes, 404 for B's records through A's", async () => {
    const svc = await env.shared();
    const a = await signedInOrganization(svc, 'A');
    const b = await svc.seedOrganization({ name: 'B' });
    const bTag = await svc.inject({ method: 'POST', url: `/api/${b.organizationId}/tags`, headers: b.keyHeader, payload: TAG });
    const bTagId = bTag.json().data.id;

    const read = await svc.inject({ method: 'GET', url: `/api/${b.organizationId}/tags`, headers: a.session.cookie });
    assert.equal(read.statusCode, 403);
    assert.equal(read.json().error.code, 'FORBIDDEN');
    const write = await svc.inject({
      method: 'DELETE',
      url: `/api/${b.organizationId}/tags/${bTagId}`,
      headers: a.session.writeHeaders,
    });
    assert.equal(write.statusCode, 403);
    const unknownOrg = await svc.inject({
      method: 'GET',
      url: '/api/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f/tags',
      headers: a.session.cookie,
    });
    assert.equal(unknownOrg.statusCode, 404);
    const throughOwn = await svc.inject({
      method: 'DELETE',
      url: `/api/${a.org.organizationId}/tags/${bTagId}`,
      headers: a.session.writeHeaders,
    });
    assert.equal(throughOwn.statusCode, 404, "B's tag through A's path is not found");
    const send = await svc.inject({
      method: 'POST',
      url: '/v1/messages/send',
      headers: a.session.writeHeaders,
      payload: { channel_id: b.channels.email, to: 'ana@example.com', type: 'text', content: { text: 'Hi' } },
    });
    assert.equal(send.statusCode, 404, "B's channel is not A's agent's to send on");
    const tags = await svc.inject({ method: 'GET', url: `/api/${b.organizationId}/tags`, headers: b.keyHeader });
    assert.equal(tags.json().data.length, 1, "B's tag is untouched");
    assert.equal(
      (await svc.inject({ method: 'GET', url: '/auth/session', headers: a.session.cookie })).json().data.organizations.length,
      1,
    );
  });

  it('loses access to an organization the moment the profile leaves it, and every session when its password changes', async () => {
    const svc = await env.shared();
    const { org, session } = await signedInOrganization(svc);
    const url = `/api/${org.organizationId}/tags`;
    assert.equal((await svc.inject({ method: 'GET', url, headers: session.cookie })).statusCode, 200);
    await svc.admin('DELETE', `/organizations/${org.organizationId}/members/${org.profileId}`);
    assert.equal((await svc.inject({ method: 'GET', url, headers: session.cookie })).statusCode, 403);

    const changed = await svc.admin('PUT', `/profiles/${org.profileId}/password`, { password: 'a brand new passphrase' });
    assert.equal(changed.statusCode, 200);
    assert.equal((await svc.inject({ method: 'GET', url: '/auth/session', headers: session.cookie })).statusCode, 401);
    const old = await svc.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: session.email, password: PASSWORD } });
    assert.equal(old.statusCode, 401, 'the old password no longer signs in');
  });

  it('works over real HTTP: sign in, call the API with the cookie the server set, sign out', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    await svc.admin('PUT', `/profiles/${org.profileId}/password`, { password: PASSWORD });
    const email = (await svc.services.tenancy.getProfile(org.profileId)).email;
    const signIn = await fetch(`${svc.url}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    assert.equal(signIn.status, 200);
    const setCookie = signIn.headers.get('set-cookie')!;
    assert.match(setCookie, /^conversa_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/);
    const cookie = setCookie.split(';')[0]!;
    const { csrfToken } = (await signIn.json()).data;
    const post = await fetch(`${svc.url}/api/${org.organizationId}/tags`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify(TAG),
    });
    assert.equal(post.status, 201);
    const out = await fetch(`${svc.url}/auth/sign-out`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken } });
    assert.equal(out.status, 200);
    assert.match(
      out.headers.get('set-cookie')!,
      /^conversa_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/,
    );
    assert.equal((await fetch(`${svc.url}/auth/session`, { headers: { cookie } })).status, 401);
  });
});
