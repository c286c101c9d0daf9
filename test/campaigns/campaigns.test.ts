/**
 * Campaigns (DESIGN.md §10): create, edit only in draft, start, the run job sending each recipient
 * once as an ordinary message of its chat (`source: 'campaign'`, `campaignId`), opted-out customers
 * and duplicates skipped and counted, counts as statuses come back, pause/resume/cancel, the
 * recipients' page, and the error envelope, cross-tenant and role checks.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { waitFor } from '../messages/support.js';
import { addMember, call, customerWrites, openChat } from '../chats/support.js';
import { eventsOf, started } from '../scheduled-messages/support.js';

describeEachDatabase('campaigns', (env) => {
  it('sends each recipient once, skips opted-out, counts, and answers the routes with their errors', async () => {
    const { svc, org } = await started(env);
    const channelId = org.channels.whatsapp_zapi;
    const contacts = Array.from({ length: 12 }, (_, i) => `55119876530${String(i).padStart(2, '0')}`);
    const chats: string[] = [];
    for (const c of contacts) chats.push(await openChat(svc, org, c));
    const customers = await svc.db.selectFrom('chats').select(['id', 'customer_id']).where('id', 'in', chats).execute();
    const customerIds = customers.map((c) => c.customer_id);
    const optedOut = customers.find((c) => c.id === chats[0])!.customer_id;
    await call(svc, 'PUT', `/api/${org.organizationId}/customers/${optedOut}/opt-out`, org.keyHeader, { optedOut: true });

    const base = `/api/${org.organizationId}/campaigns`;
    const body = {
      name: 'Black Friday',
      channelId,
      audience: { customerIds },
      message: { type: 'text', content: { text: 'Olá {{customer.name}}, 20% off!' } },
    };
    const created = await call(svc, 'POST', base, org.keyHeader, body);
    assert.equal(created.status, 201, created.text);
    const id = created.json.data.id as string;
    assert.equal(created.json.data.status, 'draft');
    const patched = await call(svc, 'PATCH', `${base}/${id}`, org.keyHeader, { name: 'Black Friday 2026' });
    assert.equal(patched.json.data.name, 'Black Friday 2026');

    // Errors: 400, 404, agent 403, cross-tenant 404.
    assert.equal((await call(svc, 'POST', base, org.keyHeader, { ...body, name: '' })).json.error.code, 'VALIDATION_ERROR');
    const missing = await call(svc, 'GET', `${base}/0192f1c4-7a8b-7c3d-9e0f-000000000000`, org.keyHeader);
    assert.equal(missing.status, 404);
    assert.equal(missing.json.error.code, 'CAMPAIGN_NOT_FOUND');
    const agent = await addMember(svc, org.organizationId, 'Agent');
    const forbidden = await call(svc, 'POST', base, agent.keyHeader, body);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.json.error.code, 'FORBIDDEN');
    const other = await svc.seedOrganization();
    assert.equal((await call(svc, 'GET', `/api/${other.organizationId}/campaigns/${id}`, other.keyHeader)).status, 404);
    assert.equal((await call(svc, 'POST', `/api/${other.organizationId}/campaigns/${id}/cancel`, other.keyHeader)).status, 404);

    const start = await call(svc, 'POST', `${base}/${id}/start`, org.keyHeader, {});
    assert.equal(start.status, 200, start.text);
    assert.equal(start.json.data.status, 'scheduled');
    assert.equal((await call(svc, 'PATCH', `${base}/${id}`, org.keyHeader, { name: 'x' })).status, 409);
    assert.equal((await call(svc, 'POST', `${base}/${id}/start`, org.keyHeader, {})).json.error.code, 'INVALID_TRANSITION');

    const done = await waitFor(
      async () => (await call(svc, 'GET', `${base}/${id}`, org.keyHeader)).json.data,
      (c) => c.status === 'completed' && c.counts.queued === 0,
      15000,
    );
    assert.equal(done.status, 'completed');
    assert.equal(done.counts.audience, 12);
    assert.equal(done.counts.skipped.optedOut, 1);
    assert.equal(done.counts.sent, 11);
    const messages = await svc.db.selectFrom('messages').selectAll().where('campaign_id', '=', id).execute();
    assert.equal(messages.length, 11, 'one message per recipient');
    assert.equal(new Set(messages.map((m) => m.chat_id)).size, 11);
    assert.ok(messages.every((m) => m.source === 'campaign'));
    assert.ok(messages.every((m) => JSON.stringify(m.content).includes('Olá Customer') || JSON.stringify(m.content).includes('Olá ')));
    assert.equal((await eventsOf(svc, org, 'campaign.started'))[0]!.queued, 11);
    assert.deepEqual(await eventsOf(svc, org, 'campaign.completed'), [{ campaign_id: id, sent: 11, skipped: 1 }]);

    // A reply within the window counts; the recipients' page filters by status.
    await customerWrites(svc, channelId, contacts[1]!, 'quero!');
    const after = (await call(svc, 'GET', `${base}/${id}`, org.keyHeader)).json.data;
    assert.equal(after.counts.replied, 1);
    const skipped = await call(svc, 'GET', `${base}/${id}/recipients?status=skipped`, org.keyHeader);
    assert.equal(skipped.status, 200, skipped.text);
    assert.deepEqual(skipped.json.data, [{ customerId: optedOut, messageId: null, status: 'skipped', reason: 'optedOut', error: null }]);
    const page = await call(svc, 'GET', `${base}/${id}/recipients?limit=5`, org.keyHeader);
    assert.equal(page.json.data.length, 5);
    assert.ok(page.json.nextCursor);
  });

  it('pause holds it, resume goes on, cancel stops it (events)', async () => {
    const { svc, org } = await started(env);
    const chatId = await openChat(svc, org, '5511987654001');
    const chat = await svc.db.selectFrom('chats').select('customer_id').where('id', '=', chatId).executeTakeFirstOrThrow();
    const base = `/api/${org.organizationId}/campaigns`;
    const body = {
      name: 'Later',
      channelId: org.channels.whatsapp_zapi,
      audience: { customerIds: [chat.customer_id] },
      message: { type: 'text', content: { text: 'hi' } },
      scheduleAt: '2030-01-01T00:00:00Z',
    };
    const id = (await call(svc, 'POST', base, org.keyHeader, body)).json.data.id as string;
    assert.equal((await call(svc, 'POST', `${base}/${id}/pause`, org.keyHeader)).status, 409, 'a draft cannot be paused');
    await call(svc, 'POST', `${base}/${id}/start`, org.keyHeader, {});
    assert.equal((await call(svc, 'POST', `${base}/${id}/pause`, org.keyHeader)).json.data.status, 'paused');
    assert.equal((await call(svc, 'POST', `${base}/${id}/resume`, org.keyHeader)).json.data.status, 'scheduled');
    assert.equal((await call(svc, 'POST', `${base}/${id}/cancel`, org.keyHeader)).json.data.status, 'cancelled');
    assert.equal((await eventsOf(svc, org, 'campaign.paused')).length, 1);
    assert.deepEqual(await eventsOf(svc, org, 'campaign.cancelled'), [{ campaign_id: id, profile_id: org.profileId }]);
    assert.equal((await svc.db.selectFrom('messages').select('id').where('campaign_id', '=', id).execute()).length, 0);
  });
});
