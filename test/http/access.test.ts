import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AppError } from '../../src/errors.js';
import { describeEachDatabase } from '../support/harness.js';

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describeEachDatabase('access control rules', (env) => {
  it('resolves a key to its profile, scopes and membership', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const principal = await svc.deps.access.authenticate({
      key: org.apiKey,
      ip: '127.0.0.1',
      scope: 'tags:read',
      organizationId: org.organizationId,
    });
    assert.equal(principal.profileId, org.profileId);
    assert.equal(principal.organizationId, org.organizationId);
    assert.equal(principal.role, 'owner');
  });

  it('answers unknown and revoked keys 401, non-members / missing scope / denied IP 403, unknown organization 404', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const auth = svc.deps.access;
    assert.equal(await code(auth.authenticate({ key: 'cnv_unknown', ip: '127.0.0.1' })), 'UNAUTHORIZED');
    assert.equal(await code(auth.authenticate({ key: org.apiKey, ip: '127.0.0.1', organizationId: other.organizationId })), 'FORBIDDEN');
    assert.equal(
      await code(auth.authenticate({ key: org.apiKey, ip: '127.0.0.1', organizationId: '01a1ffac-0000-7000-8000-000000000000' })),
      'ORGANIZATION_NOT_FOUND',
    );

    const limited = await svc.admin('POST', `/profiles/${org.profileId}/api-keys`, { scopes: ['tags:read'], allowedIps: ['10.0.0.0/8'] });
    const key = limited.json().data.key as string;
    assert.equal(await code(auth.authenticate({ key, ip: '10.2.3.4', scope: 'tags:read' })), 'OK');
    assert.equal(await code(auth.authenticate({ key, ip: '10.2.3.4', scope: 'tags:write' })), 'FORBIDDEN');
    assert.equal(await code(auth.authenticate({ key, ip: '192.168.1.1', scope: 'tags:read' })), 'IP_NOT_ALLOWED');

    const revoke = await svc.admin('DELETE', `/api-keys/${limited.json().data.id}`);
    assert.equal(revoke.statusCode, 200);
    assert.ok(revoke.json().data.revokedAt);
    assert.equal(await code(auth.authenticate({ key, ip: '10.2.3.4', scope: 'tags:read' })), 'UNAUTHORIZED');
  });

  it('records when a key was last used', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    await svc.deps.access.authenticate({ key: org.apiKey, ip: '127.0.0.1' });
    for (let i = 0; i < 50; i++) {
      const row = await svc.db.selectFrom('api_keys').select('last_used_at').where('id', '=', org.apiKeyId).executeTakeFirstOrThrow();
      if (row.last_used_at) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail('last_used_at was not written');
  });
});

describeEachDatabase('access control over HTTP', (env) => {
  it('uses x-api-key on organization routes: missing or Bearer-only → 401, unknown → 401, valid → 200', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const url = `/api/${org.organizationId}/tags`;
    const none = await svc.inject({ method: 'GET', url });
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error.code, 'UNAUTHORIZED');
    assert.equal((await svc.inject({ method: 'GET', url, headers: org.bearer })).statusCode, 401);
    assert.equal((await svc.inject({ method: 'GET', url, headers: { 'x-api-key': 'cnv_nope' } })).statusCode, 401);
    assert.equal((await svc.inject({ method: 'GET', url, headers: org.keyHeader })).statusCode, 200);
  });

  it('answers 401 before looking at the body', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const res = await svc.inject({ method: 'POST', url: `/api/${org.organizationId}/tags`, payload: { nonsense: true } });
    assert.equal(res.statusCode, 401);
  });

  it('answers 403 to a non-member, a missing scope and a denied IP; 404 to an unknown organization', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const notMember = await svc.inject({ method: 'GET', url: `/api/${other.organizationId}/tags`, headers: org.keyHeader });
    assert.equal(notMember.statusCode, 403);
    assert.equal(notMember.json().error.code, 'FORBIDDEN');
    const unknown = await svc.inject({ method: 'GET', url: `/api/01a1ffac-0000-7000-8000-000000000000/tags`, headers: org.keyHeader });
    assert.equal(unknown.statusCode, 404);

    const readOnly = (await svc.admin('POST', `/profiles/${org.profileId}/api-keys`, { scopes: ['tags:read'] })).json().data.key;
    assert.equal(
      (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags`, headers: { 'x-api-key': readOnly } })).statusCode,
      200,
    );
    const write = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/tags`,
      headers: { 'x-api-key': readOnly },
      payload: { name: 'vip', color: '#fff' },
    });
    assert.equal(write.statusCode, 403);

    const fenced = (await svc.admin('POST', `/profiles/${org.profileId}/api-keys`, { allowedIps: ['10.0.0.0/8'] })).json().data.key;
    const denied = await svc.inject({
      method: 'GET',
      url: `/api/${org.organizationId}/tags`,
      headers: { 'x-api-key': fenced },
      remoteAddress: '192.168.0.9',
    });
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().error.code, 'IP_NOT_ALLOWED');
    const allowed = await svc.inject({
      method: 'GET',
      url: `/api/${org.organizationId}/tags`,
      headers: { 'x-api-key': fenced },
      remoteAddress: '10.9.9.9',
    });
    assert.equal(allowed.statusCode, 200);
  });

  it('answers 400 VALIDATION_ERROR naming organizationId for a malformed organization id, after 401/403 for the key', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const routes: [string, string, unknown?][] = [
      ['GET', '/tags'],
      ['POST', '/tags', { name: 'vip', color: '#fff' }],
      ['GET', '/customers'],
      ['DELETE', `/customers/${org.profileId}/notes/${org.profileId}`],
    ];
    for (const [method, path, payload] of routes) {
      for (const bad of ['not-a-uuid', '123', `${org.organizationId}x`]) {
        const url = `/api/${bad}${path}`;
        const res = await svc.inject({ method: method as 'GET', url, headers: org.keyHeader, payload: payload as never });
        assert.equal(res.statusCode, 400, `${method} ${url}: ${res.body}`);
        assert.equal(res.json().error.code, 'VALIDATION_ERROR');
        assert.deepEqual(res.json().error.details, [{ field: 'organizationId', message: 'must be a valid uuid' }]);
      }
    }
    const noKey = await svc.inject({ method: 'GET', url: '/api/not-a-uuid/tags' });
    assert.equal(noKey.statusCode, 401, 'a missing key is 401 first');
    const badKey = await svc.inject({ method: 'GET', url: '/api/not-a-uuid/tags', headers: { 'x-api-key': `cnv_${'x'.repeat(40)}` } });
    assert.equal(badKey.statusCode, 401, 'an unknown key is 401 first');
    const readOnly = (await svc.admin('POST', `/profiles/${org.profileId}/api-keys`, { scopes: ['tags:read'] })).json().data.key;
    const scope = await svc.inject({
      method: 'POST',
      url: '/api/not-a-uuid/tags',
      headers: { 'x-api-key': readOnly },
      payload: { name: 'vip', color: '#fff' },
    });
    assert.equal(scope.statusCode, 403, 'a missing scope is 403 first');
  });

  it('lets a key fenced to a single address (203.0.113.7) be used from that address only', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const key = (await svc.admin('POST', `/profiles/${org.profileId}/api-keys`, { allowedIps: ['203.0.113.7'] })).json().data.key;
    const from = (remoteAddress: string) =>
      svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags`, headers: { 'x-api-key': key }, remoteAddress });
    assert.equal((await from('203.0.113.7')).statusCode, 200);
    const denied = await from('203.0.113.8');
    assert.equal(denied.statusCode, 403, 'a neighbouring address is refused');
    assert.equal(denied.json().error.code, 'IP_NOT_ALLOWED');
    assert.equal((await from('198.51.100.1')).statusCode, 403);
  });

  it('believes X-Forwarded-For only when TRUST_PROXY says so', async () => {
    const fencedRequest = async (trustProxy: string) => {
      const svc = await env.start({ env: { TRUST_PROXY: trustProxy } });
      const org = await svc.seedOrganization();
      const key = (await svc.admin('POST', `/profiles/${org.profileId}/api-keys`, { allowedIps: ['203.0.113.0/24'] })).json().data.key;
      return svc.inject({
        method: 'GET',
        url: `/api/${org.organizationId}/tags`,
        headers: { 'x-api-key': key, 'x-forwarded-for': '203.0.113.7' },
        remoteAddress: '127.0.0.1',
      });
    };
    assert.equal((await fencedRequest('false')).statusCode, 403, 'a spoofed header is ignored by default');
    assert.equal((await fencedRequest('127.0.0.1')).statusCode, 200, 'a trusted proxy forwards the client address');
  });
});
