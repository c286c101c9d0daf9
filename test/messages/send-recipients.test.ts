/** The customer behind a send is found by the normalized `to`, whatever its country. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';

describeEachDatabase('send: the recipient as a customer', (env) => {
  it('keeps a foreign number as given (not re-read as a number of the default country) and finds its existing customer', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization(); // default country BR
    const existing = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: org.keyHeader,
      payload: { name: 'US guy', contacts: [{ type: 'whatsapp', value: '+1 212 555 0199' }] },
    });
    assert.equal(existing.statusCode, 201);
    const send = (to: string) =>
      svc.inject({
        method: 'POST',
        url: '/v1/messages/send',
        headers: org.bearer,
        payload: { channel_id: org.channels.whatsapp_official, to, type: 'text', content: { text: 'hi' } },
      });
    const known = await send('+12125550199');
    assert.equal(known.statusCode, 201);
    assert.equal(known.json().data.to, '12125550199');
    const chat = await svc.db.selectFrom('chats').selectAll().where('id', '=', known.json().data.chat_id).executeTakeFirstOrThrow();
    assert.equal(chat.customer_id, existing.json().data.id, 'the existing customer, not a new Brazilian one');
    assert.equal(chat.contact, '12125550199');

    const fresh = await send('+14155550123');
    const contacts = await svc.db
      .selectFrom('customer_contacts')
      .select(['value'])
      .where('organization_id', '=', org.organizationId)
      .execute();
    assert.ok(
      contacts.some((c) => c.value === '14155550123'),
      JSON.stringify(contacts),
    );
    assert.ok(!contacts.some((c) => c.value.startsWith('5514')), 'no Brazilian misreading');
    assert.equal((await svc.db.selectFrom('customers').select('id').where('organization_id', '=', org.organizationId).execute()).length, 2);
    assert.equal(fresh.statusCode, 201);
  });

  it('records customer.created for the customer of a sandbox 000 recipient', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const res = await svc.inject({
      method: 'POST',
      url: '/v1/messages/send',
      headers: org.bearer,
      payload: { channel_id: org.channels.whatsapp_zapi, to: '000123', type: 'text', content: { text: 'hi' } },
    });
    assert.equal(res.statusCode, 201);
    const chat = await svc.db.selectFrom('chats').selectAll().where('id', '=', res.json().data.chat_id).executeTakeFirstOrThrow();
    const created = await svc.db.selectFrom('events').select('payload').where('type', '=', 'customer.created').execute();
    assert.ok(created.some((e) => JSON.parse(e.payload).customer.id === chat.customer_id));
  });
});
