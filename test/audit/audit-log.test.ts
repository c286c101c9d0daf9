/**
 * The audit log (DESIGN.md §14; docs/security.md "Audit log"): every mutating route is covered (the
 * route table is enumerated, so a new route cannot be forgotten), rows name the actor and address,
 * the changed fields hold real stored values with secrets masked, the API is owner/admin only with
 * `audit:read`, and retention drops rows past RETENTION_AUDIT_DAYS.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TestClock } from '../../src/lib/clock.js';
import { auditedRoutes } from '../../src/modules/audit/audit-trail.js';
import { purgeByRetention } from '../../src/modules/retention/retention.js';
import { describeEachDatabase, json, type SeededOrganization, type TestService } from '../support/harness.js';

const MUTATING = ['post', 'put', 'patch', 'delete'];

async function memberKey(svc: TestService, org: SeededOrganization, role: string, scopes = ['*']) {
  const profile = await svc.services.tenancy.createProfile({ name: role, email: `${role}-${Math.random()}@example.com` });
  await svc.services.tenancy.addMember(org.organizationId, { profileId: profile.id, role });
  const key = await svc.services.tenancy.createApiKey(profile.id, { name: role, scopes });
  return { headers: { 'x-api-key': key.key }, keyId: key.id, profileId: profile.id };
}

function auditLog(svc: TestService, orgId: string, headers: Record<string, string>, query = '') {
  return svc.inject({ method: 'GET', url: `/api/${orgId}/audit-log${query}`, headers });
}

describeEachDatabase('audit log', (env) => {
  it('covers every mutating route of the organization API, the admin API and API keys (from the route table)', async () => {
    const svc = await env.start({ startWorker: false });
    const paths = (svc.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const mutating = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => MUTATING.includes(m))
        .map((m) => `${m.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const mustAudit = mutating.filter((r) => /^\w+ (\/api\/:organizationId\/|\/admin\/v1\/|\/auth\/api-keys)/.test(r));
    assert.ok(mustAudit.length > 40, `found ${mustAudit.length} mutating routes`);
    const missing = mustAudit.filter((r) => !auditedRoutes.has(r));
    assert.deepEqual(missing, [], 'every mutating route writes an audit row');
  });

  it('records who, from where, what changed (real before/after values) and when', async () => {
    const svc = await env.start({ startWorker: false, env: { TRUST_PROXY: '1' } });
    const org = await svc.seedOrganization();
    const created = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: org.keyHeader,
      payload: { name: 'Ana Before', contacts: [{ type: 'whatsapp', value: '+5511912345678' }] },
    });
    assert.equal(created.statusCode, 201, created.body);
    const customerId = json(created).data.id as string;
    const updated = await svc.inject({
      method: 'PUT',
      url: `/api/${org.organizationId}/customers/${customerId}`,
      headers: { ...org.keyHeader, 'x-forwarded-for': '203.0.113.7' },
      payload: { name: 'Ana After' },
    });
    assert.equal(updated.statusCode, 200, updated.body);

    const page = json(await auditLog(svc, org.organizationId, org.keyHeader, `?resourceId=${customerId}`));
    const [update, create] = page.data;
    assert.equal(update.action, 'customer.updated');
    assert.deepEqual(update.changes.name, { before: 'Ana Before', after: 'Ana After' });
    assert.equal(update.changes.email, undefined, 'unchanged fields are left out');
    assert.deepEqual(update.actor, { type: 'api-key', profileId: org.profileId, apiKeyId: org.apiKeyId, ip: '203.0.113.7' });
    assert.equal(create.action, 'customer.created');
    assert.equal(create.changes.name.after, 'Ana Before');
    assert.equal(create.changes.name.before, null);
    assert.ok(Math.abs(Date.parse(update.createdAt) - Date.now()) < 60_000);
  });

  it('masks secrets whole (admin channel config) and records sends without before/after', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const channelId = Object.values(org.channels)[0]!;
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channelId}`, {
      config: { sandbox: true, accessToken: 'super-secret-token-1' },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const row = json(await auditLog(svc, org.organizationId, org.keyHeader, `?resourceType=channel`)).data[0];
    assert.equal(row.action, 'channel.updated');
    assert.equal(row.actor.type, 'admin');
    assert.ok(!JSON.stringify(row).includes('super-secret-token-1'), JSON.stringify(row));
    assert.equal(row.changes.config.after.accessToken, '••••••••');
    const stored = await svc.db.selectFrom('audit_log').select('changes').execute();
    assert.ok(!JSON.stringify(stored).includes('super-secret-token-1'));
  });

  it('tags: create, rename, delete; filters by action, actor, time; cursor pages', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const other = await memberKey(svc, org, 'admin');
    const tag = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/tags`,
      headers: org.keyHeader,
      payload: { name: 'vip', color: '#fff' },
    });
    assert.equal(tag.statusCode, 201, tag.body);
    const tagId = json(tag).data.id;
    const renamed = await svc.inject({
      method: 'PUT',
      url: `/api/${org.organizationId}/tags/${tagId}`,
      headers: other.headers,
      payload: { name: 'gold', color: '#fff' },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const removed = await svc.inject({ method: 'DELETE', url: `/api/${org.organizationId}/tags/${tagId}`, headers: org.keyHeader });
    assert.ok(removed.statusCode < 300, removed.body);

    const all = json(await auditLog(svc, org.organizationId, org.keyHeader, `?resourceType=tag`)).data;
    assert.deepEqual(
      all.map((r: any) => r.action),
      ['tag.deleted', 'tag.updated', 'tag.created'],
    );
    assert.deepEqual(all[1].changes.name, { before: 'vip', after: 'gold' });
    assert.equal(all[0].changes.name.before, 'gold');
    const byActor = json(await auditLog(svc, org.organizationId, org.keyHeader, `?actor=${other.profileId}`)).data;
    assert.deepEqual(
      byActor.map((r: any) => r.action),
      ['tag.updated'],
    );
    const byAction = json(await auditLog(svc, org.organizationId, org.keyHeader, `?action=tag.created`)).data;
    assert.equal(byAction.length, 1);
    const future = json(await auditLog(svc, org.organizationId, org.keyHeader, `?from=${new Date(Date.now() + 60_000).toISOString()}`));
    assert.deepEqual(future.data, []);
    const first = json(await auditLog(svc, org.organizationId, org.keyHeader, `?resourceType=tag&limit=2`));
    assert.equal(first.data.length, 2);
    const second = json(await auditLog(svc, org.organizationId, org.keyHeader, `?resourceType=tag&limit=2&cursor=${first.nextCursor}`));
    assert.deepEqual(
      second.data.map((r: any) => r.action),
      ['tag.created'],
    );
    assert.equal(second.nextCursor, null);
  });

  it('owner/admin only, audit:read for keys, other organizations see nothing, bad input is 400', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const orgB = await svc.seedOrganization({ name: 'B' });
    await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/tags`,
      headers: org.keyHeader,
      payload: { name: 'a-only', color: '#fff' },
    });
    const agent = await memberKey(svc, org, 'agent');
    const denied = await auditLog(svc, org.organizationId, agent.headers);
    assert.equal(denied.statusCode, 403, denied.body);
    assert.equal(json(denied).error.code, 'FORBIDDEN');
    const noScope = await memberKey(svc, org, 'admin', ['customers:read']);
    const scoped = await auditLog(svc, org.organizationId, noScope.headers);
    assert.equal(scoped.statusCode, 403);
    assert.match(json(scoped).error.message, /audit:read/);
    const withScope = await memberKey(svc, org, 'admin', ['audit:read']);
    assert.equal((await auditLog(svc, org.organizationId, withScope.headers)).statusCode, 200);
    // Org B's key on A's path: not a member (403/404); on its own path: none of A's rows.
    const cross = await auditLog(svc, org.organizationId, orgB.keyHeader);
    assert.ok([403, 404].includes(cross.statusCode), cross.body);
    const own = json(await auditLog(svc, orgB.organizationId, orgB.keyHeader));
    assert.ok(!JSON.stringify(own).includes('a-only'));
    for (const query of ['?actor=nope', '?from=yesterday', '?limit=0', '?cursor=x', '?extra=1', '?action=BAD ACTION']) {
      const bad = await auditLog(svc, org.organizationId, org.keyHeader, query);
      assert.equal(bad.statusCode, 400, `${query}: ${bad.body}`);
      assert.equal(json(bad).error.code, 'VALIDATION_ERROR');
    }
    const reversed = await auditLog(svc, org.organizationId, org.keyHeader, '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    assert.equal(reversed.statusCode, 400);
  });

  it('retention drops rows older than RETENTION_AUDIT_DAYS (TestClock)', async () => {
    const clock = new TestClock();
    const svc = await env.start({ startWorker: false, clock, env: { RETENTION_AUDIT_DAYS: '10' } });
    const org = await svc.seedOrganization();
    await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/tags`,
      headers: org.keyHeader,
      payload: { name: 'old', color: '#fff' },
    });
    clock.advance(9 * 86_400_000);
    await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/tags`,
      headers: org.keyHeader,
      payload: { name: 'young', color: '#fff' },
    });
    assert.equal((await purgeByRetention(svc.deps)).audit_log, 0);
    clock.advance(2 * 86_400_000);
    assert.equal((await purgeByRetention(svc.deps)).audit_log, 1);
    const left = json(await auditLog(svc, org.organizationId, org.keyHeader)).data;
    assert.deepEqual(
      left.map((r: any) => r.changes.name.after),
      ['young'],
    );
  });
});
