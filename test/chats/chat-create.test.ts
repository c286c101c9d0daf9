/**
 * Chat create (spec endpoint 2): the contact by channel kind (rule 1), a new or reused chat
 * (rule 5), the answer's fields, authentication by either header, the channel's checks, idempotency
 * and cross-tenant requests. Real HTTP against the started service, on both databases.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { chatRow, counts, createChat, eventsOf } from './chat-create-support.js';

const RESULT_FIELDS = [
  'chatId',
  'customerId',
  'existing',
  'flowInitiated',
  'formattedContact',
  'initialMessageId',
  'initialMessageStatus',
  'keepPending',
  'responseFlowId',
  'responseFlowName',
  'responseFlowScheduled',
  'status',
  'success',
  'templateMessageId',
  'templateSent',
  'templateStatus',
];

describeEachDatabase('chat create', (env) => {
  it('a new contact: customer and pending chat created, every field of the answer present, events written', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const res = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customer: { name: 'Ana', whatsapp: '+55 (11) 98765-4321' },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.json).sort(), RESULT_FIELDS);
    assert.equal(res.json.success, true);
    assert.equal(res.json.formattedContact, '5511987654321');
    assert.equal(res.json.existing, false);
    assert.equal(res.json.flowInitiated, false);
    assert.equal(res.json.keepPending, false);
    assert.equal(res.json.responseFlowScheduled, false);
    assert.equal(res.json.responseFlowId, null);
    assert.equal(res.json.responseFlowName, null);
    assert.equal(res.json.templateSent, false);
    assert.equal(res.json.templateMessageId, null);
    assert.equal(res.json.status, 'pending');
    const chat = await chatRow(svc, res.json.chatId);
    assert.equal(chat.status, 'pending');
    assert.equal(chat.assignee_profile_id, null);
    assert.equal(chat.contact, '5511987654321');
    const customer = await svc.services.customers.get(org.organizationId, res.json.customerId);
    assert.equal(customer.name, 'Ana');
    assert.deepEqual(
      customer.contacts.map((c) => [c.type, c.value]),
      [['whatsapp', '5511987654321']],
    );
    const created = await eventsOf(svc, org.organizationId, 'customer.created');
    assert.equal(created.length, 1);
    assert.equal(created[0]!.customer.name, 'Ana');
    assert.equal((await eventsOf(svc, org.organizationId, 'chat.created')).length, 1);
  });

  it('rule 5: the active chat of the contact on the channel is reused (existing: true), also written another way', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const first = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' } });
    const again = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { phone: '(11) 98765-4321' } });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.existing, true);
    assert.equal(again.json.chatId, first.json.chatId);
    const other = await createChat(svc, org, { channelId: org.channels.whatsapp_wapi, customer: { whatsapp: '5511987654321' } });
    assert.equal(other.json.existing, false, 'another channel has its own chat');
    assert.equal(other.json.customerId, first.json.customerId, 'but the same customer');
    await svc.db.updateTable('chats').set({ status: 'closed' }).where('id', '=', first.json.chatId).execute();
    const reopened = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' } });
    assert.equal(reopened.json.existing, false, 'a closed chat is not reused');
    assert.notEqual(reopened.json.chatId, first.json.chatId);
    assert.equal((await counts(svc, org.organizationId)).customers, 1);
  });

  it("rule 5 holds when the chat's contact was removed from its customer: the active chat is still the one", async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const first = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' } });
    assert.equal(first.status, 200, first.text);
    // The customer's number changes; the chat opened for the old one stays active under it.
    const changed = await svc.inject({
      method: 'PUT',
      url: `/api/${org.organizationId}/customers/${first.json.customerId}`,
      headers: org.keyHeader,
      payload: { contacts: [{ type: 'whatsapp', value: '5511912345678' }] },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const before = await counts(svc, org.organizationId);
    const again = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' } });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.json.existing, true);
    assert.equal(again.json.chatId, first.json.chatId);
    // The old number belongs to no customer now, so one is made for it (its chat insert, tried first
    // for a new customer, is refused by the one-active-chat index: no second chat, no chat.created).
    const after = await counts(svc, org.organizationId);
    assert.deepEqual(
      { customers: after.customers - before.customers, contacts: after.contacts - before.contacts, chats: after.chats - before.chats },
      { customers: 1, contacts: 1, chats: 0 },
    );
    const types = await svc.db
      .selectFrom('events')
      .select('type')
      .where('organization_id', '=', org.organizationId)
      .orderBy('seq')
      .execute();
    assert.deepEqual(
      types.slice(before.events).map((e) => e.type),
      ['customer.created'],
    );
  });

  it('rule 1: the contact is read by channel kind; missing or invalid is 400 naming the field', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const cases = [
      { channel: org.channels.email, customer: { email: ' Ana@Example.COM ' }, contact: 'ana@example.com' },
      { channel: org.channels.instagram, customer: { instagram: 'ana.insta' }, contact: 'ana.insta' },
      { channel: org.channels.facebook, customer: { facebook: '1234567890' }, contact: '1234567890' },
      {
        channel: org.channels.whatsapp_official,
        customer: { whatsapp: '+1 212 555 0100', phone: '5511987654321' },
        contact: '12125550100',
      },
    ];
    for (const c of cases) {
      const res = await createChat(svc, org, { channelId: c.channel, customer: c.customer });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.formattedContact, c.contact);
    }
    const missing = [
      { channel: org.channels.whatsapp_evo, customer: { email: 'a@example.com' }, field: 'customer.whatsapp' },
      { channel: org.channels.email, customer: { whatsapp: '5511987654321' }, field: 'customer.email' },
      { channel: org.channels.instagram, customer: { facebook: 'x' }, field: 'customer.instagram' },
      { channel: org.channels.facebook, customer: undefined, field: 'customer.facebook' },
      { channel: org.channels.whatsapp_waha, customer: { whatsapp: 'not a number' }, field: 'customer.whatsapp' },
      { channel: org.channels.whatsapp_waha, customer: { phone: '12' }, field: 'customer.phone' },
      { channel: org.channels.email, customer: { email: 'nope' }, field: 'customer.email' },
      { channel: org.channels.instagram, customer: { instagram: 'has space' }, field: 'customer.instagram' },
    ];
    for (const m of missing) {
      const res = await createChat(svc, org, { channelId: m.channel, customer: m.customer });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.success, false);
      assert.equal(res.json.error.code, 'VALIDATION_ERROR');
      assert.deepEqual(
        res.json.error.details.map((d: { field: string }) => d.field),
        [m.field],
      );
    }
    assert.equal((await counts(svc, org.organizationId)).chats, 4);
  });

  it('the key in x-api-key or Authorization: Bearer; none, a bad one, or a key without chats:write is refused', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const body = { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' } };
    assert.equal((await createChat(svc, org, body, org.keyHeader)).status, 200);
    const bearer = await createChat(svc, org, body, org.bearer);
    assert.equal(bearer.status, 200, bearer.text);
    assert.equal(bearer.json.existing, true);
    assert.equal((await createChat(svc, org, body, {})).status, 401);
    assert.equal((await createChat(svc, org, body, { 'x-api-key': 'cnv_wrong' })).status, 401);
    const readOnly = await svc.services.tenancy.createApiKey(org.profileId, { name: 'ro', scopes: ['customers:read'] });
    const forbidden = await createChat(svc, org, body, { authorization: `Bearer ${readOnly.key}` });
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.json.error.code, 'FORBIDDEN');
  });

  it('the channel: unknown, inactive → 404 CHANNEL_NOT_FOUND; disconnected → 422 CHANNEL_DISCONNECTED; nothing written', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const customer = { whatsapp: '5511987654321' };
    const unknown = await createChat(svc, org, { channelId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f', customer });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'CHANNEL_NOT_FOUND');
    await svc.services.channels.update(org.organizationId, org.channels.whatsapp_zapi, { active: false });
    const inactive = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer });
    assert.equal(inactive.status, 404);
    assert.equal(inactive.json.error.code, 'CHANNEL_NOT_FOUND');
    await svc.services.channels.update(org.organizationId, org.channels.whatsapp_wapi, { status: 'disconnected' });
    const disconnected = await createChat(svc, org, { channelId: org.channels.whatsapp_wapi, customer });
    assert.equal(disconnected.status, 422);
    assert.equal(disconnected.json.error.code, 'CHANNEL_DISCONNECTED');
    const after = await counts(svc, org.organizationId);
    assert.equal(after.chats + after.customers, 0);
  });

  it('bad input of every kind is a 4xx with the error envelope, never a 5xx', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const channelId = org.channels.whatsapp_zapi;
    const customer = { whatsapp: '5511987654321' };
    const bodies: unknown[] = [
      {},
      { customer },
      { channelId: 'not-a-uuid', customer },
      { channelId, customer, unknownField: 1 },
      { channelId, customer: { ...customer, nickname: 'x' } },
      { channelId, customer: 'Ana' },
      { channelId, customer, keepPending: 'yes' },
      { channelId, customer, initialMessage: 42 },
      { channelId, customer, initialMessage: '' },
      { channelId, customer, initialMessage: '   ' },
      { channelId, customer, initialMessage: { type: 'sticker', content: 'x' } },
      { channelId, customer, initialMessage: { type: 'text' } },
      { channelId, customer, initialMessage: { type: 'image' } },
      { channelId, customer, initialMessage: { type: 'image', url: 'http://example.com/a.png' } },
      { channelId, customer, initialMessage: { type: 'document', url: 'not a url' } },
      { channelId, customer, flowVariables: [{ name: 'x' }] },
      { channelId, customer, flowVariables: 'x' },
      { channelId, customer, teamId: 'x' },
      { channelId, customer: { ...customer, salePrice: 'lots' } },
      { channelId, customer: { ...customer, salePrice: -1 } },
      { channelId, customer: { ...customer, tags: 5 } },
      { channelId, customer: { ...customer, customFields: 'x' } },
      { channelId, customer: { ...customer, forceUpdate: { nickname: true } } },
      { channelId, customer: { ...customer, email: 'not-an-email' } },
      { channelId, customer: { ...customer, document: '---' } },
      { channelId, customer: { ...customer, phone: 'abc' } },
      { channelId, customer, whatsappTemplate: { variables: ['x'] } },
      '{"channelId":',
      '[]',
    ];
    for (const body of bodies) {
      const res = await createChat(svc, org, body);
      assert.ok(res.status >= 400 && res.status < 500, `${JSON.stringify(body)} → ${res.status} ${res.text}`);
      assert.equal(res.json?.success, false, res.text);
      assert.equal(typeof res.json.error.code, 'string');
    }
    const after = await counts(svc, org.organizationId);
    assert.equal(after.chats + after.customers + after.messages, 0, 'nothing half-written');
  });

  it('Idempotency-Key: the same body replays the first answer; another body under the key is 422', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const body = { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' }, initialMessage: 'Hello' };
    const headers = { ...org.keyHeader, 'idempotency-key': 'create-1' };
    const first = await createChat(svc, org, body, headers);
    assert.equal(first.status, 200, first.text);
    const replay = await createChat(svc, org, body, headers);
    assert.equal(replay.status, 200);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(replay.json, first.json);
    assert.equal(replay.json.existing, false, 'the first answer, not a second call');
    const c = await counts(svc, org.organizationId);
    assert.equal(c.messages, 1, 'the initial message was sent once');
    const reused = await createChat(svc, org, { ...body, initialMessage: 'Other' }, headers);
    assert.equal(reused.status, 422);
    assert.equal(reused.json.error.code, 'IDEMPOTENCY_KEY_REUSED');
  });

  it("cross-tenant: another organization's key with this organization's ids is refused and changes nothing", async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization({ name: 'Mine' });
    const other = await svc.seedOrganization({ name: 'Theirs' });
    const mine = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' } });
    const team = await svc.services.teams.create(org.organizationId, { name: 'Support' });
    const flow = await svc.services.flows.create(org.organizationId, { name: 'Welcome', steps: [{ type: 'wait', seconds: 1 }] });
    const before = await counts(svc, org.organizationId);
    // Their key on my organization's path: not a member.
    const notMember = await createChat(
      svc,
      org,
      { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511900000001' } },
      other.keyHeader,
    );
    assert.equal(notMember.status, 403);
    // Their organization's path with my ids.
    const asOther = (body: Record<string, unknown>) => createChat(svc, other, { customer: { whatsapp: '5511900000002' }, ...body });
    const channel = await asOther({ channelId: org.channels.whatsapp_zapi });
    assert.equal(channel.status, 404);
    assert.equal(channel.json.error.code, 'CHANNEL_NOT_FOUND');
    const customer = await asOther({ channelId: other.channels.whatsapp_zapi, customerId: mine.json.customerId });
    assert.equal(customer.status, 404);
    assert.equal(customer.json.error.code, 'CUSTOMER_NOT_FOUND');
    const teamRes = await asOther({ channelId: other.channels.whatsapp_zapi, teamId: team.id });
    assert.equal(teamRes.status, 400);
    assert.equal(teamRes.json.error.details[0].field, 'teamId');
    const flowRes = await asOther({ channelId: other.channels.whatsapp_zapi, flowId: flow.id });
    assert.equal(flowRes.status, 404);
    assert.equal(flowRes.json.error.code, 'FLOW_NOT_FOUND');
    const responseFlow = await asOther({ channelId: other.channels.whatsapp_zapi, responseFlowId: flow.id });
    assert.equal(responseFlow.status, 404);
    assert.deepEqual(await counts(svc, org.organizationId), before);
    const theirs = await counts(svc, other.organizationId);
    assert.equal(theirs.chats + theirs.customers, 0);
  });
});
