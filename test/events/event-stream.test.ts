/**
 * `GET /api/{organizationId}/events/stream` against the listening service, read as a browser's
 * EventSource reads it: the ready event, live events in order with the feed's JSON, resuming with
 * Last-Event-ID (header or query) without loss or duplicates, keep-alive comments, one organization
 * never seeing another's, the limits (per organization and per key), and the end of a stream
 * (revoked key, shutdown).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json, type SeededOrganization, type TestService } from '../support/harness.js';
import { SseClient, type SseMessage } from '../support/sse-client.js';
import { recordEvent } from '../webhooks/support.js';

function streamUrl(svc: TestService, org: SeededOrganization, query = ''): string {
  return `${svc.url}/api/${org.organizationId}/events/stream${query}`;
}

/** The feed's events after `after`, as GET /events lists them (all pages). */
async function feedAfter(svc: TestService, org: SeededOrganization, after: string) {
  const res = await svc.inject({
    method: 'GET',
    url: `/api/${org.organizationId}/events?after=${after}&limit=500`,
    headers: org.keyHeader,
  });
  assert.equal(res.statusCode, 200, res.body);
  return json(res) as { data: { id: string; type: string; data: unknown; createdAt: string }[]; nextCursor: string };
}

const payloads = (messages: SseMessage[]) => messages.map((m) => JSON.parse(m.data!));

describeEachDatabase('event stream', (env) => {
  it('opens with a ready event at the log end, then sends live events in order, as the feed gives them', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    await recordEvent(svc, org.organizationId, 'customer.updated', { before: 1 });
    await recordEvent(svc, org.organizationId, 'customer.updated', { before: 2 });
    const head = (await feedAfter(svc, org, '0')).nextCursor;

    const client = await SseClient.open(streamUrl(svc, org), org.keyHeader);
    try {
      assert.match(String(client.response.headers['content-type']), /^text\/event-stream/);
      assert.equal(client.response.headers['cache-control'], 'no-store, no-transform');
      const [ready] = await client.eventsUntil(1);
      assert.equal(ready!.event, 'ready');
      assert.equal(ready!.id, head, 'the ready id is the current cursor');
      assert.deepEqual(JSON.parse(ready!.data!), { cursor: head });

      const recorded = [];
      for (let i = 0; i < 3; i++) recorded.push(await recordEvent(svc, org.organizationId, `customer.note_created`, { n: i }));
      // A change made through the API arrives too.
      const created = await svc.inject({
        method: 'POST',
        url: `/api/${org.organizationId}/customers`,
        headers: org.keyHeader,
        payload: { name: 'Ana', email: 'ana@example.com' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const events = (await client.eventsUntil(5)).slice(1);
      assert.deepEqual(
        events.map((e) => e.event),
        ['customer.note_created', 'customer.note_created', 'customer.note_created', 'customer.created'],
      );
      assert.deepEqual(
        payloads(events)
          .slice(0, 3)
          .map((p) => p.id),
        recorded.map((r) => r.id),
      );
      const feed = await feedAfter(svc, org, head);
      assert.deepEqual(payloads(events), feed.data, 'data is the JSON the feed gives for each event');
      assert.equal(events.at(-1)!.id, feed.nextCursor, 'each id is the event cursor of the feed');
      assert.equal(new Set(events.map((e) => e.id)).size, 4);
      assert.equal(client.events.length, 5, 'events recorded before the stream opened are not sent');
    } finally {
      client.close();
    }
  });

  it('a reconnect with Last-Event-ID receives every event missed while away, then live ones, none twice', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const first = await SseClient.open(streamUrl(svc, org), org.keyHeader);
    const seen: string[] = [];
    let lastId: string;
    try {
      await first.eventsUntil(1);
      for (let i = 0; i < 2; i++) seen.push((await recordEvent(svc, org.organizationId, 'customer.updated', { n: i })).id);
      const received = await first.eventsUntil(3);
      lastId = received.at(-1)!.id!;
    } finally {
      first.close();
    }
    const missed: string[] = [];
    for (let i = 2; i < 6; i++) missed.push((await recordEvent(svc, org.organizationId, 'customer.updated', { n: i })).id);

    const again = await SseClient.open(streamUrl(svc, org), { ...org.keyHeader, 'last-event-id': lastId });
    try {
      const [ready, ...replayed] = await again.eventsUntil(1 + missed.length);
      assert.equal(ready!.event, 'ready');
      assert.equal(ready!.id, lastId, 'a resumed stream starts where the client was');
      assert.deepEqual(
        payloads(replayed).map((p) => p.id),
        missed,
      );
      const live = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 'live' });
      const all = await again.eventsUntil(2 + missed.length);
      assert.deepEqual(
        payloads(all.slice(1)).map((p) => p.id),
        [...missed, live.id],
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(again.events.length, 2 + missed.length, 'nothing is sent twice');
    } finally {
      again.close();
    }
  });

  it('resumes from ?lastEventId= for clients that cannot set headers (the header wins), and from a bare ready id', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const quiet = await SseClient.open(streamUrl(svc, org), org.keyHeader);
    const [ready] = await quiet.eventsUntil(1);
    quiet.close();
    const a = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 'a' });
    const b = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 'b' });

    // Saw only `ready`: resuming from its id still gets everything since.
    const byQuery = await SseClient.open(streamUrl(svc, org, `?lastEventId=${ready!.id}`), org.keyHeader);
    try {
      const events = await byQuery.eventsUntil(3);
      assert.equal(events[0]!.id, ready!.id);
      assert.deepEqual(
        payloads(events.slice(1)).map((p) => p.id),
        [a.id, b.id],
      );
      const bothGiven = await SseClient.open(streamUrl(svc, org, `?lastEventId=${ready!.id}`), {
        ...org.keyHeader,
        'last-event-id': events[1]!.id!,
      });
      try {
        const resumed = await bothGiven.eventsUntil(2);
        assert.equal(resumed[0]!.id, events[1]!.id, 'the header (what EventSource sends on reconnect) wins over the query');
        assert.deepEqual(
          payloads(resumed.slice(1)).map((p) => p.id),
          [b.id],
        );
      } finally {
        bothGiven.close();
      }
    } finally {
      byQuery.close();
    }
  });

  it('never shows one organization the events of another; a key of another organization cannot open the stream', async () => {
    const svc = await env.shared({ listen: true });
    const orgA = await svc.seedOrganization({ name: 'A' });
    const orgB = await svc.seedOrganization({ name: 'B' });
    await assert.rejects(SseClient.open(streamUrl(svc, orgA), orgB.keyHeader), (err: { status?: number }) =>
      [403, 404].includes(err.status!),
    );
    await assert.rejects(SseClient.open(streamUrl(svc, orgA, `?lastEventId=0`), orgB.keyHeader), (err: { status?: number }) =>
      [403, 404].includes(err.status!),
    );
    const streamA = await SseClient.open(streamUrl(svc, orgA, '?lastEventId=0'), orgA.keyHeader);
    const streamB = await SseClient.open(streamUrl(svc, orgB), orgB.keyHeader);
    try {
      await streamA.eventsUntil(1);
      await streamB.eventsUntil(1);
      const ofA = [];
      for (let i = 0; i < 3; i++) {
        await recordEvent(svc, orgB.organizationId, 'customer.updated', { secret: `b${i}` });
        ofA.push((await recordEvent(svc, orgA.organizationId, 'customer.updated', { mine: `a${i}` })).id);
      }
      const a = await streamA.eventsUntil(4);
      const b = await streamB.eventsUntil(4);
      assert.deepEqual(
        payloads(a.slice(1)).map((p) => p.id),
        ofA,
      );
      assert.ok(
        payloads(b.slice(1)).every((p) => p.data.secret),
        'B sees only its own',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(streamA.events.length, 4);
      assert.ok(!JSON.stringify(streamA.messages).includes('secret'));
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('authenticates like the other organization routes and validates Last-Event-ID', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const status = (headers: Record<string, string>, query = '') =>
      SseClient.open(streamUrl(svc, org, query), headers).then(
        (client) => (client.close(), 200),
        (err: { status: number; body: string }) => err.status,
      );
    assert.equal(await status({}), 401);
    assert.equal(await status({ 'x-api-key': 'cnv_wrong' }), 401);
    const narrow = await svc.seedOrganization({ scopes: ['customers:read'] });
    const denied = await SseClient.open(`${svc.url}/api/${narrow.organizationId}/events/stream`, narrow.keyHeader).catch((e) => e);
    assert.equal(denied.status, 403);
    assert.equal(await status({ ...org.keyHeader, 'last-event-id': 'abc' }), 400);
    assert.equal(await status(org.keyHeader, '?lastEventId=12-x'), 400);
    assert.equal(await status(org.keyHeader, '?other=1'), 400);
    assert.equal(await status({ ...org.keyHeader, 'last-event-id': '' }), 200, 'an empty Last-Event-ID is no Last-Event-ID');
    const malformed = await SseClient.open(`${svc.url}/api/not-a-uuid/events/stream`, org.keyHeader).catch((e) => e);
    assert.equal(malformed.status, 400);

    // The reference at /docs lists it as an event stream with both ways to resume.
    const spec = json(await svc.inject({ method: 'GET', url: '/openapi.json' }));
    const route = spec.paths['/api/{organizationId}/events/stream'].get;
    assert.ok(route.responses['200'].content['text/event-stream']);
    assert.ok(route.responses['401'].content['application/json'], 'errors are JSON envelopes');
    const parameters = route.parameters.map((p: { in: string; name: string }) => `${p.in}:${p.name}`);
    assert.ok(parameters.includes('header:last-event-id') && parameters.includes('query:lastEventId'), parameters.join());
  });

  it('sends a keep-alive comment while idle and ends the stream once its key is revoked', async () => {
    // The request timeout bounds receiving a request, not how long its answer streams.
    const svc = await env.start({ listen: true, env: { EVENT_STREAM_KEEPALIVE_MS: '100', REQUEST_TIMEOUT_MS: '200' } });
    const org = await svc.seedOrganization();
    const client = await SseClient.open(streamUrl(svc, org), org.keyHeader);
    try {
      const comment = await client.until(() => client.messages.find((m) => m.comment !== undefined), 2000, 'a comment');
      assert.equal(comment.comment, 'keep-alive');
      await new Promise((resolve) => setTimeout(resolve, 800));
      const live = await recordEvent(svc, org.organizationId, 'customer.updated', { after: 'a while' });
      const [, event] = await client.eventsUntil(2);
      assert.equal(JSON.parse(event!.data!).id, live.id, 'still streaming after several keep-alive beats');
      assert.ok(client.messages.filter((m) => m.comment !== undefined).length >= 3);
      const revoked = await svc.admin('DELETE', `/api-keys/${org.apiKeyId}`);
      assert.equal(revoked.statusCode, 200);
      await client.closedByServer(2000);
      assert.equal(svc.services.eventStreams.openCount, 0);
    } finally {
      client.close();
    }
  });

  it('limits the streams open per organization (429) and frees the place when a client leaves', async () => {
    const svc = await env.start({ listen: true, env: { EVENT_STREAM_MAX_PER_ORG: '2' } });
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'other' });
    const one = await SseClient.open(streamUrl(svc, org), org.keyHeader);
    const two = await SseClient.open(streamUrl(svc, org), org.keyHeader);
    try {
      const third = await SseClient.open(streamUrl(svc, org), org.keyHeader).catch((e) => e);
      assert.equal(third.status, 429);
      assert.equal(JSON.parse(third.body).error.code, 'RATE_LIMITED');
      const elsewhere = await SseClient.open(streamUrl(svc, other), other.keyHeader);
      elsewhere.close();
      one.close();
      await eventuallyTrue(() => svc.services.eventStreams.openCount === 1);
      const again = await SseClient.open(streamUrl(svc, org), org.keyHeader);
      again.close();
    } finally {
      one.close();
      two.close();
    }
  });

  it('limits the streams of one key (10 by default, 429) so another key of the organization can still open one', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const other = await svc.services.tenancy.createApiKey(org.profileId, { name: 'other', scopes: ['events:read'] });
    const open: SseClient[] = [];
    try {
      for (let i = 0; i < 10; i++) open.push(await SseClient.open(streamUrl(svc, org), org.keyHeader));
      const eleventh = await SseClient.open(streamUrl(svc, org), org.keyHeader).catch((e) => e);
      assert.equal(eleventh.status, 429, eleventh.body);
      const body = JSON.parse(eleventh.body);
      assert.equal(body.success, false);
      assert.equal(body.error.code, 'RATE_LIMITED');
      assert.match(body.error.message, /already has 10 event streams open \(EVENT_STREAM_MAX_PER_CREDENTIAL\)/);
      open.push(await SseClient.open(streamUrl(svc, org), { 'x-api-key': other.key }));
      assert.equal(svc.services.eventStreams.openCount, 11);
      // A place of the first key, freed, is its own again.
      open.shift()!.close();
      await eventuallyTrue(() => svc.services.eventStreams.openCount === 10);
      open.push(await SseClient.open(streamUrl(svc, org), org.keyHeader));
    } finally {
      for (const client of open) client.close();
    }
  });

  it('ends open streams when the service shuts down, without holding the shutdown', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const client = await SseClient.open(streamUrl(svc, org), org.keyHeader);
    await client.eventsUntil(1);
    const started = Date.now();
    await svc.runtime.close(5000);
    await client.closedByServer(1000);
    assert.ok(Date.now() - started < 3000, `shutdown took ${Date.now() - started} ms`);
  });
});

async function eventuallyTrue(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
