/**
 * How events reach streams beyond the simple case: from another process (a scaled deployment on
 * PostgreSQL, woken by LISTEN/NOTIFY with no polling; a second process on one SQLite file, found by
 * the fallback look), and to a client that stops reading (bounded memory; cut, then resumed with
 * Last-Event-ID, nothing lost).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { startServe } from '../support/serve-process.js';
import { SseClient, type SseMessage } from '../support/sse-client.js';
import type { EventPayloads, EventType } from '../../src/event-log/catalogue.js';

function streamUrl(base: string, org: SeededOrganization): string {
  return `${base}/api/${org.organizationId}/events/stream`;
}

/** `count` events of about `bytes` each, `perTransaction` to a transaction. */
async function recordMany(svc: TestService, organizationId: string, count: number, bytes: number, perTransaction = 100): Promise<string[]> {
  const ids: string[] = [];
  const filler = 'x'.repeat(bytes);
  for (let i = 0; i < count; i += perTransaction) {
    await svc.db.transaction().execute(async (trx) => {
      for (let j = i; j < Math.min(count, i + perTransaction); j++) {
        const event = await svc.deps.events.record(trx, {
          organizationId,
          type: 'customer.updated' as EventType,
          data: { n: j, filler } as unknown as EventPayloads[EventType],
        });
        ids.push(event.id);
      }
    });
  }
  return ids;
}

const idsOf = (messages: SseMessage[]) => messages.filter((m) => m.event !== 'ready').map((m) => JSON.parse(m.data!).id as string);

/**
 * Reads on from `lastId` as a browser's EventSource does: when the server cuts the stream (a
 * loaded machine can make this reader slow too), it opens again with the last id it saw, until
 * `count` events have arrived. Answers their ids in order of arrival.
 */
async function readResuming(url: string, headers: Record<string, string>, lastId: string, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  const ids: string[] = [];
  // The stream's own `id:` of the last event read (a cursor), which is what Last-Event-ID takes.
  let resumeFrom = lastId;
  while (ids.length < count) {
    const client = await SseClient.open(url, { ...headers, 'last-event-id': resumeFrom });
    try {
      await client.until(() => ids.length + idsOf(client.events).length >= count, Math.max(0, deadline - Date.now()), `${count} events`);
    } catch (error) {
      if (!client.ended || Date.now() > deadline) throw error;
    } finally {
      client.close();
      const read = client.events.filter((m) => m.event !== 'ready');
      ids.push(...idsOf(read));
      resumeFrom = read.at(-1)?.id ?? resumeFrom;
    }
  }
  return ids;
}

describeEachDatabase('event stream delivery', (env) => {
  it('reaches a stream served by another process: PostgreSQL notifies at once, SQLite is looked up by the fallback', async () => {
    // The in-test service never polls on PostgreSQL (a minute): only a notification can bring the event in time.
    const pollMs = env.dialect === 'postgres' ? '60000' : '200';
    const svc = await env.start({ listen: true, env: { EVENT_STREAM_POLL_MS: pollMs } });
    const org = await svc.seedOrganization();
    const database = svc.config.database;
    const other = startServe({
      DATABASE_URL: database.dialect === 'postgres' ? database.url : database.file,
      WORKER: 'off',
      SEED_DEMO: 'false',
      EVENT_STREAM_POLL_MS: pollMs,
    });
    const streams: SseClient[] = [];
    try {
      const otherUrl = await other.listening;
      const here = await SseClient.open(streamUrl(svc.url, org), org.keyHeader);
      const there = await SseClient.open(streamUrl(otherUrl, org), org.keyHeader);
      streams.push(here, there);
      await here.eventsUntil(1);
      await there.eventsUntil(1);
      const limit = env.dialect === 'postgres' ? 500 : 2000;
      for (const [writer, reader] of [
        [otherUrl, here],
        [svc.url, there],
      ] as const) {
        const before = reader.events.length;
        const started = performance.now();
        const res = await fetch(`${writer}/api/${org.organizationId}/customers`, {
          method: 'POST',
          headers: { ...org.keyHeader, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `From ${writer}`, email: `from-${new URL(writer).port}@example.com` }),
        });
        assert.equal(res.status, 201, await res.text());
        const [arrived] = (await reader.eventsUntil(before + 1, limit + 2000)).slice(-1);
        assert.equal(arrived!.event, 'customer.created');
        const took = arrived!.at - started;
        assert.ok(took < limit, `written by one process, streamed by the other after ${Math.round(took)} ms`);
      }
    } finally {
      for (const stream of streams) stream.close();
      other.child.kill('SIGKILL');
      await other.exited;
    }
  });

  it('holds at most EVENT_STREAM_BUFFER_BYTES for a client that stops reading, and sends it everything once it reads again', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const client = await SseClient.open(streamUrl(svc.url, org), org.keyHeader);
    try {
      await client.eventsUntil(1);
      client.pause();
      // About 12 MB: far more than the socket buffers take.
      const ids = await recordMany(svc, org.organizationId, 3000, 4000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const held = svc.services.eventStreams.bufferedBytes;
      assert.ok(held <= 1_048_576, `holds ${held} bytes for the paused client (EVENT_STREAM_BUFFER_BYTES, 1 MiB)`);
      assert.equal(svc.services.eventStreams.openCount, 1, 'a client that stopped for less than a keep-alive interval is not cut');
      client.resume();
      const received = await client.eventsUntil(1 + ids.length, 30_000);
      assert.deepEqual(idsOf(received), ids);
    } finally {
      client.close();
    }
  });

  it('cuts a client that takes nothing for a keep-alive interval while events wait; its reconnect with Last-Event-ID loses nothing', async () => {
    const svc = await env.start({ listen: true, env: { EVENT_STREAM_KEEPALIVE_MS: '200' } });
    const org = await svc.seedOrganization();
    const client = await SseClient.open(streamUrl(svc.url, org), org.keyHeader);
    try {
      await client.eventsUntil(1);
      client.pause();
      const ids = await recordMany(svc, org.organizationId, 3000, 4000);
      const deadline = Date.now() + 10_000;
      while (svc.services.eventStreams.openCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.equal(svc.services.eventStreams.openCount, 0, 'the stream was cut');
      // What reached the client's socket before the cut can still be read.
      client.resume();
      await client.closedByServer(10_000);
      const before = idsOf(client.events);
      assert.ok(before.length < ids.length);
      const lastId = client.events.at(-1)!.id!;
      const after = await readResuming(streamUrl(svc.url, org), org.keyHeader, lastId, ids.length - before.length, 30_000);
      assert.deepEqual([...before, ...after], ids, 'every event once, in order, across the cut');
    } finally {
      client.close();
    }
  });
});
