/**
 * Authentication answers from the access cache (access/access-cache.ts), and every change to rights
 * empties it at once: a key revoked, a member removed or added, a session signed out, also when the
 * change is made by another connection (the CLI, another process) rather than this process's services.
 * The same across two real processes: test/e2e/access-across-processes.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { openDatabase } from '../../src/db/connection.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';

async function getCustomers(svc: TestService, organizationId: string, headers: Record<string, string>) {
  const res = await svc.inject({ method: 'GET', url: `/api/${organizationId}/customers`, headers });
  return res.statusCode;
}

describeEachDatabase('access cache', (env) => {
  it('a revoked key fails on its very next request, though it was answered from the cache before', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    for (let i = 0; i < 3; i++) assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 200);
    const revoked = await svc.admin('DELETE', `/api-keys/${org.apiKeyId}`);
    assert.equal(revoked.statusCode, 200, revoked.body);
    assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 401);
  });

  it('a member removed is refused at once (403), and allowed at once when added again', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 200);
    const removed = await svc.admin('DELETE', `/organizations/${org.organizationId}/members/${org.profileId}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 403);
    // The refusal ("not a member") was cached too: adding the member back must clear it.
    assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 403);
    const added = await svc.admin('POST', `/organizations/${org.organizationId}/members`, { profileId: org.profileId, role: 'admin' });
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 200);
  });

  it('a deleted profile and a deleted organization end access at once', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 200);
    assert.equal(await getCustomers(svc, other.organizationId, other.keyHeader), 200);
    assert.equal((await svc.admin('DELETE', `/profiles/${org.profileId}`)).statusCode, 200);
    assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 401);
    assert.equal((await svc.admin('DELETE', `/organizations/${other.organizationId}`)).statusCode, 200);
    assert.equal(await getCustomers(svc, other.organizationId, other.keyHeader), 404);
  });

  it('a revocation written by another connection (the CLI, another process) is seen without this process being told', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    for (let i = 0; i < 2; i++) assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 200);
    const elsewhere = openDatabase(svc.config.database);
    try {
      await elsewhere.db.updateTable('api_keys').set({ revoked_at: new Date().toISOString() }).where('id', '=', org.apiKeyId).execute();
    } finally {
      await elsewhere.close();
    }
    if (svc.deps.dialect === 'sqlite') {
      // PRAGMA data_version, looked at before every cached answer, has changed: the very next request.
      assert.equal(await getCustomers(svc, org.organizationId, org.keyHeader), 401);
      return;
    }
    // PostgreSQL: the trigger's notification arrives on the LISTEN connection shortly after the commit.
    const deadline = Date.now() + 2000;
    let status = await getCustomers(svc, org.organizationId, org.keyHeader);
    while (status !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      status = await getCustomers(svc, org.organizationId, org.keyHeader);
    }
    assert.equal(status, 401);
  });
});
