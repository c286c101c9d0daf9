/**
 * The event log's subscribers (src/modules/events/event-log.ts): a subscriber registered beside the
 * webhook fan-out receives every recorded event with its seq inside the recording transaction, so
 * what it writes there commits or rolls back with the event; a gated subscriber is called only when
 * its interest subquery counts something.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Executor } from '../../src/db/executor.js';
import type { EventSubscriber, SequencedEvent } from '../../src/event-log/event-log.js';
import { fromJson } from '../../src/lib/json.js';
import { describeEachDatabase, json, type TestService } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

const SEEN_JOB = 'test.event_seen';

interface Seen {
  event: SequencedEvent;
  /** The event's row as the subscriber's transaction sees it. */
  row: { seq: number; type: string } | undefined;
}

/** Writes a job per event in the recording transaction (the durable follow-up work subscribers may do) and notes what it saw. */
function auditSubscriber(svc: TestService, seen: Seen[]): EventSubscriber {
  return {
    name: 'audit',
    async onRecorded(trx: Executor, event: SequencedEvent) {
      const row = await trx.selectFrom('events').select(['seq', 'type']).where('id', '=', event.id).executeTakeFirst();
      seen.push({ event, row: row && { seq: Number(row.seq), type: row.type } });
      await testQueue(svc.deps.queue).enqueue(trx, {
        type: SEEN_JOB,
        organizationId: event.organizationId,
        payload: { eventId: event.id, seq: event.seq, type: event.type },
      });
    },
  };
}

async function seenJobs(svc: TestService): Promise<{ eventId: string; seq: number; type: string }[]> {
  const rows = await svc.db.selectFrom('jobs').select('payload').where('type', '=', SEEN_JOB).execute();
  return rows.map((row) => fromJson(row.payload, { eventId: '', seq: 0, type: '' })).sort((a, b) => Number(a.seq) - Number(b.seq));
}

async function eventRows(svc: TestService, organizationId: string) {
  const rows = await svc.db
    .selectFrom('events')
    .select(['id', 'seq', 'type'])
    .where('organization_id', '=', organizationId)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ id: row.id, seq: Number(row.seq), type: row.type }));
}

describeEachDatabase('event log subscribers', (env) => {
  it('hands every recorded event, with its seq, to a second subscriber inside the recording transaction', async () => {
    // No worker: the subscriber's jobs stay in the queue to be looked at.
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const seen: Seen[] = [];
    svc.deps.events.subscribe(auditSubscriber(svc, seen));

    // An event recorded by a module (customer create), then two recorded together in one transaction.
    const created = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: org.keyHeader,
      payload: { name: 'Ana', email: 'ana@example.com' },
    });
    assert.equal(created.statusCode, 201);
    const customerId = json(created).data.id as string;
    await svc.db.transaction().execute(async (trx) => {
      const { organizationId } = org;
      await svc.deps.events.record(trx, {
        organizationId,
        type: 'customer.note_deleted',
        data: { customer_id: customerId, note_id: 'n-1' },
      });
      await svc.deps.events.record(trx, {
        organizationId,
        type: 'customer.note_deleted',
        data: { customer_id: customerId, note_id: 'n-2' },
      });
    });

    const events = await eventRows(svc, org.organizationId);
    assert.deepEqual(
      events.map((e) => e.type),
      ['customer.created', 'customer.note_deleted', 'customer.note_deleted'],
    );
    // Each event once, in order, with the seq the log gave it; its row was already there in the transaction.
    assert.deepEqual(
      seen.map(({ event }) => ({ id: event.id, seq: Number(event.seq), type: event.type })),
      events,
    );
    for (const { event, row } of seen)
      assert.deepEqual(row, { seq: Number(event.seq), type: event.type }, 'the subscriber sees the event row');
    assert.deepEqual(seen[0]!.event.data, { customer: json(created).data });
    assert.deepEqual(seen[2]!.event.data, { customer_id: customerId, note_id: 'n-2' });
    assert.deepEqual(
      (await seenJobs(svc)).map((job) => ({ id: job.eventId, seq: Number(job.seq), type: job.type })),
      events,
    );

    // A transaction that rolls back leaves neither the event nor the subscriber's job.
    const before = seen.length;
    let rolledBackId = '';
    await assert.rejects(
      svc.db.transaction().execute(async (trx) => {
        const event = await svc.deps.events.record(trx, {
          organizationId: org.organizationId,
          type: 'customer.note_deleted',
          data: { customer_id: customerId, note_id: 'n-3' },
        });
        rolledBackId = event.id;
        throw new Error('the change fails after its event was recorded');
      }),
      /the change fails/,
    );
    assert.equal(seen.length, before + 1, 'the subscriber was called for it');
    assert.equal(seen[before]!.event.id, rolledBackId);
    assert.equal(seen[before]!.row?.type, 'customer.note_deleted', 'inside the transaction the event row existed');
    assert.deepEqual(await eventRows(svc, org.organizationId), events, 'no event row after the rollback');
    assert.equal((await seenJobs(svc)).length, events.length, 'no job of the subscriber after the rollback');
  });

  it('calls a gated subscriber only when its interest subquery counts something', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.seedOrganization();
    const called: string[] = [];
    // Interested only in organizations that have tags.
    svc.deps.events.subscribe({
      name: 'tagged-organizations',
      interest: (db, organizationId) =>
        db
          .selectFrom('tags')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', organizationId),
      async onRecorded(_trx, event) {
        called.push(event.id);
      },
    });
    assert.throws(() => svc.deps.events.subscribe({ name: 'tagged-organizations', onRecorded: async () => {} }), /already registered/);

    const record = (noteId: string) =>
      svc.db.transaction().execute((trx) =>
        svc.deps.events.record(trx, {
          organizationId: org.organizationId,
          type: 'customer.note_deleted',
          data: { customer_id: 'c', note_id: noteId },
        }),
      );
    await record('n-1');
    assert.deepEqual(called, [], 'no tags: not called');

    const tag = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/tags`,
      headers: org.keyHeader,
      payload: { name: 'VIP', color: '#fff' },
    });
    assert.equal(tag.statusCode, 201);
    const second = await record('n-2');
    assert.deepEqual(called, [second.id], 'with a tag: called');

    // Another organization's tags do not count.
    const other = await svc.seedOrganization();
    await svc.db.transaction().execute((trx) =>
      svc.deps.events.record(trx, {
        organizationId: other.organizationId,
        type: 'customer.note_deleted',
        data: { customer_id: 'c', note_id: 'n' },
      }),
    );
    assert.deepEqual(called, [second.id]);
  });
});
