import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AppError } from '../../src/errors.js';
import { findOrCreateCustomerByContact } from '../../src/modules/customers/customers.service.js';
import { orgContext } from '../../src/modules/shared/org-context.js';
import { describeEachDatabase, json, type TestService } from '../support/harness.js';
import { eventsOf, insertStage, orgApi } from './crm-fixtures.js';

describeEachDatabase('findOrCreateCustomerByContact', (env) => {
  function lookup(
    svc: TestService,
    organizationId: string,
    contact: { type: string; value: string; name?: string },
    defaultStageId?: string,
  ) {
    return svc.db
      .transaction()
      .execute((trx) =>
        findOrCreateCustomerByContact(orgContext(svc.deps, trx, organizationId), contact, { defaultCountry: 'BR', defaultStageId }),
      );
  }

  it('creates a customer once, records customer.created, and finds it again in another format', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const stageId = await insertStage(svc, org.organizationId);
    const first = await lookup(svc, org.organizationId, { type: 'whatsapp', value: '+55 11 8765-4321', name: 'Ana' }, stageId);
    assert.equal(first.created, true);
    assert.equal(first.contactValue, '551187654321');
    const again = await lookup(svc, org.organizationId, { type: 'whatsapp', value: '11987654321' });
    assert.deepEqual(again, { customerId: first.customerId, created: false, contactValue: '551187654321' }, 'the stored form is answered');

    const record = json(await orgApi(svc, org)('GET', `/customers/${first.customerId}`)).data;
    assert.equal(record.name, 'Ana');
    assert.equal(record.stageId, stageId, 'the channel default stage applies to a new customer');
    const events = await eventsOf(svc, org.organizationId, 'customer.created');
    assert.equal(events.length, 1);
    assert.equal(events[0]!.data.customer.id, first.customerId);
  });

  it('finds a phone contact from a WhatsApp number and remembers the WhatsApp contact', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const created = json(
      await orgApi(svc, org)('POST', '/customers', { name: 'Ana', contacts: [{ type: 'phone', value: '+5511987654321' }] }),
    ).data;
    const found = await lookup(svc, org.organizationId, { type: 'whatsapp', value: '5511987654321' });
    assert.deepEqual(found, { customerId: created.id, created: false, contactValue: '5511987654321' });
    const record = json(await orgApi(svc, org)('GET', `/customers/${created.id}`)).data;
    assert.deepEqual(record.contacts.map((c: any) => c.type).sort(), ['phone', 'whatsapp']);
    const updated = await eventsOf(svc, org.organizationId, 'customer.updated');
    assert.deepEqual(
      updated.map((e) => e.data.changed),
      [['contacts']],
    );
  });

  it('prefers the customer holding the contact as its own type over one holding it as the other phone type', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    // Created first, so an index walk without the preference would meet it first ('phone' < 'whatsapp').
    const byPhone = json(
      await api('POST', '/customers', { name: 'By phone', contacts: [{ type: 'phone', value: '+5511987654321' }] }),
    ).data;
    const byWhatsApp = json(
      await api('POST', '/customers', { name: 'By WhatsApp', contacts: [{ type: 'whatsapp', value: '+5511987654321' }] }),
    ).data;
    assert.ok(byPhone.id && byWhatsApp.id, 'two customers, one contact type each');
    const found = await lookup(svc, org.organizationId, { type: 'whatsapp', value: '5511987654321' });
    assert.deepEqual(found, { customerId: byWhatsApp.id, created: false, contactValue: '5511987654321' });
    const phoneRecord = json(await api('GET', `/customers/${byPhone.id}`)).data;
    assert.deepEqual(
      phoneRecord.contacts.map((c: any) => c.type),
      ['phone'],
      'the phone holder gains no WhatsApp contact',
    );
  });

  it("finds by e-mail (primary or contact), names a new customer after its contact, ignores a stage that is not the organization's", async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const foreignStage = await insertStage(svc, other.organizationId);
    const created = json(await orgApi(svc, org)('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).data;
    assert.equal((await lookup(svc, org.organizationId, { type: 'email', value: 'ANA@example.com' })).customerId, created.id);
    const fresh = await lookup(svc, org.organizationId, { type: 'instagram', value: ' 1784 ' }, foreignStage);
    assert.equal(fresh.created, true);
    const record = json(await orgApi(svc, org)('GET', `/customers/${fresh.customerId}`)).data;
    assert.equal(record.name, '1784');
    assert.equal(record.stageId, null);
    const elsewhere = await lookup(svc, other.organizationId, { type: 'email', value: 'ana@example.com' });
    assert.equal(elsewhere.created, true, 'another organization never finds this customer');
  });

  it('throws VALIDATION_ERROR naming the caller field for an invalid value, and rolls back with the caller', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    await assert.rejects(
      svc.db
        .transaction()
        .execute((trx) =>
          findOrCreateCustomerByContact(
            orgContext(svc.deps, trx, org.organizationId),
            { type: 'whatsapp', value: 'abc', field: 'to' },
            { defaultCountry: 'BR' },
          ),
        ),
      (err: unknown) => err instanceof AppError && err.code === 'VALIDATION_ERROR' && err.details?.[0]?.field === 'to',
    );
    await assert.rejects(
      svc.db.transaction().execute(async (trx) => {
        await findOrCreateCustomerByContact(
          orgContext(svc.deps, trx, org.organizationId),
          { type: 'whatsapp', value: '+5511987654321' },
          { defaultCountry: 'BR' },
        );
        throw new Error('the caller fails later');
      }),
    );
    assert.equal((await svc.db.selectFrom('customers').select('id').execute()).length, 0);
    assert.equal((await eventsOf(svc, org.organizationId)).length, 0);
  });
});
