/**
 * Chat create and the customer (spec endpoint 2 rules 2–4): a new customer gets everything sent and
 * the channel's default stage; an existing one only has empty values filled, unless forceUpdate
 * marks the field; extra contacts are added when missing; tags attach by name and are never
 * created; custom fields by slug are validated as endpoint 17 validates them; customerId names the
 * customer. On every refusal nothing is written.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { counts, createChat, customerOf, eventsOf } from './chat-create-support.js';

async function definitions(svc: TestService, org: SeededOrganization) {
  const { customFields, tags } = svc.services;
  await customFields.create(org.organizationId, { slug: 'plan', name: 'Plan', type: 'select', options: ['basic', 'pro'] });
  await customFields.create(org.organizationId, { slug: 'seats', name: 'Seats', type: 'number' });
  await customFields.create(org.organizationId, { slug: 'notes', name: 'Notes', type: 'text' });
  const vip = await tags.create(org.organizationId, { name: 'VIP', color: '#ff0000' });
  const lead = await tags.create(org.organizationId, { name: 'Lead', color: '#00ff00' });
  return { vip: vip.id, lead: lead.id };
}

const fields = (customer: { customFields: { slug: string; value: unknown }[] }) =>
  Object.fromEntries(customer.customFields.map((f) => [f.slug, f.value]));

describeEachDatabase('chat create: the customer', (env) => {
  it('a new customer gets everything sent: name, e-mail, document, sale price, extra contacts, tags by name, fields, default stage', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const tags = await definitions(svc, org);
    const stage = await svc.services.stages.create(org.organizationId, { name: 'New lead' });
    await svc.services.channels.update(org.organizationId, org.channels.whatsapp_zapi, { settings: { defaultStageId: stage.id } });
    const res = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customer: {
        name: 'Ana Souza',
        whatsapp: '5511987654321',
        phone: '+55 11 3333-4444',
        email: 'ANA@example.com',
        instagram: 'ana.insta',
        document: '123.456.789-09',
        sale_price: '1500,50',
        tags: ['vip', 'unknown tag'],
        customFields: { plan: 'pro', seats: 3 },
      },
    });
    assert.equal(res.status, 200, res.text);
    const customer = await customerOf(svc, org, res.json.customerId);
    assert.equal(customer.name, 'Ana Souza');
    assert.equal(customer.email, 'ana@example.com');
    assert.equal(customer.document, '12345678909');
    assert.equal(customer.salePrice, 1500.5);
    assert.equal(customer.stageId, stage.id, 'rule 4: the channel default stage');
    assert.deepEqual(customer.contacts.map((c) => `${c.type}:${c.value}`).sort(), [
      'instagram:ana.insta',
      'phone:551133334444',
      'whatsapp:5511987654321',
    ]);
    assert.deepEqual(
      customer.tags.map((t) => t.id),
      [tags.vip],
      'an unknown name is ignored',
    );
    assert.deepEqual(fields(customer), { plan: 'pro', seats: 3 });
    const tagRows = await svc.db.selectFrom('tags').select('name').where('organization_id', '=', org.organizationId).execute();
    assert.equal(tagRows.length, 2, 'no tag was created');
    const created = await eventsOf(svc, org.organizationId, 'customer.created');
    assert.equal(created.length, 1, 'one customer.created, with the whole record');
    assert.equal(created[0]!.customer.document, '12345678909');
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.updated')).length, 0);
  });

  it('rule 2 and 3: an existing customer keeps its values; only empty ones are filled, missing contacts added', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    await definitions(svc, org);
    const existing = await svc.services.customers.create(
      org.organizationId,
      {
        name: 'Ana',
        email: 'ana@old.example.com',
        contacts: [{ type: 'whatsapp', value: '5511987654321' }],
        customFields: [{ slug: 'plan', value: 'basic' }],
      },
      null,
    );
    const res = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customer: {
        name: 'Someone Else',
        whatsapp: '5511987654321',
        email: 'ana@new.example.com',
        document: '12345678909',
        salePrice: 10,
        facebook: 'fb.ana',
        customFields: [
          { slug: 'plan', value: 'pro' },
          { slug: 'seats', value: 5 },
        ],
        tags: 'LEAD',
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.customerId, existing.id);
    const customer = await customerOf(svc, org, existing.id);
    assert.equal(customer.name, 'Ana', 'kept');
    assert.equal(customer.email, 'ana@old.example.com', 'kept');
    assert.equal(customer.document, '12345678909', 'filled');
    assert.equal(customer.salePrice, 10, 'filled');
    assert.deepEqual(fields(customer), { plan: 'basic', seats: 5 }, 'plan kept, seats filled');
    assert.deepEqual(customer.contacts.map((c) => `${c.type}:${c.value}`).sort(), ['facebook:fb.ana', 'whatsapp:5511987654321']);
    assert.deepEqual(
      customer.tags.map((t) => t.name),
      ['Lead'],
      'by name, case-insensitive',
    );
    const updated = await eventsOf(svc, org.organizationId, 'customer.updated');
    assert.equal(updated.length, 1);
    assert.deepEqual(updated[0]!.changed.sort(), ['contacts', 'customFields', 'document', 'salePrice', 'selectedTags']);
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.tag_added')).length, 1);
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.field_value_set')).length, 1);
  });

  it('a customer created by a send (named after its number) takes the name sent', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const first = await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customer: { whatsapp: '5511987654321' } });
    assert.equal((await customerOf(svc, org, first.json.customerId)).name, '5511987654321');
    await createChat(svc, org, { channelId: org.channels.whatsapp_zapi, customerName: 'Bruno', customer: { whatsapp: '5511987654321' } });
    assert.equal((await customerOf(svc, org, first.json.customerId)).name, 'Bruno', 'customerName when customer.name is absent');
  });

  it('forceUpdate overwrites exactly the fields it marks (customFields: true, a list, or one slug)', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    await definitions(svc, org);
    const seed = async (whatsapp: string) =>
      svc.services.customers.create(
        org.organizationId,
        {
          name: 'Old',
          email: `old-${whatsapp}@example.com`,
          document: `DOC${whatsapp}`,
          salePrice: 1,
          contacts: [
            { type: 'whatsapp', value: whatsapp },
            { type: 'phone', value: '+55 11 3333-0000' },
          ],
          customFields: [
            { slug: 'plan', value: 'basic' },
            { slug: 'seats', value: 1 },
            { slug: 'notes', value: 'old' },
          ],
          allowDuplicateContacts: true,
        },
        null,
      );
    const send = (whatsapp: string, forceUpdate: Record<string, unknown>) =>
      createChat(svc, org, {
        channelId: org.channels.whatsapp_zapi,
        customer: {
          whatsapp,
          name: 'New',
          email: `new-${whatsapp}@example.com`,
          document: `NEW${whatsapp}`,
          salePrice: 2,
          phone: `+55 11 3333-99${whatsapp.slice(-2)}`,
          customFields: { plan: 'pro', seats: 9, notes: 'new' },
          forceUpdate,
        },
      });

    const a = await seed('5511900000001');
    assert.equal((await send('5511900000001', { name: true, sale_price: true, phone: true, customFields: 'seats' })).status, 200);
    const ca = await customerOf(svc, org, a.id);
    assert.equal(ca.name, 'New');
    assert.equal(ca.salePrice, 2);
    assert.equal(ca.email, 'old-5511900000001@example.com', 'not marked: kept');
    assert.equal(ca.document, 'DOC5511900000001', 'not marked: kept');
    assert.deepEqual(ca.contacts.map((c) => `${c.type}:${c.value}`).sort(), ['phone:551133339901', 'whatsapp:5511900000001']);
    assert.deepEqual(fields(ca), { plan: 'basic', seats: 9, notes: 'old' });

    const b = await seed('5511900000002');
    assert.equal((await send('5511900000002', { email: true, document: true, customFields: ['plan', 'notes'] })).status, 200);
    const cb = await customerOf(svc, org, b.id);
    assert.equal(cb.name, 'Old');
    assert.equal(cb.email, 'new-5511900000002@example.com');
    assert.equal(cb.document, 'NEW5511900000002');
    assert.equal(cb.salePrice, 1);
    assert.deepEqual(cb.contacts.map((c) => `${c.type}:${c.value}`).sort(), [
      'phone:551133330000',
      'phone:551133339902',
      'whatsapp:5511900000002',
    ]);
    assert.deepEqual(fields(cb), { plan: 'pro', seats: 1, notes: 'new' });

    const c = await seed('5511900000003');
    assert.equal((await send('5511900000003', { customFields: true })).status, 200);
    assert.deepEqual(fields(await customerOf(svc, org, c.id)), { plan: 'pro', seats: 9, notes: 'new' });
  });

  it('customFields are validated as endpoint 17 validates them; unknown slug or bad value is 400 and nothing is written', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    await definitions(svc, org);
    const channelId = org.channels.whatsapp_zapi;
    const cases: [unknown, string][] = [
      [{ nope: 1 }, 'customer.customFields.nope.slug'],
      [{ plan: 'gold' }, 'customer.customFields.plan'],
      [[{ slug: 'seats', value: 'many' }], 'customer.customFields.0.value'],
    ];
    for (const [customFields, field] of cases) {
      const res = await createChat(svc, org, { channelId, customer: { whatsapp: '5511987654321', customFields } });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.details[0].field, field);
    }
    // A filled field is validated too, even though it would not be overwritten.
    await createChat(svc, org, { channelId, customer: { whatsapp: '5511987654321', customFields: { seats: 1 } } });
    const before = await counts(svc, org.organizationId);
    const bad = await createChat(svc, org, { channelId, customer: { whatsapp: '5511987654321', customFields: { seats: 'x' } } });
    assert.equal(bad.status, 400);
    assert.deepEqual(await counts(svc, org.organizationId), before);
  });

  it('customerId: that customer gets the chat and the contact; unknown → 404; a contact of another customer → 409; nothing written', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const ana = await svc.services.customers.create(org.organizationId, { name: 'Ana', email: 'ana@example.com' }, null);
    const bruno = await svc.services.customers.create(
      org.organizationId,
      { name: 'Bruno', contacts: [{ type: 'whatsapp', value: '5511911112222' }] },
      null,
    );
    const res = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customerId: ana.id,
      customer: { whatsapp: '5511987654321' },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.customerId, ana.id);
    assert.deepEqual(
      (await customerOf(svc, org, ana.id)).contacts.map((c) => c.value),
      ['5511987654321'],
    );
    const before = await counts(svc, org.organizationId);
    const unknown = await createChat(svc, org, {
      channelId: org.channels.whatsapp_zapi,
      customerId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f',
      customer: { whatsapp: '5511987654000' },
    });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'CUSTOMER_NOT_FOUND');
    const taken = await createChat(svc, org, {
      channelId: org.channels.whatsapp_wapi,
      customerId: ana.id,
      customer: { whatsapp: '5511911112222' },
    });
    assert.equal(taken.status, 409, taken.text);
    assert.equal(taken.json.error.code, 'DUPLICATE_CONTACT');
    assert.equal(taken.json.error.existingCustomerId, bruno.id);
    const email = await createChat(svc, org, {
      channelId: org.channels.whatsapp_wapi,
      customer: { whatsapp: '5511955556666', email: 'ana@example.com' },
    });
    assert.equal(email.status, 409, 'the e-mail of another customer');
    assert.equal(email.json.error.code, 'DUPLICATE_EMAIL');
    assert.deepEqual(await counts(svc, org.organizationId), before);
  });
});
