import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { eventsOf, insertField, insertStage, orgApi, setDefaultCountry } from './crm-fixtures.js';

describeEachDatabase('customers: create and read', (env) => {
  it('creates a customer with normalized contacts, tags, stage and custom fields, and records customer.created', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const stageId = await insertStage(svc, org.organizationId);
    const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#F00' })).data;
    await insertField(svc, org.organizationId, 'size', 'select', ['small', 'large']);

    const res = await api('POST', '/customers', {
      name: '  Ana Silva ',
      email: ' Ana@Example.COM ',
      document: '123.456.789-09',
      country: 'BR',
      person_type: 'individual',
      salePrice: 1500.5,
      stageId,
      selectedTags: [tag.id],
      customFields: [{ slug: 'size', value: 'large' }],
      contacts: [
        { type: 'whatsapp', value: '(11) 98765-4321', label: 'mobile' },
        { type: 'instagram', value: ' ana.silva ' },
      ],
    });
    assert.equal(res.statusCode, 201);
    const body = json(res);
    assert.equal(body.success, true);
    const customer = body.data;
    assert.equal(customer.name, 'Ana Silva');
    assert.equal(customer.email, 'ana@example.com');
    assert.equal(customer.document, '12345678909');
    assert.equal(customer.country, 'BR');
    assert.equal(customer.person_type, 'individual');
    assert.equal(customer.salePrice, 1500.5);
    assert.equal(customer.stageId, stageId);
    assert.equal(customer.stageOrder, null);
    assert.deepEqual(
      customer.contacts.map((c: any) => [c.type, c.value, c.label]),
      [
        ['whatsapp', '5511987654321', 'mobile'],
        ['instagram', 'ana.silva', null],
      ],
    );
    assert.deepEqual(customer.tags, [{ id: tag.id, name: 'VIP', color: '#F00' }]);
    assert.equal(customer.customFields[0].slug, 'size');
    assert.equal(customer.customFields[0].value, 'large');
    assert.ok(customer.createdAt && customer.updatedAt);

    const fetched = await api('GET', `/customers/${customer.id}`);
    assert.equal(fetched.statusCode, 200);
    assert.deepEqual(json(fetched).data, customer);

    const events = await eventsOf(svc, org.organizationId, 'customer.created');
    assert.equal(events.length, 1);
    assert.equal(events[0]!.data.customer.id, customer.id);
    const history = json(await api('GET', `/customers/${customer.id}/stage-history`)).data;
    assert.equal(history.length, 1, 'entering the funnel on create is a history entry');
    assert.equal(history[0].toStageId, stageId);
    assert.equal(history[0].fromStageId, null);
  });

  it('accepts an e-mail as the only reachable contact, and refuses a customer without any', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    assert.equal((await api('POST', '/customers', { name: 'Mail only', email: 'm@example.com' })).statusCode, 201);
    const none = await api('POST', '/customers', { name: 'Nobody', document: '1' });
    assert.equal(none.statusCode, 400);
    assert.equal(json(none).error.code, 'VALIDATION_ERROR');
    assert.equal(json(none).error.details[0].field, 'contacts');
    assert.equal((await api('POST', '/customers', { name: 'Nobody', contacts: [] })).statusCode, 400);
  });

  it('answers 400 for a missing or blank name, a bad contact, an unknown stage, tag or field, and writes nothing', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const api = orgApi(svc, org);
    const otherStage = await insertStage(svc, other.organizationId);
    const contacts = [{ type: 'whatsapp', value: '+5511987654321' }];
    const cases: [unknown, string][] = [
      [{ contacts }, 'name'],
      [{ name: '   ', contacts }, 'name'],
      [{ name: 'A', contacts: [{ type: 'whatsapp', value: '12' }] }, 'contacts.0.value'],
      [{ name: 'A', contacts: [{ type: 'fax', value: '123' }] }, 'contacts.0.type'],
      [{ name: 'A', email: 'not-an-email' }, 'email'],
      [{ name: 'A', contacts, stageId: otherStage }, 'stageId'],
      [{ name: 'A', contacts, stageId: 'not-a-uuid' }, 'stageId'],
      [{ name: 'A', contacts, selectedTags: ['0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f'] }, 'selectedTags.0'],
      [{ name: 'A', contacts, customFields: [{ slug: 'nope', value: 1 }] }, 'customFields.0.slug'],
      [{ name: 'A', contacts, salePrice: '10' }, 'salePrice'],
    ];
    for (const [payload, field] of cases) {
      const res = await api('POST', '/customers', payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)} → ${res.body}`);
      assert.equal(json(res).error.code, 'VALIDATION_ERROR');
      assert.ok(
        json(res).error.details.some((d: any) => d.field === field),
        `${field} in ${res.body}`,
      );
    }
    const count = await svc.db
      .selectFrom('customers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 0);
  });

  it('rolls back the whole create when a custom field value is invalid', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    await insertField(svc, org.organizationId, 'age', 'number');
    const res = await orgApi(svc, org)('POST', '/customers', {
      name: 'A',
      email: 'a@example.com',
      customFields: [{ slug: 'age', value: 'old' }],
    });
    assert.equal(res.statusCode, 400);
    assert.equal(json(res).error.details[0].field, 'customFields.0.value');
    const rows = await svc.db.selectFrom('customers').select('id').execute();
    assert.equal(rows.length, 0);
    assert.equal((await eventsOf(svc, org.organizationId)).length, 0);
  });

  it('uses the organization default country for bare national numbers', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    await setDefaultCountry(svc, org.organizationId, 'US');
    const res = await orgApi(svc, org)('POST', '/customers', { name: 'Joe', contacts: [{ type: 'phone', value: '(415) 555-2671' }] });
    assert.equal(res.statusCode, 201);
    assert.equal(json(res).data.contacts[0].value, '14155552671');
  });

  it("reads a national number in a phone field with the organization's country, even beside international contacts", async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    await setDefaultCountry(svc, org.organizationId, 'US');
    await insertField(svc, org.organizationId, 'office', 'phone');
    const api = orgApi(svc, org);
    const created = await api('POST', '/customers', {
      name: 'Joe',
      contacts: [{ type: 'whatsapp', value: '+55 11 98765-4321' }],
      customFields: [{ slug: 'office', value: '(415) 555-2671' }],
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(json(created).data.customFields[0].value, '14155552671');
    const updated = await api('PUT', `/customers/${json(created).data.id}`, {
      customFields: [{ slug: 'office', value: '(212) 555-0100' }],
    });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(json(updated).data.customFields[0].value, '12125550100');
  });

  it('answers 404 for an unknown customer', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    const res = await api('GET', '/customers/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f');
    assert.equal(res.statusCode, 404);
    assert.equal(json(res).error.code, 'CUSTOMER_NOT_FOUND');
  });
});

describeEachDatabase('customers: duplicates', (env) => {
  async function setup() {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const first = json(
      await api('POST', '/customers', {
        name: 'First',
        email: 'first@example.com',
        document: '123.456.789-09',
        contacts: [
          { type: 'whatsapp', value: '+55 11 98765-4321' },
          { type: 'email', value: 'work@example.com' },
        ],
      }),
    ).data;
    return { svc, org, api, first };
  }

  it('refuses a contact another customer holds, Brazilian ninth digit or not, naming that customer', async () => {
    const { svc, org, api, first } = await setup();
    const res = await api('POST', '/customers', { name: 'Second', contacts: [{ type: 'whatsapp', value: '+55 11 8765-4321' }] });
    assert.equal(res.statusCode, 409);
    assert.equal(json(res).error.code, 'DUPLICATE_CONTACT');
    assert.equal(json(res).error.existingCustomerId, first.id);
    assert.equal(json(res).error.details[0].field, 'contacts.0.value');
    const rows = await svc.db.selectFrom('customers').select('id').where('organization_id', '=', org.organizationId).execute();
    assert.equal(rows.length, 1, 'nothing written');
  });

  it('lets only one of several concurrent creates claim the same contact', async () => {
    const { svc, org, api } = await setup();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api('POST', '/customers', { name: `Racer ${i}`, contacts: [{ type: 'whatsapp', value: '+55 21 98888-7777' }] }),
      ),
    );
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [201, 409, 409, 409, 409, 409]);
    const holders = await svc.db
      .selectFrom('customer_contacts')
      .select('customer_id')
      .where('organization_id', '=', org.organizationId)
      .where('match_key', '=', '5521988887777')
      .execute();
    assert.equal(holders.length, 1);
  });

  it('treats the same number under another contact type as a different contact', async () => {
    const { api } = await setup();
    const res = await api('POST', '/customers', { name: 'Second', contacts: [{ type: 'phone', value: '+55 11 98765-4321' }] });
    assert.equal(res.statusCode, 201);
  });

  it('refuses an e-mail held as a primary e-mail or as an e-mail contact, in any case', async () => {
    const { api, first } = await setup();
    const primary = await api('POST', '/customers', { name: 'S', email: 'FIRST@example.com' });
    assert.equal(primary.statusCode, 409);
    assert.equal(json(primary).error.code, 'DUPLICATE_EMAIL');
    assert.equal(json(primary).error.existingCustomerId, first.id);
    const asContact = await api('POST', '/customers', { name: 'S', email: 'work@example.com' });
    assert.equal(json(asContact).error.code, 'DUPLICATE_EMAIL');
    const contactVsPrimary = await api('POST', '/customers', { name: 'S', contacts: [{ type: 'email', value: 'first@example.com' }] });
    assert.equal(contactVsPrimary.statusCode, 409);
    assert.equal(json(contactVsPrimary).error.code, 'DUPLICATE_CONTACT');
  });

  it('refuses a document held by another customer, whatever its punctuation', async () => {
    const { api, first } = await setup();
    const res = await api('POST', '/customers', { name: 'S', email: 's@example.com', document: '12345678909' });
    assert.equal(res.statusCode, 409);
    assert.equal(json(res).error.code, 'DUPLICATE_DOCUMENT');
    assert.equal(json(res).error.existingCustomerId, first.id);
  });

  it('allows every kind of duplicate with allowDuplicateContacts: true', async () => {
    const { api } = await setup();
    const res = await api('POST', '/customers', {
      name: 'Twin',
      email: 'first@example.com',
      document: '123.456.789-09',
      contacts: [{ type: 'whatsapp', value: '+5511987654321' }],
      allowDuplicateContacts: true,
    });
    assert.equal(res.statusCode, 201);
  });

  it("does not see another organization's customers as duplicates", async () => {
    const { svc } = await setup();
    const other = await svc.seedOrganization({ name: 'Other' });
    const res = await orgApi(svc, other)('POST', '/customers', {
      name: 'Same',
      email: 'first@example.com',
      document: '12345678909',
      contacts: [{ type: 'whatsapp', value: '+5511987654321' }],
    });
    assert.equal(res.statusCode, 201);
  });

  it('refuses on update a value another customer holds, but not the values the customer already has', async () => {
    const { api, first } = await setup();
    const second = json(await api('POST', '/customers', { name: 'Second', email: 'second@example.com' })).data;
    const clash = await api('PUT', `/customers/${second.id}`, { contacts: [{ type: 'whatsapp', value: '11987654321' }] });
    assert.equal(clash.statusCode, 409);
    assert.equal(json(clash).error.existingCustomerId, first.id);
    const docClash = await api('PUT', `/customers/${second.id}`, { document: '123.456.789-09' });
    assert.equal(json(docClash).error.code, 'DUPLICATE_DOCUMENT');
    const own = await api('PUT', `/customers/${first.id}`, {
      email: 'first@example.com',
      document: '12345678909',
      contacts: first.contacts.map((c: any) => ({ type: c.type, value: c.value })),
    });
    assert.equal(own.statusCode, 200, own.body);
  });
});
