import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { addMember } from '../chats/support.js';
import { eventsOf, insertChat, insertField, insertStage, orgApi } from './crm-fixtures.js';

describeEachDatabase('customers: update', (env) => {
  it('changes only the fields sent and answers { success, data, message }', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const created = json(
      await api('POST', '/customers', {
        name: 'Ana',
        email: 'ana@example.com',
        country: 'BR',
        salePrice: 10,
        contacts: [{ type: 'whatsapp', value: '+5511987654321' }],
      }),
    ).data;
    const res = await api('PUT', `/customers/${created.id}`, { name: 'Ana Maria', salePrice: null });
    assert.equal(res.statusCode, 200);
    const body = json(res);
    assert.equal(body.success, true);
    assert.equal(typeof body.message, 'string');
    assert.equal(body.data.name, 'Ana Maria');
    assert.equal(body.data.salePrice, null);
    assert.equal(body.data.email, 'ana@example.com');
    assert.equal(body.data.country, 'BR');
    assert.deepEqual(body.data.contacts, created.contacts);

    const updated = await eventsOf(svc, org.organizationId, 'customer.updated');
    assert.equal(updated.length, 1);
    assert.deepEqual(updated[0]!.data.changed.sort(), ['name', 'salePrice']);
    assert.equal(updated[0]!.data.customer.name, 'Ana Maria');
  });

  it("refuses an update taking another customer's e-mail: 409 DUPLICATE_EMAIL naming the owner, nothing changes", async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const owner = json(await api('POST', '/customers', { name: 'Owner', email: 'owner@example.com' })).data;
    const other = json(await api('POST', '/customers', { name: 'Other', email: 'other@example.com' })).data;
    const before = await svc.db.selectFrom('customers').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();

    const res = await api('PUT', `/customers/${other.id}`, { name: 'Renamed', email: 'OWNER@example.com' });
    assert.equal(res.statusCode, 409);
    assert.equal(json(res).error.code, 'DUPLICATE_EMAIL');
    assert.equal(json(res).error.existingCustomerId, owner.id);

    const after = await svc.db.selectFrom('customers').selectAll().where('id', '=', other.id).executeTakeFirstOrThrow();
    assert.deepEqual(after, before, 'neither the name nor the e-mail changed');
    assert.equal(json(await api('GET', `/customers/${other.id}`)).data.email, 'other@example.com');
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.updated')).length, 0);
    const holders = await svc.db
      .selectFrom('customers')
      .select('id')
      .where('organization_id', '=', org.organizationId)
      .where('email', '=', 'owner@example.com')
      .execute();
    assert.deepEqual(
      holders.map((h) => h.id),
      [owner.id],
    );
  });

  it('replaces the contact list (a kept contact keeps its id) and the tag selection', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const vip = json(await api('POST', '/tags', { name: 'VIP', color: '#111' })).data;
    const lead = json(await api('POST', '/tags', { name: 'Lead', color: '#222' })).data;
    const created = json(
      await api('POST', '/customers', {
        name: 'Ana',
        selectedTags: [vip.id],
        contacts: [
          { type: 'whatsapp', value: '+5511987654321' },
          { type: 'instagram', value: 'ana' },
        ],
      }),
    ).data;
    const whatsappId = created.contacts.find((c: any) => c.type === 'whatsapp').id;

    const res = await api('PUT', `/customers/${created.id}`, {
      contacts: [
        { type: 'whatsapp', value: '+55 11 98765-4321', label: 'main' },
        { type: 'telegram', value: '@ana' },
      ],
      selectedTags: [lead.id],
    });
    assert.equal(res.statusCode, 200);
    const data = json(res).data;
    assert.deepEqual(data.contacts.map((c: any) => [c.type, c.value, c.label]).sort(), [
      ['telegram', '@ana', null],
      ['whatsapp', '5511987654321', 'main'],
    ]);
    assert.equal(data.contacts.find((c: any) => c.type === 'whatsapp').id, whatsappId);
    assert.deepEqual(
      data.tags.map((t: any) => t.id),
      [lead.id],
    );
    const types = (await eventsOf(svc, org.organizationId)).map((e) => e.type);
    assert.ok(types.includes('customer.tag_added') && types.includes('customer.tag_removed'));
  });

  it('sets and clears custom fields, and moves the stage with a history entry', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const stageId = await insertStage(svc, org.organizationId);
    await insertField(svc, org.organizationId, 'age', 'number');
    await insertField(svc, org.organizationId, 'vip', 'boolean');
    const created = json(
      await api('POST', '/customers', { name: 'Ana', email: 'a@example.com', customFields: [{ slug: 'age', value: 30 }] }),
    ).data;
    const res = await api('PUT', `/customers/${created.id}`, {
      customFields: [
        { slug: 'age', value: null },
        { slug: 'vip', value: true },
      ],
      stageId,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(
      json(res).data.customFields.map((f: any) => [f.slug, f.value]),
      [['vip', true]],
    );
    assert.equal(json(res).data.stageId, stageId);
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.stage_changed')).length, 1);
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.field_value_set')).length, 2);
    const history = json(await api('GET', `/customers/${created.id}/stage-history`)).data;
    assert.equal(history[0].toStageId, stageId);
    assert.equal(history[0].movedByProfileId, org.profileId);
  });

  it('refuses to leave a customer without any contact or e-mail', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    const created = json(await api('POST', '/customers', { name: 'Ana', contacts: [{ type: 'instagram', value: 'ana' }] })).data;
    const res = await api('PUT', `/customers/${created.id}`, { contacts: [] });
    assert.equal(res.statusCode, 400);
    assert.equal(json(res).error.details[0].field, 'contacts');
    assert.equal((await api('PUT', `/customers/${created.id}`, { contacts: [], email: 'a@example.com' })).statusCode, 200);
  });

  it('answers 404 for an unknown customer and 400 for a bad body', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    const missing = await api('PUT', '/customers/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f', { name: 'X' });
    assert.equal(missing.statusCode, 404);
    assert.equal(json(missing).error.code, 'CUSTOMER_NOT_FOUND');
    const created = json(await api('POST', '/customers', { name: 'Ana', email: 'a@example.com' })).data;
    const bad = await api('PUT', `/customers/${created.id}`, { name: '', unknownField: 1 });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(
      json(bad)
        .error.details.map((d: any) => d.field)
        .sort(),
      ['name', 'unknownField'],
    );
    // One rule for every update route: a body naming nothing to change is 400, as admin PATCH {} is.
    const empty = await api('PUT', `/customers/${created.id}`, {});
    assert.equal(empty.statusCode, 400);
    assert.equal(json(empty).error.code, 'VALIDATION_ERROR');
  });

  it('writes no event when nothing changes', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const created = json(await api('POST', '/customers', { name: 'Ana', email: 'a@example.com' })).data;
    assert.equal((await api('PUT', `/customers/${created.id}`, { name: 'Ana' })).statusCode, 200);
    assert.equal((await eventsOf(svc, org.organizationId, 'customer.updated')).length, 0);
  });
});

describeEachDatabase('customers: list and search', (env) => {
  it('finds customers by name, contact in any format, e-mail, document, tag and stage', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const stageId = await insertStage(svc, org.organizationId);
    const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#111' })).data;
    const ana = json(
      await api('POST', '/customers', {
        name: 'Ana Souza',
        email: 'ana@example.com',
        document: '123.456.789-09',
        stageId,
        selectedTags: [tag.id],
        contacts: [{ type: 'whatsapp', value: '+5511987654321' }],
      }),
    ).data;
    const bob = json(
      await api('POST', '/customers', { name: 'Bob', email: 'bob@example.com', contacts: [{ type: 'phone', value: '+14155552671' }] }),
    ).data;

    const ids = async (query: string) => {
      const res = await api('GET', `/customers?${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return json(res).data.map((c: any) => c.id);
    };
    assert.deepEqual(await ids('q=souz'), [ana.id]);
    assert.deepEqual(await ids('q=ANA'), [ana.id]);
    assert.deepEqual(await ids('q=bob%40example.com'), [bob.id]);
    assert.deepEqual(await ids('q=12345678909'), [ana.id]);
    assert.deepEqual(
      await ids(`contact=${encodeURIComponent('(11) 8765-4321')}`),
      [ana.id],
      'old Brazilian form finds the nine-digit contact',
    );
    assert.deepEqual(await ids(`contact=${encodeURIComponent('+1 415 555 2671')}&contactType=phone`), [bob.id]);
    assert.deepEqual(await ids(`contact=${encodeURIComponent('+1 415 555 2671')}&contactType=whatsapp`), []);
    assert.deepEqual(await ids('contact=ANA%40example.com'), [ana.id]);
    assert.deepEqual(await ids(`tagId=${tag.id}`), [ana.id]);
    assert.deepEqual(await ids(`stageId=${stageId}`), [ana.id]);
    assert.deepEqual(await ids('q=%25'), [], 'LIKE wildcards are literal');
    assert.deepEqual(await ids(''), [bob.id, ana.id], 'newest first');
  });

  it('assigneeProfileId keeps the customers with a chat assigned to that member, with the stage and tag filters', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const stageId = await insertStage(svc, org.organizationId);
    const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#111' })).data;
    const bia = await addMember(svc, org.organizationId, 'Bia');
    const create = async (name: string, extra: Record<string, unknown> = {}) =>
      json(await api('POST', '/customers', { name, email: `${name.toLowerCase()}@example.com`, ...extra })).data.id as string;
    const ana = await create('Ana', { stageId, selectedTags: [tag.id] });
    const bob = await create('Bob', { stageId });
    const cid = await create('Cid');
    const dan = await create('Dan', { stageId });
    let contact = 5511900000000;
    // insertChat writes one contact number; each chat gets its own (one chat per channel and contact).
    const assign = async (customerId: string, profileId: string | null, status = 'pending') => {
      const chatId = await insertChat(svc, org, customerId);
      const values = { assignee_profile_id: profileId, status, contact: String(++contact) };
      await svc.db.updateTable('chats').set(values).where('id', '=', chatId).execute();
    };
    await assign(ana, bia.profileId);
    await assign(bob, bia.profileId, 'closed'); // a closed chat still names who handled the customer
    await assign(bob, bia.profileId); // two chats, one row
    await assign(cid, org.profileId);
    await assign(dan, null); // unassigned

    const ids = async (query: string) => {
      const res = await api('GET', `/customers?${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return json(res).data.map((c: any) => c.id);
    };
    assert.deepEqual(await ids(`assigneeProfileId=${bia.profileId}`), [bob, ana]);
    assert.deepEqual(await ids(`assigneeProfileId=${org.profileId}`), [cid]);
    assert.deepEqual(await ids(`assigneeProfileId=${bia.profileId}&stageId=${stageId}`), [bob, ana]);
    assert.deepEqual(await ids(`assigneeProfileId=${bia.profileId}&stageId=${stageId}&tagId=${tag.id}`), [ana]);
    assert.deepEqual(await ids(`assigneeProfileId=${org.profileId}&stageId=${stageId}`), []);
    assert.deepEqual(await ids(`assigneeProfileId=${bia.profileId}&limit=1`), [bob], 'pages like the rest of the list');
    assert.deepEqual(await ids(`assigneeProfileId=${bia.profileId}&q=ana`), [ana]);
    assert.deepEqual(await ids(`assigneeProfileId=${bia.profileId}&contact=ana%40example.com`), [ana]);
    assert.deepEqual(await ids(`assigneeProfileId=${bia.profileId}&contact=cid%40example.com`), []);
    const bad = await api('GET', '/customers?assigneeProfileId=bia');
    assert.equal(bad.statusCode, 400);
    assert.equal(json(bad).error.code, 'VALIDATION_ERROR');

    // Another organization: its member assigned to a chat of its own customer; neither side sees the other's.
    const other = await svc.seedOrganization({ name: 'Outra' });
    const otherApi = orgApi(svc, other);
    const theirs = json(await otherApi('POST', '/customers', { name: 'Eva', email: 'eva@example.com' })).data.id as string;
    const theirChat = await insertChat(svc, other, theirs);
    await svc.db.updateTable('chats').set({ assignee_profile_id: other.profileId }).where('id', '=', theirChat).execute();
    assert.deepEqual(await ids(`assigneeProfileId=${other.profileId}`), [], "another organization's member finds nothing here");
    const fromThere = await otherApi('GET', `/customers?assigneeProfileId=${bia.profileId}`);
    assert.equal(fromThere.statusCode, 200);
    assert.deepEqual(json(fromThere).data, [], "our member's customers are not listed to another organization");
    const crossed = await svc.inject({
      method: 'GET',
      url: `/api/${org.organizationId}/customers?assigneeProfileId=${bia.profileId}`,
      headers: other.keyHeader,
    });
    assert.equal(crossed.statusCode, 403, "another organization's key cannot read ours");
  });

  it('pages with limit and cursor and refuses a limit over 200', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push(json(await api('POST', '/customers', { name: `C${i}`, email: `c${i}@example.com` })).data.id);
    const first = json(await api('GET', '/customers?limit=2'));
    assert.deepEqual(
      first.data.map((c: any) => c.id),
      [created[4], created[3]],
    );
    const second = json(await api('GET', `/customers?limit=2&cursor=${first.nextCursor}`));
    assert.deepEqual(
      second.data.map((c: any) => c.id),
      [created[2], created[1]],
    );
    const third = json(await api('GET', `/customers?limit=2&cursor=${second.nextCursor}`));
    assert.deepEqual(
      third.data.map((c: any) => c.id),
      [created[0]],
    );
    assert.equal(third.nextCursor, null);
    assert.equal((await api('GET', '/customers?limit=201')).statusCode, 400);
    assert.equal((await api('GET', '/customers?cursor=nope')).statusCode, 400);
  });

  it('finds every holder of a contact, newest first, one page at a time', async () => {
    const svc = await env.shared();
    const api = orgApi(svc, await svc.seedOrganization());
    const shared = 'desk@example.com';
    const holders: string[] = [];
    // Allowed duplicates: two hold it as a contact, one as the primary e-mail (and another customer does not).
    for (const body of [
      { name: 'First', contacts: [{ type: 'email', value: shared }] },
      { name: 'Other', contacts: [{ type: 'email', value: 'other@example.com' }] },
      { name: 'Second', email: 'DESK@example.com', allowDuplicateContacts: true },
      {
        name: 'Third',
        contacts: [
          { type: 'email', value: shared },
          { type: 'whatsapp', value: '+5511987654321' },
        ],
        allowDuplicateContacts: true,
      },
    ]) {
      const res = await api('POST', '/customers', body);
      assert.equal(res.statusCode, 201, res.body);
      if (body.name !== 'Other') holders.push(json(res).data.id);
    }
    const newestFirst = [...holders].reverse();
    const page = async (query: string) => json(await api('GET', `/customers?contact=${encodeURIComponent(shared)}&${query}`));
    const all = await page('contactType=email');
    assert.deepEqual(
      all.data.map((c: any) => c.id),
      newestFirst,
    );
    assert.equal(all.nextCursor, null);
    const first = await page('contactType=email&limit=2');
    assert.deepEqual(
      first.data.map((c: any) => c.id),
      newestFirst.slice(0, 2),
    );
    assert.equal(first.nextCursor, newestFirst[1]);
    assert.deepEqual(first.data[0].contacts.map((c: any) => c.type).sort(), ['email', 'whatsapp'], 'each record whole');
    const rest = await page(`contactType=email&limit=2&cursor=${first.nextCursor}`);
    assert.deepEqual(
      rest.data.map((c: any) => c.id),
      newestFirst.slice(2),
    );
    assert.equal(rest.nextCursor, null);
  });
});
