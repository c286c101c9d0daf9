/**
 * LGPD export and erasure of a person (DESIGN.md §14; docs/security.md "LGPD: export and erasure").
 * The proof: a marker seeded in every place a person's data can reach is found nowhere after the
 * erasure: not in any column of any table (listed from the database's catalogue) nor in the file store.
 */
import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { eventually } from '../webhooks/support.js';
import { readZip } from '../support/zip-reader.js';
import { QUIET, call, openReceivers, findInDatabase, findInFolder, seedPerson, start } from './support.js';

afterEach(async () => {
  await Promise.all(openReceivers.splice(0).map((r) => r.close()));
});

const exportUrl = (orgId: string, customerId: string) => `/api/${orgId}/customers/${customerId}/export`;
const eraseUrl = (orgId: string, customerId: string) => `/api/${orgId}/customers/${customerId}?erase=true`;

async function memberKey(svc: TestService, org: SeededOrganization, role: string): Promise<Record<string, string>> {
  const profile = await svc.services.tenancy.createProfile({ name: role, email: `${role}-${org.organizationId}@example.com` });
  await svc.services.tenancy.addMember(org.organizationId, { profileId: profile.id, role });
  const key = await svc.services.tenancy.createApiKey(profile.id, { name: role, scopes: ['*'] });
  return { 'x-api-key': key.key };
}

describeEachDatabase('LGPD: export and erasure of a person', (env) => {
  it('erases a person: the marker seeded everywhere is in no table and no file afterwards', async () => {
    const svc = await start(env);
    const org = await svc.seedOrganization(QUIET);
    const person = await seedPerson(svc, org);
    const needles = [person.marker, person.phone];
    // The seeding reached every place the brief names (else the proof proves nothing).
    const before = await findInDatabase(svc, needles);
    for (const place of [
      'customers.name',
      'customers.email',
      'customer_contacts.value',
      'notes.content',
      'custom_field_values.value',
      'stage_history.notes',
      'chats.contact',
      'messages.content',
      'files.name',
      'events.payload',
      'webhook_attempts.response_excerpt',
      'provider_callbacks.body',
      'idempotency_keys.response_body',
      'audit_log.changes',
    ]) {
      assert.ok(before.includes(place), `seeded in ${place} (found in ${before.join(', ')})`);
    }
    assert.ok(findInFolder(svc.config.files.dir, [person.marker]).length > 0, 'the file bytes are in the store');

    // The receiver answers every delivery with the marker: the answer to `customer.erased` would be
    // the receiver's words stored after the erasure, not the person's data kept, so it stops listening.
    // Deliveries already under way finish first: an answer that arrives after the erasure is likewise
    // the receiver's (on a loaded machine the sandbox's status events were still being delivered).
    const settle = Date.now() + 20_000;
    while (Date.now() < settle) {
      const pending = await svc.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('organization_id', '=', org.organizationId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!pending) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await openReceivers.splice(openReceivers.indexOf(person.receiver), 1)[0]!.close();
    // Another customer, created once the receiver is gone (its answer would carry the marker into that customer's attempt).
    const keeper = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, {
      name: 'Bob keeps his data',
      contacts: [{ type: 'whatsapp', value: '+5511912345678' }],
    });
    assert.equal(keeper.status, 201, keeper.text);
    // A campaign names the person by id in its CSV audience (migration 0043).
    const campaign = await call(svc, 'POST', `/api/${org.organizationId}/campaigns`, org.keyHeader, {
      name: 'Black Friday',
      channelId: org.channels.whatsapp_official,
      audience: { customerIds: [person.customerId] },
      message: { type: 'text', content: { text: 'Oferta' } },
    });
    assert.equal(campaign.status, 201, campaign.text);
    await svc.db
      .insertInto('campaign_csv_customers')
      .values({
        organization_id: org.organizationId,
        campaign_id: campaign.json.data.id,
        customer_id: person.customerId,
        created_at: new Date().toISOString(),
      })
      .execute();
    const erased = await call(svc, 'DELETE', eraseUrl(org.organizationId, person.customerId), org.keyHeader);
    assert.equal(erased.status, 200, erased.text);
    assert.equal(erased.json.data.customerId, person.customerId);
    assert.deepEqual(
      await svc.db.selectFrom('campaign_csv_customers').select('campaign_id').where('customer_id', '=', person.customerId).execute(),
      [],
      'no campaign audience names the person',
    );
    assert.equal(erased.json.data.chats, 1);
    assert.equal(erased.json.data.files, 1);
    assert.ok(erased.json.data.messages >= 3);

    assert.deepEqual(await findInDatabase(svc, needles), [], 'nothing of the person in any table');
    await eventually(
      async () => findInFolder(svc.config.files.dir, [person.marker, person.fileId]).length === 0,
      10_000,
      'the file bytes removed',
    );
    // The audit log keeps the erasure (who, from where) with the id only.
    const audit = await svc.db.selectFrom('audit_log').selectAll().where('action', '=', 'customer.erased').execute();
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.resource_id, person.customerId);
    assert.equal(audit[0]!.changes, null);
    assert.equal(audit[0]!.ip, '127.0.0.1');
    // The audit trace: one event with the id only.
    const trace = await svc.db.selectFrom('events').select(['type', 'payload']).where('type', '=', 'customer.erased').execute();
    assert.deepEqual(
      trace.map((e) => JSON.parse(typeof e.payload === 'string' ? e.payload : JSON.stringify(e.payload))),
      [{ customer_id: person.customerId }],
    );
    assert.equal((await call(svc, 'GET', `/api/${org.organizationId}/customers/${person.customerId}`, org.keyHeader)).status, 404);
    assert.equal((await call(svc, 'GET', `/api/${org.organizationId}/customers/${keeper.json.data.id}`, org.keyHeader)).status, 200);
    assert.equal((await call(svc, 'DELETE', eraseUrl(org.organizationId, person.customerId), org.keyHeader)).status, 404);
  });

  it('exports a person as a ZIP with the record, notes, fields, stage history, both directions of the chat and the file bytes', async () => {
    const svc = await start(env);
    const org = await svc.seedOrganization(QUIET);
    const person = await seedPerson(svc, org);
    const res = await call(svc, 'GET', exportUrl(org.organizationId, person.customerId), org.keyHeader);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers.get('content-type'), 'application/zip');
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="customer-[0-9a-f-]{36}\.zip"$/);
    const zip = readZip(res.bytes);
    const customer = JSON.parse(zip.get('customer.json')!.toString());
    assert.equal(customer.customer.id, person.customerId);
    assert.equal(customer.customer.name, `Ana ${person.marker}`);
    assert.equal(customer.customer.email, `${person.marker}@example.com`);
    assert.ok(customer.customer.contacts.some((c: { value: string }) => c.value.includes(person.phone)));
    assert.deepEqual(
      customer.customer.customFields.map((f: { slug: string; value: unknown }) => [f.slug, f.value]),
      [['nickname', person.marker]],
    );
    assert.equal(customer.customer.tags.length, 1);
    assert.deepEqual(
      customer.notes.map((n: { title: string; content: string }) => [n.title, n.content]),
      [[`note ${person.marker}`, person.marker]],
    );
    assert.equal(customer.stageHistory[0].notes, `moved ${person.marker}`);
    assert.deepEqual(
      customer.chats.map((c: { id: string; path: string }) => c.path),
      [`chats/${person.chatId}.json`],
    );
    const chat = JSON.parse(zip.get(`chats/${person.chatId}.json`)!.toString());
    const texts = chat.messages.map((m: { direction: string; content: { text?: string } }) => `${m.direction}:${m.content.text ?? ''}`);
    assert.ok(texts.includes(`outbound:hello ${person.marker}`), texts.join(' | '));
    assert.ok(texts.includes(`inbound:reply ${person.marker}`), texts.join(' | '));
    assert.deepEqual(
      customer.files.map((f: { id: string; name: string }) => [f.id, f.name]),
      [[person.fileId, person.fileName]],
    );
    assert.ok(zip.get(`files/${person.fileId}/${person.fileName}`)!.equals(person.fileBytes), 'the file bytes in the archive');
  });

  it('refuses members who are not owner or admin (403), other organizations (404) and bad ids (400)', async () => {
    const svc = await start(env);
    const org = await svc.seedOrganization(QUIET);
    const other = await svc.seedOrganization({ ...QUIET, name: 'Other' });
    const created = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, {
      name: 'Carla',
      contacts: [{ type: 'whatsapp', value: '+5511955554444' }],
    });
    const customerId: string = created.json.data.id;
    const routes = [
      ['GET', exportUrl(org.organizationId, customerId)],
      ['DELETE', eraseUrl(org.organizationId, customerId)],
    ] as const;

    for (const role of ['agent', 'supervisor']) {
      const headers = await memberKey(svc, org, role);
      for (const [method, url] of routes) {
        const res = await call(svc, method, url, headers);
        assert.equal(res.status, 403, `${role} ${method}: ${res.text}`);
        assert.equal(res.json.error.code, 'FORBIDDEN');
      }
    }
    const admin = await memberKey(svc, org, 'admin');
    assert.equal((await call(svc, 'GET', exportUrl(org.organizationId, customerId), admin)).status, 200);

    // Another organization's key: its own organization has no such customer (404), ours is not its own (403 as every route).
    for (const [method, url] of [
      ['GET', exportUrl(other.organizationId, customerId)],
      ['DELETE', eraseUrl(other.organizationId, customerId)],
    ] as const) {
      const res = await call(svc, method, url, other.keyHeader);
      assert.equal(res.status, 404, `${method}: ${res.text}`);
      assert.equal(res.json.error.code, 'CUSTOMER_NOT_FOUND');
    }
    for (const [method, url] of routes) {
      assert.equal((await call(svc, method, url, other.keyHeader)).status, 403);
    }

    const base = `/api/${org.organizationId}/customers`;
    for (const [method, url, status] of [
      ['GET', `${base}/not-a-uuid/export`, 400],
      ['DELETE', `${base}/not-a-uuid?erase=true`, 400],
      ['DELETE', `${base}/${customerId}`, 400],
      ['DELETE', `${base}/${customerId}?erase=false`, 400],
      ['DELETE', `${base}/${customerId}?erase=true&also=1`, 400],
      ['GET', `${base}/00000000-0000-7000-8000-000000000000/export`, 404],
      ['DELETE', `${base}/00000000-0000-7000-8000-000000000000?erase=true`, 404],
    ] as const) {
      const res = await call(svc, method, url, org.keyHeader);
      assert.equal(res.status, status, `${method} ${url}: ${res.text}`);
      assert.equal(res.json.success, false);
    }
    assert.equal((await call(svc, 'GET', `${base}/${customerId}`, org.keyHeader)).status, 200, 'nothing was erased');
  });
});
