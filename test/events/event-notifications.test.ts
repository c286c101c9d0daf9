/**
 * PostgreSQL: only organizations that some process streams send notifications (NOTIFY serializes
 * the commits of notifying transactions, event-log/event-listeners.ts), once per transaction; a
 * stream opened while an earlier transaction is still writing the organization's events is woken
 * once that transaction ends; a closing process removes its registrations.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pg from 'pg';
import { describeEachDatabase } from '../support/harness.js';
import { SseClient } from '../support/sse-client.js';
import { recordEvent } from '../webhooks/support.js';
import { EVENTS_CHANNEL } from '../../src/event-log/event-listeners.js';
import type { EventPayloads, EventType } from '../../src/event-log/catalogue.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('event notifications', (env) => {
  const skip = env.dialect !== 'postgres' && 'PostgreSQL only: SQLite wakes its streams in process';

  it('notifies for streamed organizations only, once per transaction, until the process closes', { skip }, async () => {
    const svc = await env.start({ listen: true });
    const streamed = await svc.seedOrganization({ name: 'streamed' });
    const quiet = await svc.seedOrganization({ name: 'quiet' });
    const listener = new pg.Client({ connectionString: (svc.config.database as { url: string }).url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(String(message.payload)));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    const stream = await SseClient.open(`${svc.url}/api/${streamed.organizationId}/events/stream`, streamed.keyHeader);
    try {
      await stream.eventsUntil(1);
      await sleep(100); // the registration's own catch-up wake-up is in process, not a notification
      heard.length = 0;
      await recordEvent(svc, quiet.organizationId, 'customer.updated', { n: 1 });
      await svc.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 3; i++) {
          await svc.deps.events.record(trx, {
            organizationId: streamed.organizationId,
            type: 'customer.updated' as EventType,
            data: { i } as unknown as EventPayloads[EventType],
          });
        }
      });
      await stream.eventsUntil(4);
      await sleep(100);
      assert.deepEqual(heard, [streamed.organizationId], 'one notification, for the streamed organization');
    } finally {
      stream.close();
      await listener.end();
    }
    const rows = () => svc.db.selectFrom('event_listeners').select('organization_id').execute();
    assert.deepEqual(
      (await rows()).map((r) => r.organization_id),
      [streamed.organizationId],
      'the registration outlives the stream a little (a reconnect needs none)',
    );
    await svc.runtime.deps.eventWakeups.close();
    assert.deepEqual(await rows(), [], 'a closing process removes its registrations');
  });

  it('wakes a stream opened while an earlier transaction was writing the organization events, once it commits', { skip }, async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    let commit!: () => void;
    let recorded!: (id: string) => void;
    const released = new Promise<void>((resolve) => (commit = resolve));
    const eventId = new Promise<string>((resolve) => (recorded = resolve));
    // Records before any process streams the organization: its insert finds no registration, so it will not notify.
    const transaction = svc.db.transaction().execute(async (trx) => {
      const event = await svc.deps.events.record(trx, {
        organizationId: org.organizationId,
        type: 'customer.updated' as EventType,
        data: { early: true } as unknown as EventPayloads[EventType],
      });
      recorded(event.id);
      await released;
    });
    const id = await eventId;
    const stream = await SseClient.open(`${svc.url}/api/${org.organizationId}/events/stream`, org.keyHeader);
    try {
      await stream.eventsUntil(1);
      await sleep(100);
      const committedAt = performance.now();
      commit();
      await transaction;
      const [, arrived] = await stream.eventsUntil(2, 3000);
      assert.equal(JSON.parse(arrived!.data!).id, id);
      // Without the catch-up it would wait for the next refresh (30 s).
      assert.ok(arrived!.at - committedAt < 2000, `arrived ${Math.round(arrived!.at - committedAt)} ms after the commit`);
    } finally {
      commit();
      stream.close();
    }
  });
});
