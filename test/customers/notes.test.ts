import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId } from '../../src/lib/ids.js';
import { describeEachDatabase, json } from '../support/harness.js';
import { eventsOf, orgApi } from './crm-fixtures.js';

const UNKNOWN = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';

describeEachDatabase('customer notes', (env) => {
  async function setup() {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const customer = json(await api('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).data;
    return { svc, org, api, customer };
  }

  it('creates a note (201 { success, data: note }) with the author, lists, updates and deletes it, with events', async () => {
    const { svc, org, api, customer } = await setup();
    const created = await api('POST', `/customers/${customer.id}/notes`, { title: 'Call', content: 'Wants a quote' });
    assert.equal(created.statusCode, 201);
    const note = json(created).data;
    assert.equal(json(created).success, true);
    assert.deepEqual(Object.keys(note).sort(), ['authorProfileId', 'content', 'createdAt', 'customerId', 'id', 'title', 'updatedAt']);
    assert.equal(note.customerId, customer.id);
    assert.equal(note.authorProfileId, org.profileId);

    const updated = await api('PUT', `/customers/${customer.id}/notes/${note.id}`, { title: 'Call back' });
    assert.equal(updated.statusCode, 200);
    assert.equal(json(updated).data.title, 'Call back');
    assert.equal(json(updated).data.content, 'Wants a quote', 'content kept when not sent');
    assert.equal(json(await api('PUT', `/customers/${customer.id}/notes/${note.id}`, { title: 'T', content: null })).data.content, null);

    const list = json(await api('GET', `/customers/${customer.id}/notes`)).data;
    assert.deepEqual(
      list.map((n: any) => n.id),
      [note.id],
    );

    const deleted = await api('DELETE', `/customers/${customer.id}/notes/${note.id}`);
    assert.equal(deleted.statusCode, 200);
    assert.deepEqual(json(deleted), { success: true, data: {} });
    assert.equal(json(await api('DELETE', `/customers/${customer.id}/notes/${note.id}`)).error.code, 'NOTE_NOT_FOUND');

    const types = (await eventsOf(svc, org.organizationId)).map((e) => e.type).filter((t) => t.startsWith('customer.note'));
    assert.deepEqual(types, ['customer.note_created', 'customer.note_updated', 'customer.note_updated', 'customer.note_deleted']);
  });

  it('keeps a client-chosen id, and refuses one already used', async () => {
    const { api, customer } = await setup();
    const id = newId();
    const res = await api('POST', `/customers/${customer.id}/notes`, { id, title: 'Offline note' });
    assert.equal(res.statusCode, 201);
    assert.equal(json(res).data.id, id);
    const again = await api('POST', `/customers/${customer.id}/notes`, { id, title: 'Again' });
    assert.equal(again.statusCode, 409);
    assert.equal((await api('POST', `/customers/${customer.id}/notes`, { id: 'not-a-uuid', title: 'x' })).statusCode, 400);
  });

  it('answers 400 when the title is missing or blank, on create and update', async () => {
    const { api, customer } = await setup();
    for (const payload of [{}, { content: 'x' }, { title: '' }, { title: '   ' }]) {
      const res = await api('POST', `/customers/${customer.id}/notes`, payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(json(res).error.details[0].field, 'title');
    }
    const note = json(await api('POST', `/customers/${customer.id}/notes`, { title: 'ok' })).data;
    const update = await api('PUT', `/customers/${customer.id}/notes/${note.id}`, { content: 'no title' });
    assert.equal(update.statusCode, 400);
    assert.equal(json(update).error.details[0].field, 'title');
  });

  it('answers 404 for an unknown note, a note of another customer, or an unknown customer', async () => {
    const { api, customer } = await setup();
    const other = json(await api('POST', '/customers', { name: 'Bob', email: 'bob@example.com' })).data;
    const note = json(await api('POST', `/customers/${customer.id}/notes`, { title: 'Ana only' })).data;
    assert.equal(json(await api('PUT', `/customers/${customer.id}/notes/${UNKNOWN}`, { title: 'x' })).error.code, 'NOTE_NOT_FOUND');
    assert.equal(json(await api('PUT', `/customers/${other.id}/notes/${note.id}`, { title: 'x' })).error.code, 'NOTE_NOT_FOUND');
    assert.equal(json(await api('DELETE', `/customers/${other.id}/notes/${note.id}`)).error.code, 'NOTE_NOT_FOUND');
    assert.equal(json(await api('POST', `/customers/${UNKNOWN}/notes`, { title: 'x' })).error.code, 'CUSTOMER_NOT_FOUND');
    assert.equal((await api('GET', `/customers/${UNKNOWN}/notes`)).statusCode, 404);
    assert.equal(json(await api('GET', `/customers/${customer.id}/notes`)).data[0].title, 'Ana only', 'the note is unchanged');
  });
});
