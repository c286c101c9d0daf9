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
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const principal = await svc.deps.access.authenticate({ key: org.apiKey, ip: '127.0.0.1', scope: 'tags:read', organizationId: org.organizationId });
    assert.equal(principal.profileId, org.profileId);
    assert.equal(principal.organizationId, org.organizationId);
    assert.equal(principal.role, 'owner');
  });

  it('answers unknown and revoked keys 401, non-members / missing scope / denied IP 403, unknown organization 404', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const auth = svc.deps.access;
    assert.equal(await code(auth.authenticate({ key: 'cnv_unknown', ip: '127.0.0.1' })), 'UNAUTHORIZED');
    assert.equal(await code(auth.authenticate({ key: org.apiKey, ip: '127.0.0.1', organizationId: other.organizationId })), 'FORBIDDEN');
    assert.equal(await code(auth.authenticate({ key: org.apiKey, ip: '127.0.0.1', organizationId: '01a1ffac-0000-7000-8000-000000000000' })), 'ORGANIZATION_NOT_FOUND');

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
    const svc = await env.start();
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
