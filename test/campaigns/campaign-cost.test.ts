/**
 * A campaign's CSV audience, its estimate and cost, and the operator's price table (DESIGN.md §10
 * "Campaigns", docs/campaigns.md): the upload creates or updates customers as customer create does,
 * counts invalid rows by number and refuses malformed files (400, rows named), only in draft; the
 * estimate groups recipients by calling code times the category's price, free inside the window
 * where the table says so; the cost so far follows the statuses' `pricing`; cross-tenant and roles.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../src/lib/ids.js';
import { ADMIN_TOKEN, describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { messageRow, post, waitFor } from '../messages/support.js';
import { addMember, call, customerWrites } from '../chats/support.js';
import { started } from '../scheduled-messages/support.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function upload(svc: TestService, path: string, headers: Record<string, string>, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'audience.csv');
  const res = await fetch(`${svc.url}${path}`, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

async function addTemplate(svc: TestService, org: SeededOrganization, category: string | null) {
  const id = newId();
  const now = new Date().toISOString();
  await svc.db
    .insertInto('templates')
    .values({
      id,
      organization_id: org.organizationId,
      channel_id: org.channels.whatsapp_official,
      name: `promo_${category}`,
      language: 'pt_BR',
      status: 'approved',
      components: JSON.stringify([{ type: 'BODY', text: 'Promo!' }]),
      category,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

describeEachDatabase('campaign audience CSV, estimate, cost and the price table', (env) => {
  it('the price table: the default with its source, PUT validated, admin only', async () => {
    const svc = await env.start({ listen: true });
    const got = await call(svc, 'GET', '/admin/v1/price-table', admin);
    assert.equal(got.status, 200, got.text);
    assert.equal(got.json.data.isDefault, true);
    assert.equal(got.json.data.currency, 'USD');
    assert.match(got.json.data.source, /developers\.facebook\.com/);
    assert.equal(got.json.data.prices['55'].marketing, 0.0625);
    assert.deepEqual(got.json.data.freeInWindow, ['service', 'utility']);

    assert.equal((await call(svc, 'GET', '/admin/v1/price-table', {})).status, 401);
    const org = await svc.seedOrganization();
    assert.equal((await call(svc, 'GET', '/admin/v1/price-table', org.keyHeader)).status, 401, 'a tenant key is not the admin token');

    const bad = await call(svc, 'PUT', '/admin/v1/price-table', admin, {
      currency: 'usd',
      freeInWindow: ['free'],
      prices: { '+55': { marketing: -1 } },
    });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.json.error.code, 'VALIDATION_ERROR');

    const table = {
      currency: 'BRL',
      source: 'contract 2026',
      freeInWindow: ['service'],
      prices: { '55': { marketing: 0.35, utility: 0.04, authentication: 0.04, service: 0 } },
    };
    const put = await call(svc, 'PUT', '/admin/v1/price-table', admin, table);
    assert.equal(put.status, 200, put.text);
    const again = (await call(svc, 'GET', '/admin/v1/price-table', admin)).json.data;
    assert.equal(again.isDefault, false);
    assert.deepEqual(
      { currency: again.currency, prices: again.prices, freeInWindow: again.freeInWindow },
      {
        currency: 'BRL',
        prices: table.prices,
        freeInWindow: ['service'],
      },
    );
    await call(svc, 'PUT', '/admin/v1/price-table', admin, { ...table, prices: { '55': { marketing: 0.4 } } });
    assert.equal((await call(svc, 'GET', '/admin/v1/price-table', admin)).json.data.prices['55'].marketing, 0.4, 'PUT replaces');
  });

  it('CSV upload: creates and updates customers, counts invalid rows, refuses bad files, draft only, and sends to them', async () => {
    const { svc, org } = await started(env);
    const base = `/api/${org.organizationId}/campaigns`;
    const field = await call(svc, 'POST', `/admin/v1/organizations/${org.organizationId}/custom-fields`, admin, {
      name: 'Cidade',
      slug: 'cidade',
      type: 'text',
    });
    assert.equal(field.status, 201, field.text);
    // An existing customer, matched by the number written another way.
    const existing = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, {
      name: 'Old Name',
      contacts: [{ type: 'whatsapp', value: '+55 11 98765-4000' }],
    });
    assert.equal(existing.status, 201, existing.text);
    const created = await call(svc, 'POST', base, org.keyHeader, {
      name: 'CSV',
      channelId: org.channels.whatsapp_zapi,
      audience: {},
      message: { type: 'text', content: { text: 'Oi {{customer.name}} de {{fields.cidade}}' } },
    });
    const id = created.json.data.id as string;
    const url = `${base}/${id}/audience`;

    const csv = [
      'phone;name;cidade',
      '5511987654000;Ana Nova;Campinas',
      '5511987654001;"Silva; Bruno";Santos',
      '11987654002;;',
      'not-a-phone;Eve;',
      ';Nobody;',
      '5511987654001;Bruno Again;',
    ].join('\r\n');
    const res = await upload(svc, url, org.keyHeader, csv);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      { rows: res.json.data.rows, created: res.json.data.created, updated: res.json.data.updated, invalid: res.json.data.invalid },
      { rows: 6, created: 2, updated: 2, invalid: 2 },
    );
    assert.deepEqual(
      res.json.data.invalidRows.map((r: { row: number; errors: { field: string }[] }) => [r.row, r.errors[0]!.field]),
      [
        [5, 'phone'],
        [6, 'phone'],
      ],
    );
    const ana = await svc.services.customers.get(org.organizationId, existing.json.data.id);
    assert.equal(ana.name, 'Ana Nova', 'the existing customer was updated');
    const csvCustomers = await svc.db.selectFrom('campaign_csv_customers').select('customer_id').where('campaign_id', '=', id).execute();
    assert.equal(csvCustomers.length, 3);

    // Bad files: 400 naming rows; no phone column; unknown column; not multipart; wrong part name.
    const malformed = await upload(svc, url, org.keyHeader, 'phone,name\n5511987654010,"Ana\n5511987654011,ok');
    assert.equal(malformed.status, 400, malformed.text);
    assert.equal(malformed.json.error.code, 'VALIDATION_ERROR');
    assert.deepEqual(malformed.json.error.details, [{ field: 'row 2', message: 'a quote is opened and never closed' }]);
    const noPhone = await upload(svc, url, org.keyHeader, 'telefone,name\n5511987654010,Ana');
    assert.equal(noPhone.status, 400);
    assert.equal(noPhone.json.error.details[0].field, 'row 1');
    const unknownColumn = await upload(svc, url, org.keyHeader, 'phone,shoe_size\n5511987654010,42');
    assert.equal(unknownColumn.status, 400);
    assert.match(unknownColumn.json.error.details[0].message, /shoe_size/);
    assert.equal((await call(svc, 'POST', url, org.keyHeader, { phone: '5511' })).status, 400, 'JSON is not an upload');
    const big = await upload(svc, url, org.keyHeader, `phone\n${'5511987654010\n'.repeat(160_000)}`);
    assert.equal(big.status, 413, big.text);
    assert.equal(big.json.error.code, 'PAYLOAD_TOO_LARGE');

    // Cross-tenant 404, an agent 403.
    const other = await svc.seedOrganization();
    const cross = await upload(svc, `/api/${other.organizationId}/campaigns/${id}/audience`, other.keyHeader, 'phone\n5511987654020');
    assert.equal(cross.status, 404, cross.text);
    assert.equal(cross.json.error.code, 'CAMPAIGN_NOT_FOUND');
    const agent = await addMember(svc, org.organizationId, 'Agent');
    assert.equal((await upload(svc, url, agent.keyHeader, 'phone\n5511987654020')).status, 403);

    // The CSV customers are the audience (a union with the selection, here empty): each sent once.
    assert.equal((await call(svc, 'POST', `${base}/${id}/start`, org.keyHeader, {})).status, 200);
    const done = await waitFor(
      async () => (await call(svc, 'GET', `${base}/${id}`, org.keyHeader)).json.data,
      (c) => c.status === 'completed' && c.counts.queued === 0,
      15000,
    );
    assert.equal(done.counts.sent, 3);
    const texts = (await svc.db.selectFrom('messages').select('content').where('campaign_id', '=', id).execute()).map((m) =>
      String(typeof m.content === 'string' ? JSON.parse(m.content).text : (m.content as { text: string }).text),
    );
    assert.ok(texts.includes('Oi Ana Nova de Campinas'), texts.join(' | '));
    const late = await upload(svc, url, org.keyHeader, 'phone\n5511987654030');
    assert.equal(late.status, 409, 'only a draft takes a file');
    assert.equal(late.json.error.code, 'INVALID_TRANSITION');
  });

  it('estimate by calling code and category, free in the window, gateway 0 with a reason; cost from pricing', async () => {
    const { svc, org } = await started(env);
    const base = `/api/${org.organizationId}/campaigns`;
    const official = org.channels.whatsapp_official;
    const phones = ['5511987655001', '5511987655002', '5511987655003', '5491123456789', '61412345678', '12025550123'];
    const ids: string[] = [];
    for (const phone of phones) {
      const c = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, {
        name: `C ${phone}`,
        contacts: [{ type: 'whatsapp', value: `+${phone}` }],
      });
      assert.equal(c.status, 201, c.text);
      ids.push(c.json.data.id);
    }
    // The first Brazilian customer wrote on the official channel: inside their 24-hour window.
    await customerWrites(svc, official, phones[0]!, 'oi');
    const marketing = await addTemplate(svc, org, 'marketing');
    const utility = await addTemplate(svc, org, 'utility');
    const make = async (channelId: string, message: unknown) =>
      (await call(svc, 'POST', base, org.keyHeader, { name: 'Cost', channelId, audience: { customerIds: ids }, message })).json.data;

    const m = await make(official, { templateId: marketing });
    const estimate = await call(svc, 'GET', `${base}/${m.id}/estimate`, org.keyHeader);
    assert.equal(estimate.status, 200, estimate.text);
    assert.deepEqual(estimate.json.data, {
      currency: 'USD',
      category: 'marketing',
      recipients: 6,
      total: 0.3225,
      byCountry: [
        { callingCode: '55', recipients: 3, unitPrice: 0.0625, cost: 0.1875 },
        { callingCode: '1', recipients: 1, unitPrice: null, cost: 0 },
        { callingCode: '54', recipients: 1, unitPrice: 0.0618, cost: 0.0618 },
        { callingCode: '61', recipients: 1, unitPrice: 0.0732, cost: 0.0732 },
      ].sort((a, b) => b.recipients - a.recipients || a.callingCode.localeCompare(b.callingCode)),
      freeInWindow: 0,
      reason: null,
    });
    assert.equal(estimate.json.data.total, Math.round((0.1875 + 0.0618 + 0.0732) * 1e6) / 1e6);
    assert.deepEqual(m.estimate, estimate.json.data, 'a draft shows its estimate');

    const u = await make(official, { templateId: utility });
    const ue = (await call(svc, 'GET', `${base}/${u.id}/estimate`, org.keyHeader)).json.data;
    assert.equal(ue.freeInWindow, 1, 'utility is free inside the window');
    assert.deepEqual(
      ue.byCountry.find((c: { callingCode: string }) => c.callingCode === '55'),
      {
        callingCode: '55',
        recipients: 2,
        unitPrice: 0.0068,
        cost: 0.0136,
      },
    );

    const g = await make(org.channels.whatsapp_zapi, { type: 'text', content: { text: 'oi' } });
    const ge = (await call(svc, 'GET', `${base}/${g.id}/estimate`, org.keyHeader)).json.data;
    assert.deepEqual(
      { total: ge.total, reason: ge.reason, category: ge.category, recipients: ge.recipients },
      { total: 0, reason: 'notTemplate', category: null, recipients: 6 },
    );

    // Cross-tenant 404, agent 403.
    const other = await svc.seedOrganization();
    assert.equal((await call(svc, 'GET', `/api/${other.organizationId}/campaigns/${m.id}/estimate`, other.keyHeader)).status, 404);
    const agent = await addMember(svc, org.organizationId, 'Agent');
    assert.equal((await call(svc, 'GET', `${base}/${m.id}/estimate`, agent.keyHeader)).status, 403);

    // The list: newest first with counts, paged; another organization sees none of them; an agent 403.
    const listed = await call(svc, 'GET', `${base}?limit=2`, org.keyHeader);
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(
      listed.json.data.map((c: { id: string }) => c.id),
      [g.id, u.id],
    );
    assert.equal(listed.json.data[0].counts.audience, 0);
    assert.equal(listed.json.data[0].estimate, undefined, 'the list carries no estimate');
    const rest = await call(svc, 'GET', `${base}?limit=2&cursor=${encodeURIComponent(listed.json.nextCursor)}`, org.keyHeader);
    assert.deepEqual(
      rest.json.data.map((c: { id: string }) => c.id),
      [m.id],
    );
    assert.equal(rest.json.nextCursor, null);
    assert.equal((await call(svc, 'GET', `${base}?status=draft`, org.keyHeader)).json.data.length, 3);
    assert.deepEqual((await call(svc, 'GET', `/api/${other.organizationId}/campaigns`, other.keyHeader)).json.data, []);
    assert.equal((await call(svc, 'GET', base, agent.keyHeader)).status, 403);
    assert.equal((await call(svc, 'GET', `${base}?cursor=nonsense`, org.keyHeader)).status, 400);

    // Started: the estimate made at the start stays; the cost follows the statuses' pricing.
    assert.equal((await call(svc, 'POST', `${base}/${m.id}/start`, org.keyHeader, {})).status, 200);
    const done = await waitFor(
      async () => (await call(svc, 'GET', `${base}/${m.id}`, org.keyHeader)).json.data,
      (c) => c.status === 'completed' && c.counts.queued === 0,
      15000,
    );
    assert.equal(done.estimate.total, estimate.json.data.total);
    assert.deepEqual(done.cost, { currency: 'USD', total: 0, billed: 0 });
    const messages = await svc.db.selectFrom('messages').select(['id', 'provider_message_id']).where('campaign_id', '=', m.id).execute();
    const recipients = await svc.db
      .selectFrom('campaign_recipients')
      .select(['message_id', 'contact'])
      .where('campaign_id', '=', m.id)
      .execute();
    const contactOf = new Map(recipients.map((r) => [r.message_id, r.contact]));
    for (const message of messages) {
      const contact = contactOf.get(message.id)!;
      const billable = contact !== phones[1];
      await post(svc, `/channels/${official}/webhook`, {
        event: 'status',
        message_id: message.provider_message_id,
        status: 'delivered',
        pricing: { billable, category: 'marketing', pricing_model: 'PMP', type: 'regular' },
      });
    }
    await waitFor(
      async () =>
        (await svc.db.selectFrom('messages').select('pricing').where('campaign_id', '=', m.id).execute()).filter((r) => r.pricing),
      (rows) => rows.length === messages.length,
    );
    const cost = (await call(svc, 'GET', `${base}/${m.id}`, org.keyHeader)).json.data.cost;
    // Billed: two +55 (one not billable), +54, +61, +1 (no price) → 2 × 0.0625 + 0.0618 + 0.0732.
    assert.deepEqual(cost, { currency: 'USD', total: 0.26, billed: 5 });
    void messageRow;
  });
});
