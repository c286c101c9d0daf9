import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json, type SeededOrganization, type TestService } from '../support/harness.js';
import { post } from '../messages/support.js';
import { createBody, RESOURCES } from './resource-fixtures.js';

function sendBody(channelId: string, i: number) {
  return { channel_id: channelId, to: `55119876${String(50000 + i)}`, type: 'text', content: { text: `n${i}` } };
}

/** Every table holding an organization's rows (each has `organization_id`), found in the schema itself. */
async function tenantTables(svc: TestService): Promise<string[]> {
  const tables = await svc.db.introspection.getTables();
  return tables.filter((t) => t.columns.some((c) => c.name === 'organization_id')).map((t) => t.name);
}

async function rowCounts(svc: TestService, organizationId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tenantTables(svc)) {
    const row = await svc.db
      .selectFrom(table as 'customers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Fills an organization through its APIs: CRM, admin resources, chats and messages, webhooks, callbacks. */
async function populate(svc: TestService, org: SeededOrganization): Promise<void> {
  const api = (method: string, path: string, payload?: unknown) =>
    svc.inject({ method: method as never, url: `/api/${org.organizationId}${path}`, headers: org.keyHeader, payload: payload as never });
  const resources: Record<string, string> = {};
  for (const resource of RESOURCES) {
    const res = await svc.admin('POST', `/organizations/${org.organizationId}/${resource}`, createBody(resource, org));
    assert.equal(res.statusCode, 201, `${resource}: ${res.body}`);
    resources[resource] = json(res).data.id;
  }
  const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#fff' })).data;
  const customer = json(
    await api('POST', '/customers', {
      name: 'Ana',
      email: `ana-${org.organizationId}@example.com`,
      selectedTags: [tag.id],
      contacts: [{ type: 'whatsapp', value: '+5511987654321' }],
    }),
  ).data;
  assert.equal((await api('POST', `/customers/${customer.id}/notes`, { title: 'note' })).statusCode, 201);
  assert.equal((await api('PUT', `/customers/${customer.id}/stage`, { stageId: resources.stages })).statusCode, 200);
  assert.equal((await api('POST', `/customers/${customer.id}/field-values`, { slug: 'company_size', value: 'small' })).statusCode, 200);
  const hook = await api('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook' });
  assert.equal(hook.statusCode, 201, hook.body);
  for (let i = 0; i < 3; i++) {
    const res = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, i), {
      ...org.bearer,
      'idempotency-key': `k${i}`,
    });
    assert.equal(res.status, 201, res.text);
  }
  const callback = await post(svc, `/channels/${org.channels.whatsapp_zapi}/webhook`, { event: 'status', message_id: 'x', status: 'read' });
  assert.equal(callback.status, 200, callback.text);
}

describeEachDatabase('admin API: organization plan and deletion', (env) => {
  it('applies a plan change to the send limit at once, both ways', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization({ plan: 'starter' });
    for (let i = 0; i < 60; i++) {
      assert.equal((await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, i), org.bearer)).status, 201);
    }
    assert.equal((await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, 60), org.bearer)).status, 429);

    const upgraded = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { plan: 'professional' });
    assert.equal(upgraded.statusCode, 200, upgraded.body);
    assert.equal(json(upgraded).data.plan, 'professional');
    const after = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, 61), org.bearer);
    assert.equal(after.status, 201, 'the new plan allows more at once');
    assert.equal(after.headers.get('ratelimit-limit'), '300');

    const downgraded = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { plan: 'starter' });
    assert.equal(downgraded.statusCode, 200);
    const refused = await post(svc, '/v1/messages/send', sendBody(org.channels.whatsapp_zapi, 62), org.bearer);
    assert.equal(refused.status, 429, 'back on starter, the 62nd send of the minute is over its 60');
    assert.equal(refused.headers.get('ratelimit-limit'), '60');
  });

  it('deletes an organization with all its data, and leaves another organization untouched', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    await populate(svc, a);
    await populate(svc, b);
    const before = await rowCounts(svc, a.organizationId);
    const filled = Object.keys(before).filter((table) => before[table]! > 0);
    for (const table of ['customers', 'chats', 'messages', 'events', 'jobs', 'provider_callbacks', 'webhook_deliveries']) {
      assert.ok(filled.includes(table), `the organization has rows in ${table} before it is deleted`);
    }
    const bBefore = await rowCounts(svc, b.organizationId);

    const res = await svc.admin('DELETE', `/organizations/${a.organizationId}`);
    assert.equal(res.statusCode, 200, res.body);

    const left = await rowCounts(svc, a.organizationId);
    assert.deepEqual(
      Object.entries(left).filter(([, n]) => n > 0),
      [],
      'no row of the deleted organization is left in any table',
    );
    assert.equal((await svc.db.selectFrom('organizations').select('id').where('id', '=', a.organizationId).execute()).length, 0);
    assert.deepEqual(await rowCounts(svc, b.organizationId), bBefore, 'the other organization keeps every row');
    assert.equal((await svc.admin('GET', `/organizations/${a.organizationId}`)).statusCode, 404);
    assert.equal((await svc.admin('DELETE', `/organizations/${a.organizationId}`)).statusCode, 404);
    const bCustomers = await svc.inject({ method: 'GET', url: `/api/${b.organizationId}/customers`, headers: b.keyHeader });
    assert.equal(json(bCustomers).data.length, bBefore.customers, "B's API still lists its customers");
  });
});
