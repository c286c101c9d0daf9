import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json, type SeededOrganization, type TestService } from '../support/harness.js';
import { eventsOf, insertChat, insertField, insertStage, orgApi } from './crm-fixtures.js';

/** Everything of organization A that B will try to reach. */
async function seedA(svc: TestService, a: SeededOrganization) {
  const api = orgApi(svc, a);
  const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#fff' })).data;
  const customer = json(await api('POST', '/customers', { name: 'Ana', email: 'ana@example.com', selectedTags: [tag.id] })).data;
  const note = json(await api('POST', `/customers/${customer.id}/notes`, { title: 'secret' })).data;
  await insertField(svc, a.organizationId, 'size', 'text');
  const stageId = await insertStage(svc, a.organizationId);
  return { tag, customer, note, stageId };
}

describeEachDatabase('CRM isolation between organizations', (env) => {
  it("answers 403 when B's key names A's organization, for every CRM route", async () => {
    const svc = await env.shared();
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    const { tag, customer, note, stageId } = await seedA(svc, a);
    const base = `/api/${a.organizationId}`;
    const calls: [string, string, unknown?][] = [
      ['GET', '/tags'],
      ['POST', '/tags', { name: 'X', color: '#000' }],
      ['PUT', `/tags/${tag.id}`, { name: 'X' }],
      ['DELETE', `/tags/${tag.id}`],
      ['GET', '/customers'],
      ['POST', '/customers', { name: 'X', email: 'x@example.com' }],
      ['GET', `/customers/${customer.id}`],
      ['PUT', `/customers/${customer.id}`, { name: 'X' }],
      ['PUT', `/customers/${customer.id}/stage`, { stageId }],
      ['GET', `/customers/${customer.id}/stage-history`],
      ['POST', `/customers/${customer.id}/tags`, { tagId: tag.id }],
      ['DELETE', `/customers/${customer.id}/tags/${tag.id}`],
      ['GET', `/customers/${customer.id}/notes`],
      ['POST', `/customers/${customer.id}/notes`, { title: 'X' }],
      ['PUT', `/customers/${customer.id}/notes/${note.id}`, { title: 'X' }],
      ['DELETE', `/customers/${customer.id}/notes/${note.id}`],
      ['POST', `/customers/${customer.id}/field-values`, { slug: 'size', value: 'X' }],
    ];
    for (const [method, path, payload] of calls) {
      const res = await svc.inject({ method: method as never, url: base + path, headers: b.keyHeader, payload: payload as never });
      assert.equal(res.statusCode, 403, `${method} ${path}`);
    }
    const after = json(await orgApi(svc, a)('GET', `/customers/${customer.id}`)).data;
    assert.equal(after.name, 'Ana');
    assert.equal(after.tags.length, 1);
    assert.equal(after.customFields.length, 0);
    assert.equal(after.stageId, null);
    assert.equal(json(await orgApi(svc, a)('GET', `/customers/${customer.id}/notes`)).data[0].title, 'secret');
    assert.equal(json(await orgApi(svc, a)('GET', '/tags')).data[0].name, 'VIP');
  });

  it("answers 404 when B names A's customers, tags and notes under its own organization, and changes nothing", async () => {
    const svc = await env.shared();
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    const { tag, customer, note } = await seedA(svc, a);
    const bApi = orgApi(svc, b);
    const bStage = await insertStage(svc, b.organizationId);
    const bCustomer = json(await bApi('POST', '/customers', { name: 'Bob', email: 'bob@example.com' })).data;
    const calls: [string, string, unknown?, string?][] = [
      ['PUT', `/tags/${tag.id}`, { name: 'X' }, 'TAG_NOT_FOUND'],
      ['DELETE', `/tags/${tag.id}`, undefined, 'TAG_NOT_FOUND'],
      ['GET', `/customers/${customer.id}`, undefined, 'CUSTOMER_NOT_FOUND'],
      ['PUT', `/customers/${customer.id}`, { name: 'X' }, 'CUSTOMER_NOT_FOUND'],
      ['PUT', `/customers/${customer.id}/stage`, { stageId: bStage }, 'CUSTOMER_NOT_FOUND'],
      ['GET', `/customers/${customer.id}/stage-history`, undefined, 'CUSTOMER_NOT_FOUND'],
      ['POST', `/customers/${customer.id}/tags`, { tagId: tag.id }, 'CUSTOMER_NOT_FOUND'],
      ['POST', `/customers/${bCustomer.id}/tags`, { tagId: tag.id }, 'TAG_NOT_FOUND'],
      ['DELETE', `/customers/${customer.id}/tags/${tag.id}`, undefined, 'CUSTOMER_NOT_FOUND'],
      ['GET', `/customers/${customer.id}/notes`, undefined, 'CUSTOMER_NOT_FOUND'],
      ['PUT', `/customers/${customer.id}/notes/${note.id}`, { title: 'X' }, 'CUSTOMER_NOT_FOUND'],
      ['PUT', `/customers/${bCustomer.id}/notes/${note.id}`, { title: 'X' }, 'NOTE_NOT_FOUND'],
      ['DELETE', `/customers/${bCustomer.id}/notes/${note.id}`, undefined, 'NOTE_NOT_FOUND'],
      ['POST', `/customers/${customer.id}/field-values`, { slug: 'size', value: 'X' }, 'CUSTOMER_NOT_FOUND'],
      ['POST', `/customers/${bCustomer.id}/field-values`, { slug: 'size', value: 'X' }, 'FIELD_NOT_FOUND'],
    ];
    for (const [method, path, payload, code] of calls) {
      const res = await bApi(method as never, path, payload);
      assert.equal(res.statusCode, 404, `${method} ${path}: ${res.body}`);
      assert.equal(json(res).error.code, code, `${method} ${path}`);
    }
    const listed = json(await bApi('GET', '/customers?q=ana')).data;
    assert.equal(listed.length, 0, "search never returns A's customers");
    assert.equal(json(await bApi('GET', '/tags')).data.length, 0);
    const selected = await bApi('PUT', `/customers/${bCustomer.id}`, { selectedTags: [tag.id] });
    assert.equal(selected.statusCode, 400, "A's tag is not a tag B can select");

    const after = json(await orgApi(svc, a)('GET', `/customers/${customer.id}`)).data;
    assert.equal(after.name, 'Ana');
    assert.equal(after.tags.length, 1);
    assert.equal(json(await orgApi(svc, a)('GET', `/customers/${customer.id}/notes`)).data[0].title, 'secret');
  });

  it("refuses another organization's chatId in a stage-move or tag body with 404 CHAT_NOT_FOUND, and writes nothing", async () => {
    const svc = await env.start();
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    const aApi = orgApi(svc, a);
    const { tag, customer, stageId } = await seedA(svc, a);
    const otherTag = json(await aApi('POST', '/tags', { name: 'Lead', color: '#000' })).data;
    const bCustomer = json(await orgApi(svc, b)('POST', '/customers', { name: 'Bob', email: 'bob@example.com' })).data;
    const bChat = await insertChat(svc, b, bCustomer.id);
    const eventsBefore = (await eventsOf(svc, a.organizationId)).length;

    const calls: [string, string, unknown][] = [
      ['PUT', `/customers/${customer.id}/stage`, { stageId, chatId: bChat }],
      ['POST', `/customers/${customer.id}/tags`, { tagId: otherTag.id, chatId: bChat }],
      ['DELETE', `/customers/${customer.id}/tags/${tag.id}`, { chatId: bChat }],
    ];
    for (const [method, path, payload] of calls) {
      const res = await aApi(method as never, path, payload);
      assert.equal(res.statusCode, 404, `${method} ${path}: ${res.body}`);
      assert.equal(json(res).error.code, 'CHAT_NOT_FOUND', `${method} ${path}`);
    }

    const after = json(await aApi('GET', `/customers/${customer.id}`)).data;
    assert.equal(after.stageId, null, 'the stage did not move');
    assert.deepEqual(
      after.tags.map((t: any) => t.id),
      [tag.id],
      'no tag attached, none detached',
    );
    assert.equal((await svc.db.selectFrom('stage_history').select('id').execute()).length, 0);
    const links = await svc.db.selectFrom('customer_tags').select(['tag_id', 'chat_id']).where('customer_id', '=', customer.id).execute();
    assert.deepEqual(
      links.map((l) => l.tag_id),
      [tag.id],
    );
    assert.ok(
      links.every((l) => l.chat_id !== bChat),
      "B's chat is recorded nowhere in A",
    );
    assert.equal((await eventsOf(svc, a.organizationId)).length, eventsBefore, 'no event fired');
  });

  it('finds by contact, and reads by id, only the asking organization’s customer when two hold the same number', async () => {
    // The lookup and the record are prepared queries built once (db/prepared.ts): the organization
    // must be a value of each run, never the one of the first build.
    const svc = await env.shared();
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    const number = '+5511987650001';
    const ofA = json(await orgApi(svc, a)('POST', '/customers', { name: 'Ana', contacts: [{ type: 'whatsapp', value: number }] })).data;
    const ofB = json(await orgApi(svc, b)('POST', '/customers', { name: 'Bia', contacts: [{ type: 'whatsapp', value: number }] })).data;
    for (const [org, mine] of [
      [a, ofA],
      [b, ofB],
      [a, ofA],
    ] as const) {
      const api = orgApi(svc, org);
      for (const query of [`contact=${encodeURIComponent(number)}&contactType=whatsapp`, `contact=${encodeURIComponent(number)}`]) {
        const found = json(await api('GET', `/customers?${query}`)).data;
        assert.deepEqual(
          found.map((c: { id: string }) => c.id),
          [mine.id],
          `${org === a ? 'A' : 'B'} finds only its own customer (${query})`,
        );
      }
      assert.equal(json(await api('GET', `/customers/${mine.id}`)).data.name, mine.name);
      const other = mine === ofA ? ofB : ofA;
      assert.equal((await api('GET', `/customers/${other.id}`)).statusCode, 404, 'the other organization’s customer is not found by id');
    }
  });

  it('answers 404 ORGANIZATION_NOT_FOUND for an organization that does not exist', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const res = await svc.inject({
      method: 'POST',
      url: '/api/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f/customers',
      headers: org.keyHeader,
      payload: { name: 'X', email: 'x@example.com' },
    });
    assert.equal(res.statusCode, 404);
    assert.equal(json(res).error.code, 'ORGANIZATION_NOT_FOUND');
  });

  it('needs customers:read to read and customers:write to change', async () => {
    const svc = await env.shared();
    const owner = await svc.seedOrganization();
    const customer = json(await orgApi(svc, owner)('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).data;
    const profile = await svc.admin('POST', '/profiles', { name: 'Reader', email: 'reader@example.com' });
    const profileId = json(profile).data.id;
    await svc.admin('POST', `/organizations/${owner.organizationId}/members`, { profileId });
    const key = json(await svc.admin('POST', `/profiles/${profileId}/api-keys`, { scopes: ['customers:read'] })).data.key;
    const call = (method: string, path: string, payload?: unknown) =>
      svc.inject({
        method: method as never,
        url: `/api/${owner.organizationId}${path}`,
        headers: { 'x-api-key': key },
        payload: payload as never,
      });
    assert.equal((await call('GET', `/customers/${customer.id}`)).statusCode, 200);
    assert.equal((await call('GET', '/customers')).statusCode, 200);
    assert.equal((await call('GET', `/customers/${customer.id}/notes`)).statusCode, 200);
    for (const [method, path, payload] of [
      ['POST', '/customers', { name: 'X', email: 'x@example.com' }],
      ['PUT', `/customers/${customer.id}`, { name: 'X' }],
      ['POST', `/customers/${customer.id}/notes`, { title: 'X' }],
      ['PUT', `/customers/${customer.id}/stage`, { stageId: null }],
      ['POST', `/customers/${customer.id}/field-values`, { slug: 'a', value: 1 }],
    ] as const) {
      const res = await call(method, path, payload);
      assert.equal(res.statusCode, 403, `${method} ${path}`);
    }
  });
});
