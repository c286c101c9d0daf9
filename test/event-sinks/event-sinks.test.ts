/**
 * Event sinks (DESIGN §13) in the service, against the real NATS JetStream and RabbitMQ of the
 * machine (test/support/brokers.ts): the admin API (validation, masking, 404s), what reaches each
 * broker (every event of the sink's scope, in each organization's order, with its id; nothing of
 * another organization; only the types asked for), and a failing broker address that is fixed
 * later losing nothing. The crash test is test/e2e/event-sink-crash.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { until } from '../support/serve-process.js';
import { FAST_SINKS, makeEvents } from './support.js';
import {
  AMQP_URL,
  NATS_URL,
  brokerSkip,
  deleteNatsStream,
  drainNats,
  firstArrivals,
  rabbitConsumer,
  uniqueName,
} from '../support/brokers.js';

let natsSkip: string | false = false;
let rabbitSkip: string | false = false;
before(async () => {
  natsSkip = await brokerSkip('NATS');
  rabbitSkip = await brokerSkip('RabbitMQ');
});

/** The organization's event ids in its log's order (the feed). */
async function feedIds(svc: TestService, organizationId: string): Promise<{ id: string; type: string }[]> {
  const page = await svc.services.eventFeed.listAfter(organizationId, undefined, 500);
  return page.data.map((event) => ({ id: event.id, type: event.type }));
}

describeEachDatabase('event sinks: admin API', (env) => {
  it('creates, lists, changes and removes sinks; masks credentials; refuses bad input with 400/404', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const created = await svc.admin('POST', '/event-sinks', {
      kind: 'rabbitmq',
      url: 'amqp://guest:s3cret-pass@127.0.0.1:5672',
      organizationId: org.organizationId,
      events: ['customer.created'],
      exchange: 'ex-1',
    });
    assert.equal(created.statusCode, 201, created.body);
    const sink = created.json().data;
    assert.equal(sink.url, 'amqp://guest:••••••••@127.0.0.1:5672', 'the password never leaves');
    assert.ok(!created.body.includes('s3cret-pass'));
    assert.deepEqual(
      [sink.kind, sink.target, sink.organizationId, sink.events, sink.enabled, sink.state, sink.lag],
      ['rabbitmq', 'ex-1', org.organizationId, ['customer.created'], true, 'waiting', 0],
    );
    const nats = await svc.admin('POST', '/event-sinks', { kind: 'nats', url: 'nats://my-token@127.0.0.1:4222' });
    assert.equal(nats.statusCode, 201, nats.body);
    assert.deepEqual(
      [nats.json().data.url, nats.json().data.target, nats.json().data.organizationId],
      ['nats://••••••••@127.0.0.1:4222', 'conversa', null],
    );
    const kafka = await svc.admin('POST', '/event-sinks', { kind: 'kafka', url: 'kafka://k1:9092,k2:9092', topic: 'events' });
    assert.equal(kafka.statusCode, 201, kafka.body);

    const listed = await svc.admin('GET', '/event-sinks');
    assert.deepEqual(
      listed.json().data.map((s: { id: string }) => s.id),
      [sink.id, nats.json().data.id, kafka.json().data.id],
    );
    const disabled = await svc.admin('PATCH', `/event-sinks/${sink.id}`, { enabled: false, events: null });
    assert.equal(disabled.statusCode, 200, disabled.body);
    assert.deepEqual([disabled.json().data.enabled, disabled.json().data.state, disabled.json().data.events], [false, 'disabled', null]);
    // A new event of its organization is lag for the sink (nothing streams here: no worker).
    await makeEvents(svc, org, 1);
    assert.equal((await svc.admin('GET', `/event-sinks/${sink.id}`)).json().data.lag, 2, 'customer.created and customer.tag_added');

    const bad: [unknown, string][] = [
      [{ kind: 'nats', url: 'http://127.0.0.1:4222' }, 'url'],
      [{ kind: 'rabbitmq', url: 'nats://127.0.0.1:4222' }, 'url'],
      [{ kind: 'kafka', url: 'kafka://no-port' }, 'url'],
      [{ kind: 'nats', url: 'nats://127.0.0.1:4222', exchange: 'x' }, 'exchange'],
      [{ kind: 'nats', url: 'nats://127.0.0.1:4222', subject: 'a b' }, 'subject'],
      [{ kind: 'nats', url: 'nats://127.0.0.1:4222', events: ['no.such_event'] }, 'events'],
      [{ kind: 'sqs', url: 'https://sqs' }, 'kind'],
      [{ kind: 'nats', url: 'nats://127.0.0.1:4222', extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of bad) {
      const res = await svc.admin('POST', '/event-sinks', payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      assert.equal(res.json().error.code, 'VALIDATION_ERROR');
      assert.ok(res.body.includes(field), `${JSON.stringify(payload)} names ${field}: ${res.body}`);
    }
    const unknownOrg = await svc.admin('POST', '/event-sinks', {
      kind: 'nats',
      url: NATS_URL,
      organizationId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f',
    });
    assert.equal(unknownOrg.statusCode, 404, unknownOrg.body);
    assert.equal(unknownOrg.json().error.code, 'ORGANIZATION_NOT_FOUND');
    const missing = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';
    for (const [method, payload] of [['GET'], ['PATCH', { enabled: true }], ['DELETE']] as const) {
      const res = await svc.admin(method, `/event-sinks/${missing}`, payload);
      assert.equal(res.statusCode, 404, res.body);
      assert.equal(res.json().error.code, 'EVENT_SINK_NOT_FOUND');
    }
    assert.equal((await svc.admin('PATCH', `/event-sinks/${sink.id}`, { url: 'nats://x:4222' })).statusCode, 400, 'a URL of another kind');
    // Only the operator: an organization's key is not the admin token.
    const asTenant = await svc.inject({ method: 'GET', url: '/admin/v1/event-sinks', headers: { authorization: `Bearer ${org.apiKey}` } });
    assert.equal(asTenant.statusCode, 401, asTenant.body);
    assert.equal((await svc.admin('DELETE', `/event-sinks/${sink.id}`)).statusCode, 200);
    assert.equal((await svc.admin('GET', `/event-sinks/${sink.id}`)).statusCode, 404);
  });
});

describeEachDatabase('event sinks: NATS JetStream', (env) => {
  const prefixes: string[] = [];
  after(async () => {
    if (!natsSkip) for (const prefix of prefixes) await deleteNatsStream(prefix);
  });

  it("streams one organization's events, in order, with their ids; nothing of another; only the types asked for", async (t) => {
    if (natsSkip) return t.skip(natsSkip);
    const svc = await env.start({ env: FAST_SINKS });
    const [a, b] = [await svc.seedOrganization({ name: 'A' }), await svc.seedOrganization({ name: 'B' })];
    const [all, onlyCreated] = [uniqueName('all'), uniqueName('created')];
    prefixes.push(all, onlyCreated);
    for (const [subject, events] of [
      [all, undefined],
      [onlyCreated, ['customer.created']],
    ] as const) {
      const res = await svc.admin('POST', '/event-sinks', {
        kind: 'nats',
        url: NATS_URL,
        organizationId: a.organizationId,
        subject,
        ...(events ? { events } : {}),
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    await makeEvents(svc, a, 5);
    await makeEvents(svc, b, 3);
    const expected = await feedIds(svc, a.organizationId);
    assert.equal(expected.length, 10);

    const received = await drainNats(all, expected.length);
    assert.deepEqual(
      firstArrivals(received, a.organizationId),
      expected.map((e) => e.id),
      "A's events, in its log's order",
    );
    assert.ok(
      received.every((copy) => copy.organizationId === a.organizationId),
      'nothing of B',
    );
    for (const copy of received) {
      assert.equal(copy.event.id, copy.id, 'the id on the copy is the event id');
      assert.equal(copy.type, copy.event.type, 'subject <prefix>.<organization>.<type>');
    }
    const created = await drainNats(onlyCreated, 5);
    assert.deepEqual(
      created.map((copy) => copy.id),
      expected.filter((e) => e.type === 'customer.created').map((e) => e.id),
    );
    const sinks = (await svc.admin('GET', '/event-sinks')).json().data;
    await until(async () => (await svc.admin('GET', '/event-sinks')).json().data.every((s: { lag: number }) => s.lag === 0), 5000, 'lag 0');
    assert.ok(
      sinks.every((s: { state: string }) => s.state === 'streaming'),
      JSON.stringify(sinks),
    );
  });

  it('a sink whose broker cannot be reached shows failing, and once fixed streams from its place: nothing lost', async (t) => {
    if (natsSkip) return t.skip(natsSkip);
    const svc = await env.start({ env: FAST_SINKS });
    const org = await svc.seedOrganization();
    const subject = uniqueName('fix');
    prefixes.push(subject);
    const res = await svc.admin('POST', '/event-sinks', {
      kind: 'nats',
      url: 'nats://127.0.0.1:1',
      organizationId: org.organizationId,
      subject,
    });
    const id = res.json().data.id;
    await makeEvents(svc, org, 2);
    await until(async () => (await svc.admin('GET', `/event-sinks/${id}`)).json().data.state === 'failing', 10_000, 'failing');
    const failing = (await svc.admin('GET', `/event-sinks/${id}`)).json().data;
    assert.ok(failing.failureCount >= 1 && failing.lastError, JSON.stringify(failing));
    assert.equal(failing.lag, 4);
    assert.equal((await svc.admin('PATCH', `/event-sinks/${id}`, { url: NATS_URL })).statusCode, 200);
    await makeEvents(svc, org, 1);
    const expected = await feedIds(svc, org.organizationId);
    const received = await drainNats(subject, expected.length, 40_000);
    assert.deepEqual(
      firstArrivals(received, org.organizationId),
      expected.map((e) => e.id),
    );
    await until(async () => (await svc.admin('GET', `/event-sinks/${id}`)).json().data.state === 'streaming', 5000, 'streaming');
  });
});

describeEachDatabase('event sinks: RabbitMQ', (env) => {
  it("streams every organization's events into a topic exchange, each organization in order, message_id the event id", async (t) => {
    if (rabbitSkip) return t.skip(rabbitSkip);
    const svc = await env.start({ env: FAST_SINKS });
    const exchange = uniqueName('conversa-test-');
    const consumer = await rabbitConsumer(exchange);
    try {
      const orgs = [await svc.seedOrganization({ name: 'A' }), await svc.seedOrganization({ name: 'B' })];
      const res = await svc.admin('POST', '/event-sinks', { kind: 'rabbitmq', url: AMQP_URL, exchange });
      assert.equal(res.statusCode, 201, res.body);
      await Promise.all(orgs.map((org) => makeEvents(svc, org, 4)));
      for (const org of orgs) {
        // The feed read again each time: an event the worker records later (or one the feed's horizon
        // still held back at a first read, under load) reaches both the feed and the exchange.
        let expected: string[] = [];
        await until(
          async () => {
            expected = (await feedIds(svc, org.organizationId)).map((e) => e.id);
            const arrived = firstArrivals(consumer.received, org.organizationId);
            return arrived.length >= expected.length && JSON.stringify(arrived) === JSON.stringify(expected);
          },
          20_000,
          'every event',
        );
        assert.deepEqual(firstArrivals(consumer.received, org.organizationId), expected);
      }
      for (const copy of consumer.received) {
        assert.equal(copy.id, copy.event.id);
        assert.equal(copy.routingKey, `${copy.organizationId}.${copy.type}`);
      }
    } finally {
      await consumer.close();
    }
  });
});
