/**
 * The organization's default country is kept in memory (access/default-countries.ts): a lookup by
 * a national number reads the organization once, not on every request, and a change to the
 * organization's settings applies to the very next request. Across processes on PostgreSQL:
 * test/e2e/access-across-processes.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { readsWhile } from '../support/statements.js';
import { insertField, orgApi } from './crm-fixtures.js';

describeEachDatabase('the default country kept in memory', (env) => {
  it('a lookup by a national number reads the organization once; a settings change applies at once', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const api = orgApi(svc, org);
    const created = await api('POST', '/customers', { name: 'Ana', contacts: [{ type: 'whatsapp', value: '+55 11 98765-0001' }] });
    assert.equal(created.statusCode, 201, created.body);
    const lookup = async () => {
      const answer = await api('GET', `/customers?contactType=whatsapp&contact=${encodeURIComponent('(11) 98765-0001')}`);
      assert.equal(answer.statusCode, 200, answer.body);
      return (json(answer).data as { name: string }[]).map((customer) => customer.name);
    };
    const readsOrganization = (statements: { sql: string }[]) => statements.some((s) => /from "organizations"/.test(s.sql));

    assert.deepEqual(await lookup(), ['Ana'], 'read as a Brazilian number, the default');
    const kept = await readsWhile(svc.db, lookup);
    assert.equal(readsOrganization(kept), false, 'the second lookup answers the country from memory');

    // Another organization's change leaves this one's country in place.
    const elsewhere = await orgApi(svc, other)('PATCH', '/settings', { defaultCountry: 'PT' });
    assert.equal(elsewhere.statusCode, 200, elsewhere.body);
    assert.equal(readsOrganization(await readsWhile(svc.db, lookup)), false);

    // A phone field's value reads the same kept country.
    await insertField(svc, org.organizationId, 'celular', 'phone');
    const customerId = json(created).data.id as string;
    const setPhone = () => api('POST', `/customers/${customerId}/field-values`, { slug: 'celular', value: '(11) 98765-4321' });
    assert.equal(json(await setPhone()).data.value, '5511987654321');
    const setAgain = await readsWhile(svc.db, async () => assert.equal((await setPhone()).statusCode, 200));
    assert.equal(readsOrganization(setAgain), false, 'a field value answers the country from memory');

    const changed = await api('PATCH', '/settings', { defaultCountry: 'PT' });
    assert.equal(changed.statusCode, 200, changed.body);
    // The same digits now read as a Portuguese number: no such customer, and no such phone.
    assert.deepEqual(await lookup(), [], 'the changed country applies to the very next lookup');
    assert.equal((await setPhone()).statusCode, 400, 'and to the next field value');
    assert.equal((await api('PATCH', '/settings', { defaultCountry: 'BR' })).statusCode, 200);
    assert.deepEqual(await lookup(), ['Ana']);
  });
});
