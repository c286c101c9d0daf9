/**
 * The Kafka event sink (DESIGN §13, docs/event-sinks.md) in the service, against a Kafka wire-protocol
 * fake (test/fakes/kafka-broker.ts) that decodes what kafkajs sends: the API versions it negotiates,
 * each record batch with its CRC-32C, keys, headers, acks and the idempotent producer's sequence
 * numbers. No real Kafka installs on our machines, so this checks our use of the client, not Kafka.
 * Checked: every event of the sink's scope reaches the topic once, in each organization's log
 * order, keyed by organization, with its id and type in headers and the body the other sinks
 * publish; retried produce errors and a lost produce answer neither lose nor double an event; a
 * broker that is down shows `failing`, and once back gets every event (at least once, first
 * arrivals in the log's order).
 */
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { until } from '../support/serve-process.js';
import { FAST_SINKS, makeEvents } from './support.js';
import { firstArrivals, uniqueName, type Received } from '../support/brokers.js';
import { ApiKey, startFakeKafka, type FakeKafkaBroker, type KafkaRecord } from '../fakes/kafka-broker.js';

/** Kafka error codes the fake answers with (retriable for kafkajs). */
const NOT_LEADER_FOR_PARTITION = 6;

/** The event log's rows (of one organization, or all), in the order they were written. */
async function logRows(svc: TestService, organizationId?: string) {
  let query = svc.db.selectFrom('events').select(['id', 'organization_id', 'type']);
  if (organizationId) query = query.where('organization_id', '=', organizationId);
  return query.orderBy('seq').execute();
}

/** A record as the other sink tests see a copy: its id, organization (the key), type and parsed body. */
function received(record: KafkaRecord): Received {
  return {
    id: record.headers['event-id'] ?? '',
    organizationId: record.key ?? '',
    type: record.headers['event-type'] ?? '',
    event: JSON.parse(record.value ?? 'null') as Received['event'],
  };
}

const eventIds = (records: KafkaRecord[]) => records.map((record) => record.headers['event-id']);

describeEachDatabase('event sinks: Kafka (wire-protocol fake)', (env) => {
  const brokers: FakeKafkaBroker[] = [];
  // After each test's service has stopped (the harness's afterEach): its producer disconnects from a live broker.
  after(() => Promise.all(brokers.map((broker) => broker.close())));
  async function fakeKafka() {
    const broker = await startFakeKafka();
    brokers.push(broker);
    return broker;
  }

  it("publishes every event of the sink's scope once, in each organization's order, keyed by organization, with id and type headers, acks -1", async () => {
    const broker = await fakeKafka();
    const svc = await env.start({ env: FAST_SINKS });
    const [a, b] = [await svc.seedOrganization({ name: 'A' }), await svc.seedOrganization({ name: 'B' })];
    const [scopedTopic, allTopic] = [uniqueName('only-a-'), uniqueName('all-')];
    const sinkIds: string[] = [];
    for (const where of [{ organizationId: a.organizationId, topic: scopedTopic }, { topic: allTopic }]) {
      const res = await svc.admin('POST', '/event-sinks', { kind: 'kafka', url: broker.url, start: 'oldest', ...where });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().data.target, where.topic);
      sinkIds.push(res.json().data.id);
    }
    await makeEvents(svc, a, 3);
    await makeEvents(svc, b, 2);
    await makeEvents(svc, a, 1);

    const idsOf = async (organizationId?: string) => (await logRows(svc, organizationId)).map((row) => row.id);
    await until(
      async () =>
        broker.records(scopedTopic).length >= (await idsOf(a.organizationId)).length &&
        broker.records(allTopic).length >= (await idsOf()).length,
      10_000,
      'every event on both topics',
    );
    await until(async () => (await svc.admin('GET', '/event-sinks')).json().data.every((s: { lag: number }) => s.lag === 0), 5000, 'lag 0');
    const rows = await logRows(svc);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const rowsOf = (organizationId: string) => rows.filter((row) => row.organization_id === organizationId).map((row) => row.id);
    assert.ok(rowsOf(a.organizationId).length >= 8 && rowsOf(b.organizationId).length >= 4, 'the events made, and any of the seeding');
    // The feed is the log's order, the one the sink streams in: here (one write at a time) the order they were written.
    const feedEvents = new Map<string, unknown>();
    for (const org of [a, b]) {
      const feed = (await svc.services.eventFeed.listAfter(org.organizationId, undefined, 500)).data;
      assert.deepEqual(
        feed.map((event) => event.id),
        rowsOf(org.organizationId),
      );
      for (const event of feed) feedEvents.set(event.id, { ...event, organizationId: org.organizationId });
    }

    const scoped = broker.records(scopedTopic);
    const all = broker.records(allTopic);
    assert.deepEqual(eventIds(scoped), rowsOf(a.organizationId), "A's events once each, in its log's order; nothing of B");
    assert.ok(
      scoped.every((record) => record.key === a.organizationId),
      'nothing of B',
    );
    assert.equal(all.length, rows.length, 'every event of every organization, once');
    for (const org of [a, b]) {
      assert.deepEqual(
        eventIds(all.filter((record) => record.key === org.organizationId)),
        rowsOf(org.organizationId),
        "each organization's events in its log's order",
      );
    }
    for (const record of [...scoped, ...all]) {
      const row = byId.get(record.headers['event-id'] ?? '');
      assert.ok(row, `a record of an event of the log: ${JSON.stringify(record)}`);
      assert.equal(record.key, row.organization_id, 'key = organization id');
      assert.deepEqual(record.headers, { 'event-id': row.id, 'event-type': row.type }, 'headers: the event id and type');
      assert.deepEqual(received(record).event, feedEvents.get(row.id), 'the body: the event as the feed carries it, plus its organization');
      assert.equal(record.partition, 0);
    }
    for (const records of [scoped, all]) {
      assert.equal(new Set(records.map((record) => record.producerId)).size, 1, 'one idempotent producer per sink');
      assert.ok(records[0]!.producerId >= 0, 'an idempotent batch carries its producer id');
      assert.deepEqual(
        records.map((record) => record.sequence),
        records.map((_, i) => i),
        'sequence numbers from 0, without gaps',
      );
    }
    assert.ok(broker.produceAcks.length >= 2, `${broker.produceAcks.length} produce requests`);
    assert.ok(
      broker.produceAcks.every((acks) => acks === -1),
      `acks -1 on every produce: ${broker.produceAcks.join(',')}`,
    );
    assert.deepEqual(broker.unsupported, [], 'nothing the fake does not implement was asked for');
    // The highest version both sides implement (kafkajs 2.2.4: Produce 7, Metadata 6, ApiVersions 2, InitProducerId 1).
    assert.deepEqual(broker.versions, {
      [ApiKey.Produce]: [7],
      [ApiKey.Metadata]: [6],
      [ApiKey.ApiVersions]: [2],
      [ApiKey.InitProducerId]: [1],
    });
    for (const id of sinkIds) {
      const sink = (await svc.admin('GET', `/event-sinks/${id}`)).json().data;
      assert.deepEqual([sink.state, sink.failureCount, sink.lastError], ['streaming', 0, null], JSON.stringify(sink));
    }
  });

  it('retried errors and a lost answer neither lose nor double an event; a broker that is down shows failing, and once back gets every event', async () => {
    const broker = await fakeKafka();
    const svc = await env.start({ env: FAST_SINKS });
    const org = await svc.seedOrganization();
    const topic = uniqueName('faults-');
    const created = await svc.admin('POST', '/event-sinks', {
      kind: 'kafka',
      url: broker.url,
      organizationId: org.organizationId,
      topic,
      start: 'oldest',
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().data.id;
    const sink = async () => (await svc.admin('GET', `/event-sinks/${id}`)).json().data;
    const expected = async () => (await logRows(svc, org.organizationId)).map((row) => row.id);
    const arrived = async () => {
      const ids = new Set(eventIds(broker.records(topic)));
      return (await expected()).every((eventId) => ids.has(eventId)) && (await sink()).lag === 0;
    };
    await makeEvents(svc, org, 1);
    await until(arrived, 10_000, 'the first events');

    // Retriable errors: kafkajs refreshes its metadata and sends the same batch again; nothing was appended meanwhile.
    const producesBefore = broker.requests[ApiKey.Produce] ?? 0;
    broker.failNextProduces(3, NOT_LEADER_FOR_PARTITION);
    await makeEvents(svc, org, 1);
    await until(arrived, 10_000, 'the events after three errors');
    assert.ok((broker.requests[ApiKey.Produce] ?? 0) - producesBefore >= 4, 'three refused, then accepted');
    // A lost answer: the batch was appended, the connection closed; the retry carries the same producer id and
    // sequence, and the broker acknowledges it without appending it again.
    broker.dropNextProduceAnswers(1);
    await makeEvents(svc, org, 1);
    await until(arrived, 10_000, 'the events after a lost answer');
    assert.equal(broker.deduplicated, 1, 'the retried batch was recognised');
    assert.deepEqual(eventIds(broker.records(topic)), await expected(), 'so far every event exactly once, in order');
    assert.equal((await sink()).failureCount, 0, 'kafkajs absorbed those retries within one publish');

    // Down: the publish fails only once kafkajs's own retries run out, about 19 s here (its retry defaults
    // under NODE_ENV=test, which the test runner sets; about 15 s with its production defaults).
    await broker.stop();
    await makeEvents(svc, org, 2);
    await until(async () => (await sink()).state === 'failing', 30_000, 'failing');
    const failing = await sink();
    assert.ok(failing.failureCount >= 1, JSON.stringify(failing));
    assert.match(failing.lastError, /ECONNREFUSED/, 'the last error says why');
    assert.equal(failing.lag, 4, 'the two customers created and tagged wait in the log');
    await broker.start();
    await makeEvents(svc, org, 1);
    await until(arrived, 30_000, 'every event after the broker is back');
    await until(async () => (await sink()).state === 'streaming', 5000, 'streaming');

    const ids = await expected();
    const copies = broker.records(topic).map(received);
    assert.deepEqual(firstArrivals(copies, org.organizationId), ids, "first arrivals: every event, in the log's order");
    const first = new Map<string, Received>();
    for (const copy of copies) {
      assert.ok(ids.includes(copy.id), `a copy of an event of the log: ${copy.id}`);
      if (!first.has(copy.id)) first.set(copy.id, copy);
      assert.deepEqual(copy, first.get(copy.id), 'a duplicate is a copy of the same event, under the same id');
    }
    assert.deepEqual(broker.unsupported, []);
    assert.ok(broker.produceAcks.every((acks) => acks === -1));
  });
});
