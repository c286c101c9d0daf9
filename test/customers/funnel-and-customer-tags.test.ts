import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { eventsOf, insertChat, insertStage, orgApi } from './crm-fixtures.js';

const UNKNOWN = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';

describeEachDatabase('customers: funnel stage', (env) => {
  async function setup() {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const lead = await insertStage(svc, org.organizationId, 'Lead');
    const won = await insertStage(svc, org.organizationId, 'Won');
    const customer = json(await api('POST', '/customers', { name: 'Ana', contacts: [{ type: 'whatsapp', value: '+5511987654321' }] })).data;
    return { svc, org, api, lead, won, customer };
  }

  it('moves a customer, keeping who moved it, from where to where, notes and chat in the history', async () => {
    const { svc, org, api, lead, won, customer } = await setup();
    const chatId = await insertChat(svc, org, customer.id);
    const first = await api('PUT', `/customers/${customer.id}/stage`, { stageId: lead, stageOrder: 3 });
    assert.equal(first.statusCode, 200);
    const body = json(first);
    assert.equal(body.success, true);
    assert.equal(typeof body.message, 'string');
    assert.equal(body.data.stageId, lead);
    assert.equal(body.data.stageOrder, 3);

    await api('PUT', `/customers/${customer.id}/stage`, { stageId: won, notes: 'signed the contract', chatId });
    const history = json(await api('GET', `/customers/${customer.id}/stage-history`)).data;
    assert.equal(history.length, 2);
    assert.deepEqual(
      {
        from: history[0].fromStageId,
        to: history[0].toStageId,
        notes: history[0].notes,
        chatId: history[0].chatId,
        by: history[0].movedByProfileId,
      },
      { from: lead, to: won, notes: 'signed the contract', chatId, by: org.profileId },
    );
    assert.equal(history[1].fromStageId, null);
    assert.ok(history[0].createdAt);

    const events = await eventsOf(svc, org.organizationId, 'customer.stage_changed');
    assert.equal(events.length, 2);
    assert.equal(events[1]!.data.from_stage_id, lead);
    assert.equal(events[1]!.data.to_stage_id, won);
  });

  it('a move to the stage the customer is in is no move: no history row, no event, the order kept (none to none too)', async () => {
    const { svc, org, api, lead, customer } = await setup();
    const none = await api('PUT', `/customers/${customer.id}/stage`, { stageId: null });
    assert.equal(none.statusCode, 200);
    await api('PUT', `/customers/${customer.id}/stage`, { stageId: lead, stageOrder: 1 });
    const same = await api('PUT', `/customers/${customer.id}/stage`, { stageId: lead, stageOrder: 7 });
    assert.equal(same.statusCode, 200);
    assert.equal(json(same).data.stageId, lead);
    assert.equal(json(same).data.stageOrder, 7);
    const history = json(await api('GET', `/customers/${customer.id}/stage-history`)).data;
    assert.deepEqual(
      history.map((entry: { fromStageId: string | null; toStageId: string | null }) => [entry.fromStageId, entry.toStageId]),
      [[null, lead]],
    );
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.stage_changed')).length, 1);
  });

  it('removes a customer from the funnel with stageId null', async () => {
    const { api, lead, customer } = await setup();
    await api('PUT', `/customers/${customer.id}/stage`, { stageId: lead, stageOrder: 1 });
    const res = await api('PUT', `/customers/${customer.id}/stage`, { stageId: null });
    assert.equal(res.statusCode, 200);
    assert.equal(json(res).data.stageId, null);
    assert.equal(json(res).data.stageOrder, null);
  });

  it('answers 400 when stageId is absent or not a stage of the organization, and changes nothing', async () => {
    const { svc, api, customer } = await setup();
    const other = await svc.seedOrganization({ name: 'Other' });
    const foreignStage = await insertStage(svc, other.organizationId);
    for (const payload of [{}, { stageOrder: 1 }, { stageId: UNKNOWN }, { stageId: foreignStage }, { stageId: 'x' }]) {
      const res = await api('PUT', `/customers/${customer.id}/stage`, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(json(res).error.details[0].field, 'stageId');
    }
    assert.equal(json(await api('GET', `/customers/${customer.id}`)).data.stageId, null);
    assert.equal(json(await api('GET', `/customers/${customer.id}/stage-history`)).data.length, 0);
  });

  it('answers 404 for an unknown customer or chat', async () => {
    const { api, lead, customer } = await setup();
    assert.equal(json(await api('PUT', `/customers/${UNKNOWN}/stage`, { stageId: lead })).error.code, 'CUSTOMER_NOT_FOUND');
    assert.equal(
      json(await api('PUT', `/customers/${customer.id}/stage`, { stageId: lead, chatId: UNKNOWN })).error.code,
      'CHAT_NOT_FOUND',
    );
    assert.equal((await api('GET', `/customers/${UNKNOWN}/stage-history`)).statusCode, 404);
  });
});

describeEachDatabase('customers: tags on a customer', (env) => {
  async function setup() {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#FFAA00' })).data;
    const customer = json(await api('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).data;
    return { svc, org, api, tag, customer };
  }

  it('attaches a tag idempotently, keeping the chat for audit', async () => {
    const { svc, org, api, tag, customer } = await setup();
    const chatId = await insertChat(svc, org, customer.id);
    for (let i = 0; i < 2; i++) {
      const res = await api('POST', `/customers/${customer.id}/tags`, { tagId: tag.id, chatId });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(json(res), { success: true, data: {} });
    }
    const links = await svc.db.selectFrom('customer_tags').selectAll().where('customer_id', '=', customer.id).execute();
    assert.equal(links.length, 1);
    assert.equal(links[0]!.chat_id, chatId);
    const events = await eventsOf(svc, org.organizationId, 'customer.tag_added');
    assert.equal(events.length, 1, 'the second attach changes nothing');
    assert.deepEqual(
      { c: events[0]!.data.customer_id, t: events[0]!.data.tag_id, chat: events[0]!.data.chat_id },
      { c: customer.id, t: tag.id, chat: chatId },
    );
    assert.deepEqual(
      json(await api('GET', `/customers/${customer.id}`)).data.tags.map((t: any) => t.id),
      [tag.id],
    );
  });

  it('answers 200 to ten concurrent attaches of one tag, with one link and one customer.tag_added', async () => {
    const { svc, org, api, tag, customer } = await setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('POST', `/customers/${customer.id}/tags`, { tagId: tag.id })));
    assert.deepEqual(
      answers.map((r) => r.statusCode),
      Array(10).fill(200),
      answers.map((r) => r.body).join('\n'),
    );
    const links = await svc.db.selectFrom('customer_tags').selectAll().where('customer_id', '=', customer.id).execute();
    assert.equal(links.length, 1);
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.tag_added')).length, 1);
  });

  it('detaches a tag (idempotent) and records customer.tag_removed with the chat', async () => {
    const { svc, org, api, tag, customer } = await setup();
    const chatId = await insertChat(svc, org, customer.id);
    await api('POST', `/customers/${customer.id}/tags`, { tagId: tag.id });
    const res = await svc.inject({
      method: 'DELETE',
      url: `/api/${org.organizationId}/customers/${customer.id}/tags/${tag.id}`,
      headers: org.keyHeader,
      payload: { chatId },
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(json(res), { success: true, data: {} });
    const again = await api('DELETE', `/customers/${customer.id}/tags/${tag.id}`);
    assert.equal(again.statusCode, 200, 'detaching without a body, and when not attached');
    assert.equal(json(await api('GET', `/customers/${customer.id}`)).data.tags.length, 0);
    const events = await eventsOf(svc, org.organizationId, 'customer.tag_removed');
    assert.equal(events.length, 1);
    assert.equal(events[0]!.data.chat_id, chatId);
  });

  it('answers 404 for an unknown customer, tag or chat, and 400 without tagId', async () => {
    const { api, tag, customer } = await setup();
    assert.equal(json(await api('POST', `/customers/${UNKNOWN}/tags`, { tagId: tag.id })).error.code, 'CUSTOMER_NOT_FOUND');
    assert.equal(json(await api('POST', `/customers/${customer.id}/tags`, { tagId: UNKNOWN })).error.code, 'TAG_NOT_FOUND');
    assert.equal(
      json(await api('POST', `/customers/${customer.id}/tags`, { tagId: tag.id, chatId: UNKNOWN })).error.code,
      'CHAT_NOT_FOUND',
    );
    assert.equal(json(await api('DELETE', `/customers/${customer.id}/tags/${UNKNOWN}`)).error.code, 'TAG_NOT_FOUND');
    assert.equal(json(await api('DELETE', `/customers/${UNKNOWN}/tags/${tag.id}`)).error.code, 'CUSTOMER_NOT_FOUND');
    const missing = await api('POST', `/customers/${customer.id}/tags`, {});
    assert.equal(missing.statusCode, 400);
    assert.equal(json(missing).error.details[0].field, 'tagId');
  });
});
