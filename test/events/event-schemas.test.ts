/**
 * Every event the service writes fits its published schema (src/event-log/catalogue.ts): the API is
 * driven (real HTTP, a worker, sandbox channels) so that every event type is recorded at least once,
 * then every stored event of the organization and the feed's answer are validated with ajv against
 * the schema of its type, and each webhook body against its entry in the served OpenAPI document's
 * `webhooks`. A payload written under another field name (camelCase) or missing a field fails here
 * even where TypeScript cannot see it (a spread, a cast).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { Ajv } from 'ajv';
import { EVENT_TYPES } from '../../src/event-log/catalogue.js';
import { TestClock } from '../../src/lib/clock.js';
import { webhookBody } from '../../src/modules/webhooks/webhook-rules.js';
import { addMember, call, chatApi, customerWrites, openChat } from '../chats/support.js';
import { insertField, insertStage } from '../customers/crm-fixtures.js';
import { flowApi } from '../flows/support.js';
import { post, waitFor } from '../messages/support.js';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { addFormats, eventValidator } from './event-validator.js';

/** Drives the API through every event type of the catalogue. */
async function everyEvent(svc: TestService, org: SeededOrganization, clock: TestClock) {
  const base = `/api/${org.organizationId}`;
  const api = (method: string, path: string, body?: unknown) => call(svc, method, `${base}${path}`, org.keyHeader, body);
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await api(method, path, body);
    assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${res.text}`);
    return res.json?.data;
  };

  // message.received, chat.created, then message.status_updated (a reply the sandbox sends) and chat.read.
  const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650001', 'hi');
  await openChat(svc, org, '5511987650001');
  await ok('POST', `/chats/${chatId}/read`);
  // message.reaction (the agent's, through the API), message.edited, message.deleted, message.echoed and
  // channel.health_changed (the sandbox's news and health).
  const first = await waitFor(
    () => svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).where('direction', '=', 'inbound').executeTakeFirst(),
    (row) => row !== undefined,
  );
  await ok('POST', `/chats/${chatId}/messages/${first!.id}/reactions`, { emoji: '👍' });
  for (const news of [
    { event: 'edit', message_id: 'e-1', from: '5511987650001', target_message_id: first!.id, content: { text: 'hi there' } },
    { event: 'delete', message_id: 'd-1', from: '5511987650001', target_message_id: first!.id },
    { event: 'echo', message_id: 'p-1', to: '5511987650001', type: 'text', content: { text: 'from the phone' } },
    // channel.health_changed: throttled, which refuses no later send.
    { event: 'health', status: 'throttled', code: '130429', message: 'rate limit hit' },
  ]) {
    const res = await call(svc, 'POST', `/channels/${org.channels.whatsapp_zapi}/webhook`, {}, news);
    assert.equal(res.status, 200, res.text);
  }
  await waitFor(
    () => svc.db.selectFrom('events').select('id').where('type', '=', 'message.echoed').executeTakeFirst(),
    (row) => row !== undefined,
  );
  // chat.assigned and chat.status_changed.
  const bea = await addMember(svc, org.organizationId, 'Bea');
  const assigned = await chatApi(svc, org, org.keyHeader).assignee(chatId, { profileId: bea.profileId });
  assert.equal(assigned.status, 200, assigned.text);

  // The CRM: created, updated, stage, tags (one removed by deleting the tag), field value, notes.
  const customer = await ok('POST', '/customers', { name: 'Ana', contacts: [{ type: 'whatsapp', value: '+5511987650002' }] });
  await ok('PUT', `/customers/${customer.id}`, { name: 'Ana Souza' });
  await ok('PUT', `/customers/${customer.id}/stage`, { stageId: await insertStage(svc, org.organizationId), stageOrder: 1, chatId });
  const tag = await ok('POST', '/tags', { name: 'VIP', color: '#fff' });
  const other = await ok('POST', '/tags', { name: 'Lead', color: '#000' });
  await ok('POST', `/customers/${customer.id}/tags`, { tagId: tag.id, chatId });
  await ok('POST', `/customers/${customer.id}/tags`, { tagId: other.id });
  await ok('DELETE', `/customers/${customer.id}/tags/${tag.id}`);
  await ok('DELETE', `/tags/${other.id}`);
  await insertField(svc, org.organizationId, 'size', 'text');
  await ok('POST', `/customers/${customer.id}/field-values`, { slug: 'size', value: 'large' });
  await ok('POST', `/customers/${customer.id}/field-values`, { slug: 'size', value: null });
  const note = await ok('POST', `/customers/${customer.id}/notes`, { title: 'Call', content: 'Wants a quote' });
  await ok('PUT', `/customers/${customer.id}/notes/${note.id}`, { title: 'Call back', content: null });
  await ok('DELETE', `/customers/${customer.id}/notes/${note.id}`);
  // customer.erased (an erasure deletes the events about that customer: a customer of its own).
  const erased = await ok('POST', '/customers', { name: 'Eva', contacts: [{ type: 'whatsapp', value: '+5511987650003' }] });
  await ok('DELETE', `/customers/${erased.id}?erase=true`);

  // Flows: one that completes, one that fails (a loop without a wait).
  const flows = flowApi(svc, org);
  const done = await flows.startRun(await flows.createFlow([{ type: 'add_tag', tagId: tag.id }]), chatId);
  await flows.until(done.id, ['completed']);
  const spinning = await flows.createFlow([
    { id: 'top', type: 'send_message', text: 'again' },
    { type: 'goto', stepId: 'top' },
  ]);
  await flows.until((await flows.startRun(spinning, chatId)).id, ['failed']);

  // A private note in the chat.
  await ok('POST', `/chats/${chatId}/notes`, { content: 'nota interna' });

  // Scheduled messages: one cancelled, one sent when due (the clock is moved, not waited for).
  const schedule = { sendAt: new Date(clock.now().getTime() + 60_000).toISOString(), type: 'text', content: { text: 'later' } };
  const cancelled = await ok('POST', `/chats/${chatId}/scheduled-messages`, schedule);
  await ok('DELETE', `/chats/${chatId}/scheduled-messages/${cancelled.id}`);
  const due = await ok('POST', `/chats/${chatId}/scheduled-messages`, { ...schedule, cancelIfCustomerReplies: false });
  // Opt-out and back (customer.opted_out, customer.opted_in).
  const customerId = (await ok('GET', `/chats/${chatId}`)).customerId as string;
  await ok('PUT', `/customers/${customerId}/opt-out`, { optedOut: true });
  await ok('PUT', `/customers/${customerId}/opt-out`, { optedOut: false });

  // Campaigns: one scheduled, paused and cancelled; one sent to its end (campaign.completed).
  const campaign = (name: string) =>
    ok('POST', '/campaigns', {
      name,
      channelId: org.channels.whatsapp_zapi,
      audience: { customerIds: [customerId] },
      message: { type: 'text', content: { text: 'Promoção!' } },
    });
  // Started for an hour ahead, so the worker cannot send it to its end before the pause lands.
  const stopped = await campaign('stopped');
  await ok('POST', `/campaigns/${stopped.id}/start`, { scheduleAt: new Date(clock.now().getTime() + 3_600_000).toISOString() });
  await ok('POST', `/campaigns/${stopped.id}/pause`, {});
  await ok('POST', `/campaigns/${stopped.id}/cancel`, {});
  const finished = await campaign('finished');
  await ok('POST', `/campaigns/${finished.id}/start`, {});
  const completed = () => svc.db.selectFrom('campaigns').select('status').where('id', '=', finished.id).executeTakeFirstOrThrow();
  assert.equal((await waitFor(completed, (c) => c.status === 'completed')).status, 'completed');

  // Satisfaction: a closed chat's question answered with a rating (chat.rated).
  const csat = await svc.admin('PATCH', `/organizations/${org.organizationId}`, {
    settings: { csat: { enabled: true, message: 'De 1 a 5?' } },
  });
  assert.equal(csat.statusCode, 200, csat.body);
  const rated = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650088', 'ajuda');
  await ok('PUT', `/chats/${rated.chatId}/status`, { status: 'closed' });
  await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650088', '5');

  // Inbound media fetched into our files (message.media_updated).
  const media = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from('89504e470d0a1a0a', 'hex')),
  );
  await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = media.address() as AddressInfo;
    const sent = await post(svc, `/channels/${org.channels.whatsapp_zapi}/webhook`, {
      event: 'message',
      message_id: 'media-1',
      from: '5511987650099',
      name: 'Foto',
      type: 'image',
      content: { url: `http://127.0.0.1:${port}/photo.png`, caption: 'foto' },
    });
    assert.equal(sent.status, 200, sent.text);
    const fetched = () => svc.db.selectFrom('events').select('id').where('type', '=', 'message.media_updated').executeTakeFirst();
    assert.ok(await waitFor(fetched, (r) => r !== undefined), 'message.media_updated');
  } finally {
    media.close();
  }

  // An SLA target nobody meets: chat.sla_breached at its deadline (the same minute).
  const patchedSla = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { sla: { firstResponseMinutes: 1 } } });
  assert.equal(patchedSla.statusCode, 200, patchedSla.body);
  await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650077', 'anyone?');
  clock.advance(60_000);
  const row = () => svc.db.selectFrom('scheduled_messages').select('status').where('id', '=', due.id).executeTakeFirstOrThrow();
  assert.equal((await waitFor(row, (r) => r.status === 'sent')).status, 'sent');
  const breach = () => svc.db.selectFrom('events').select('id').where('type', '=', 'chat.sla_breached').executeTakeFirst();
  assert.ok(await waitFor(breach, (r) => r !== undefined), 'chat.sla_breached');
}

describeEachDatabase('event payloads against their schemas', (env) => {
  it('every event type is written, and every stored event, the feed and the webhook body fit their schema', async () => {
    const clock = new TestClock();
    const svc = await env.start({ listen: true, clock });
    const org = await svc.seedOrganization();
    await everyEvent(svc, org, clock);
    const rows = () =>
      svc.db
        .selectFrom('events')
        .select(['id', 'type', 'payload', 'created_at'])
        .where('organization_id', '=', org.organizationId)
        .orderBy('seq')
        .execute();
    // The sandbox's statuses arrive through the worker.
    const stored = await waitFor(rows, (all) => all.some((row) => row.type === 'message.status_updated'));

    const written = new Set(stored.map((row) => row.type));
    assert.deepEqual(
      EVENT_TYPES.filter((type) => !written.has(type)),
      [],
      'every catalogued type was written',
    );
    const check = eventValidator();
    const problems = stored.flatMap((row) => check(row.type, JSON.parse(row.payload)) ?? []);
    // The body a receiver gets fits the event's entry in the served OpenAPI document's `webhooks`.
    const webhooks = (await call(svc, 'GET', '/openapi.json', {})).json.webhooks;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const row of stored) {
      const body = webhookBody({ id: row.id, type: row.type, data: JSON.parse(row.payload), createdAt: row.created_at });
      const validate = ajv.compile(webhooks[row.type].post.requestBody.content['application/json'].schema);
      if (!validate(body)) problems.push(`webhook body of ${row.type}: ${ajv.errorsText(validate.errors)}`);
    }
    // The feed hands out an event once no older transaction of the database is still running (the
    // horizon, event-log/horizon.ts): a worker's transaction in flight holds the newest back for a
    // moment. The sandbox may record further statuses meanwhile: the feed has at least what was read.
    const feed = await waitFor(
      () => call(svc, 'GET', `/api/${org.organizationId}/events?limit=500`, org.keyHeader),
      (res) => res.status !== 200 || res.json.data.length >= stored.length,
    );
    assert.equal(feed.status, 200, feed.text);
    assert.ok(feed.json.data.length >= stored.length, `${feed.json.data.length} < ${stored.length}`);
    for (const event of feed.json.data) {
      const problem = check(event.type, event.data);
      if (problem) problems.push(`feed: ${problem}`);
    }
    assert.deepEqual(problems, []);
  });
});
