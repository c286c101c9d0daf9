import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isUniqueViolation } from '../../src/db/errors.js';
import { newId } from '../../src/lib/ids.js';
import { describeEachDatabase, json } from '../support/harness.js';
import { orgApi } from './crm-fixtures.js';

describeEachDatabase('tags', (env) => {
  it('lists, creates, updates and deletes tags', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    const created = await api('POST', '/tags', { name: 'VIP', color: '#22C55E' });
    assert.equal(created.statusCode, 201);
    const tag = json(created).data;
    assert.deepEqual(Object.keys(tag).sort(), ['color', 'id', 'name']);
    await api('POST', '/tags', { name: 'Another', color: '#abc' });

    const list = await api('GET', '/tags');
    assert.equal(list.statusCode, 200);
    assert.equal(json(list).success, true);
    assert.deepEqual(
      json(list).data.map((t: any) => t.name),
      ['Another', 'VIP'],
    );

    const updated = await api('PUT', `/tags/${tag.id}`, { color: '#000' });
    assert.equal(updated.statusCode, 200);
    assert.deepEqual(json(updated).data, { id: tag.id, name: 'VIP', color: '#000' });
    assert.equal(json(await api('PUT', `/tags/${tag.id}`, { name: 'Gold' })).data.name, 'Gold');

    const deleted = await api('DELETE', `/tags/${tag.id}`);
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(json(deleted), { success: true, data: {} });
    assert.equal(json(await api('GET', '/tags')).data.length, 1);
    assert.equal(json(await api('DELETE', `/tags/${tag.id}`)).error.code, 'TAG_NOT_FOUND');
    assert.equal((await api('PUT', `/tags/${tag.id}`, { name: 'X' })).statusCode, 404);
  });

  it('requires name and a hex color', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    for (const [payload, field] of [
      [{ color: '#fff' }, 'name'],
      [{ name: 'A' }, 'color'],
      [{ name: 'A', color: 'red' }, 'color'],
      [{ name: 'A', color: '#12345' }, 'color'],
      [{ name: 'A', color: '#GGGGGG' }, 'color'],
      [{ name: '  ', color: '#fff' }, 'name'],
    ] as const) {
      const res = await api('POST', '/tags', payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(json(res).error.details[0].field, field);
    }
    const tag = json(await api('POST', '/tags', { name: 'A', color: '#fff' })).data;
    assert.equal((await api('PUT', `/tags/${tag.id}`, { color: 'blue' })).statusCode, 400);
    assert.equal((await api('PUT', `/tags/${tag.id}`, {})).statusCode, 400);
  });

  it('refuses a name already taken in the organization (any case) with 409 TAG_NAME_TAKEN', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    await api('POST', '/tags', { name: 'VIP', color: '#fff' });
    const other = json(await api('POST', '/tags', { name: 'Lead', color: '#fff' })).data;
    for (const name of ['VIP', 'vip', ' VIP ']) {
      const res = await api('POST', '/tags', { name, color: '#000' });
      assert.equal(res.statusCode, 409);
      assert.equal(json(res).error.code, 'TAG_NAME_TAKEN');
    }
    assert.equal(json(await api('PUT', `/tags/${other.id}`, { name: 'Vip' })).error.code, 'TAG_NAME_TAKEN');
    assert.equal((await api('PUT', `/tags/${other.id}`, { name: 'Lead' })).statusCode, 200, 'its own name is not a clash');
    const elsewhere = await orgApi(svc, await svc.seedOrganization({ name: 'Other' }))('POST', '/tags', { name: 'VIP', color: '#fff' });
    assert.equal(elsewhere.statusCode, 201, 'names are unique per organization');
  });

  it('lets one of concurrent creates (or renames) to VIP / vip win and answers 409 TAG_NAME_TAKEN to the rest', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const names = ['VIP', 'vip', 'Vip', 'vIP', 'VIP', 'vip'];
    const created = await Promise.all(names.map((name) => api('POST', '/tags', { name, color: '#fff' })));
    const codes = created.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [201, 409, 409, 409, 409, 409], created.map((r) => r.body).join('\n'));
    for (const res of created.filter((r) => r.statusCode === 409)) assert.equal(json(res).error.code, 'TAG_NAME_TAKEN');

    const others = await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (name) => json(await api('POST', '/tags', { name, color: '#fff' })).data),
    );
    const renamed = await Promise.all(others.map((tag, i) => api('PUT', `/tags/${tag.id}`, { name: i % 2 ? 'LEAD' : 'lead' })));
    assert.deepEqual(renamed.map((r) => r.statusCode).sort(), [200, 409, 409, 409], renamed.map((r) => r.body).join('\n'));
    for (const res of renamed.filter((r) => r.statusCode === 409)) assert.equal(json(res).error.code, 'TAG_NAME_TAKEN');
    const list = json(await api('GET', '/tags')).data.map((t: any) => t.name.toLowerCase());
    assert.equal(list.filter((n: string) => n === 'vip').length, 1);
    assert.equal(list.filter((n: string) => n === 'lead').length, 1);

    const now = new Date().toISOString();
    const row = { id: newId(), organization_id: org.organizationId, name: 'vIp', color: '#fff', created_at: now, updated_at: now };
    await assert.rejects(svc.db.insertInto('tags').values(row).execute(), isUniqueViolation, 'the database itself refuses the name');
  });

  it('detaches a deleted tag from every customer', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#fff' })).data;
    const a = json(await api('POST', '/customers', { name: 'A', email: 'a@example.com', selectedTags: [tag.id] })).data;
    const b = json(await api('POST', '/customers', { name: 'B', email: 'b@example.com', selectedTags: [tag.id] })).data;
    assert.equal((await api('DELETE', `/tags/${tag.id}`)).statusCode, 200);
    assert.equal(json(await api('GET', `/customers/${a.id}`)).data.tags.length, 0);
    assert.equal(json(await api('GET', `/customers/${b.id}`)).data.tags.length, 0);
    const links = await svc.db.selectFrom('customer_tags').selectAll().where('customer_id', 'in', [a.id, b.id]).execute();
    assert.equal(links.length, 0);
    const removed = (
      await svc.db
        .selectFrom('events')
        .select('payload')
        .where('organization_id', '=', org.organizationId)
        .where('type', '=', 'customer.tag_removed')
        .execute()
    ).map((e) => JSON.parse(e.payload));
    assert.deepEqual(removed.map((e) => e.customer_id).sort(), [a.id, b.id].sort(), 'one customer.tag_removed per detached customer');
    assert.ok(removed.every((e) => e.tag_id === tag.id && e.reason === 'tag_deleted'));
  });

  it('needs tags:read to list and tags:write to change', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization({ scopes: ['tags:read'] });
    const api = orgApi(svc, org);
    assert.equal((await api('GET', '/tags')).statusCode, 200);
    const denied = await api('POST', '/tags', { name: 'A', color: '#fff' });
    assert.equal(denied.statusCode, 403);
    assert.equal(json(denied).error.code, 'FORBIDDEN');
    const none = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags` });
    assert.equal(none.statusCode, 401);
  });
});
