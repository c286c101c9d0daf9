/**
 * Every step kind of DESIGN.md §7 doing what it should, end to end over HTTP on both databases:
 * sandbox channels, a customer writing through the sandbox callback, an HTTP fake as the called
 * server. The run's record (status, variables, log) and its events are checked too.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { startHttpFake } from '../fakes/http-fake.js';
import { addMember, chatRow, customerWrites } from '../chats/support.js';
import { eventsOf, insertField, insertStage } from '../customers/crm-fixtures.js';
import { insertTag } from '../admin/resource-fixtures.js';
import { describeEachDatabase } from '../support/harness.js';
import { flowApi, outboundTexts } from './support.js';

describeEachDatabase('flows: every step kind', (env) => {
  it('sends with placeholders, tags, moves the stage, sets a field, calls out, branches on the answer, assigns and changes the status', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = flowApi(svc, org);
    const orders = await startHttpFake(() => ({ status: 200, body: { order: { status: 'shipped', items: [{ name: 'Lamp' }] } } }));
    try {
      const keep = await insertTag(svc, org.organizationId, 'lead');
      const drop = await insertTag(svc, org.organizationId, 'cold');
      const stage = await insertStage(svc, org.organizationId, 'Qualified');
      await insertField(svc, org.organizationId, 'plan', 'text');
      const agent = await addMember(svc, org.organizationId, 'Agent');
      const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650001', 'hi');

      const flowId = await api.createFlow([
        { type: 'send_message', text: 'Hi {{customer.name}}, order {{orderId}} ({{context}})' },
        { type: 'add_tag', tagId: keep },
        { type: 'add_tag', tagId: drop },
        { type: 'remove_tag', tagId: drop },
        { type: 'set_stage', stageId: stage },
        { type: 'set_field', slug: 'plan', value: 'gold-{{orderId}}' },
        {
          type: 'http_request',
          url: `${orders.url}/orders/{{orderId}}`,
          method: 'POST',
          headers: { 'X-Order': '{{orderId}}' },
          body: { id: '{{orderId}}', who: '{{customer.name}}', plan: '{{customer.plan}}', fixed: 3 },
          saveAs: 'lookup',
        },
        { type: 'branch', variable: 'lookup.order.status', op: 'equals', value: 'SHIPPED', goto: 'shipped' },
        { type: 'send_message', text: 'not shipped' },
        { type: 'end' },
        { id: 'shipped', type: 'assign', profileId: agent.profileId },
        { type: 'set_chat_status', status: 'await_closing' },
        { type: 'send_message', text: 'Your {{lookup.order.items.0.name}} is {{lookup.order.status}}. [{{nothing.here}}]' },
      ]);
      const started = await api.startRun(flowId, chatId, { orderId: 'A-17', context: 'Order shipped' });
      assert.equal(started.status, 'running');
      const run = await api.until(started.id, ['completed', 'failed']);
      assert.equal(run.status, 'completed', JSON.stringify(run));

      assert.deepEqual(await outboundTexts(svc, chatId), [
        'Hi Customer 5511987650001, order A-17 (Order shipped)',
        'Your Lamp is shipped. []',
      ]);
      const chat = await chatRow(svc, chatId);
      assert.equal(chat.assignee_profile_id, agent.profileId);
      assert.equal(chat.status, 'await_closing');
      const customer = await api.call('GET', `/customers/${chat.customer_id}`);
      assert.deepEqual(
        customer.json.data.tags.map((t: { id: string }) => t.id),
        [keep],
      );
      assert.equal(customer.json.data.stageId, stage);
      assert.deepEqual(
        customer.json.data.customFields.map((f: { slug: string; value: unknown }) => [f.slug, f.value]),
        [['plan', 'gold-A-17']],
      );

      const called = orders.last();
      assert.equal(called.method, 'POST');
      assert.equal(called.path, '/orders/A-17');
      assert.equal(called.headers['x-order'], 'A-17');
      assert.deepEqual(called.json, { id: 'A-17', who: 'Customer 5511987650001', plan: 'gold-A-17', fixed: 3 });

      assert.deepEqual(run.variables, {
        orderId: 'A-17',
        context: 'Order shipped',
        lookup: { order: { status: 'shipped', items: [{ name: 'Lamp' }] } },
      });
      assert.deepEqual(
        run.log.map((entry: { stepIndex: number; type: string }) => `${entry.stepIndex}:${entry.type}`),
        [
          '0:send_message',
          '1:add_tag',
          '2:add_tag',
          '3:remove_tag',
          '4:set_stage',
          '5:set_field',
          '6:http_request',
          '7:branch',
          '10:assign',
          '11:set_chat_status',
          '12:send_message',
        ],
      );
      for (const entry of run.log) assert.ok(entry.finishedAt >= entry.startedAt && entry.error === undefined, JSON.stringify(entry));
      assert.ok(run.finishedAt);

      // The same events as the API's own changes, and the run's.
      const types = (await eventsOf(svc, org.organizationId)).map((e) => e.type);
      for (const type of [
        'customer.tag_added',
        'customer.tag_removed',
        'customer.stage_changed',
        'customer.field_value_set',
        'chat.assigned',
      ])
        assert.ok(types.includes(type), `${type} in ${types.join(', ')}`);
      assert.deepEqual(
        (await eventsOf(svc, org.organizationId)).filter((e) => e.type.startsWith('flow.')),
        [
          { type: 'flow.started', data: { run_id: started.id, flow_id: flowId, chat_id: chatId, status: 'running' } },
          { type: 'flow.completed', data: { run_id: started.id, flow_id: flowId, chat_id: chatId, status: 'completed' } },
        ],
      );
    } finally {
      await orders.close();
    }
  });

  it('a media step sends its caption; send_template outside an official chat fails the run with the reason; an HTTP error fails it too', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const api = flowApi(svc, org);
    const failing = await startHttpFake(() => ({ status: 503, body: { error: 'down' } }));
    try {
      const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650002');
      const media = await api.createFlow([
        {
          type: 'send_message',
          text: 'Your invoice, {{customer.name}}',
          media: { type: 'document', url: 'https://files.example.com/{{n}}.pdf', name: 'invoice.pdf' },
        },
      ]);
      const done = await api.until((await api.startRun(media, chatId, { n: 7 })).id, ['completed', 'failed']);
      assert.equal(done.status, 'completed', JSON.stringify(done));
      const sent = await svc.db
        .selectFrom('messages')
        .select(['type', 'content'])
        .where('chat_id', '=', chatId)
        .where('direction', '=', 'outbound')
        .execute();
      assert.deepEqual(
        sent.map((m) => [m.type, JSON.parse(m.content)]),
        [
          [
            'document',
            { url: 'https://files.example.com/7.pdf', filename: 'invoice.pdf', caption: 'Your invoice, Customer 5511987650002' },
          ],
        ],
      );

      const template = await svc.admin('POST', `/organizations/${org.organizationId}/templates`, {
        channelId: org.channels.whatsapp_official,
        name: 'welcome',
        language: 'en',
        status: 'approved',
        components: [{ type: 'BODY', text: 'Hello' }],
      });
      assert.equal(template.statusCode, 201, template.body);
      const templated = await api.createFlow([
        { type: 'send_template', templateId: template.json().data.id },
        { type: 'send_message', text: 'never' },
      ]);
      const refused = await api.until((await api.startRun(templated, chatId)).id, ['completed', 'failed']);
      assert.equal(refused.status, 'failed');
      assert.match(refused.error, /^CHANNEL_NOT_OFFICIAL/);
      assert.deepEqual(
        refused.log.map((e: { type: string; error?: string }) => [e.type, e.error?.split(':')[0]]),
        [['send_template', 'CHANNEL_NOT_OFFICIAL']],
      );

      const calling = await api.createFlow([
        { type: 'http_request', url: `${failing.url}/x` },
        { type: 'send_message', text: 'never' },
      ]);
      const failed = await api.until((await api.startRun(calling, chatId)).id, ['completed', 'failed']);
      assert.equal(failed.status, 'failed');
      assert.match(failed.error, /^HTTP_REQUEST_FAILED: .* answered HTTP 503$/);
      assert.equal((await outboundTexts(svc, chatId)).filter((t) => t === 'never').length, 0);
      const failedEvents = (await eventsOf(svc, org.organizationId, 'flow.failed')).map((e) => e.data);
      assert.deepEqual(
        failedEvents.map((d) => [d.run_id, d.status, d.error.split(':')[0]]),
        [
          [refused.id, 'failed', 'CHANNEL_NOT_OFFICIAL'],
          [failed.id, 'failed', 'HTTP_REQUEST_FAILED'],
        ],
      );
    } finally {
      await failing.close();
    }
  });
});
