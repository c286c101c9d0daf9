/**
 * The order in which the feed and the stream hand out events never skips an event whose
 * transaction commits after a later one, and holds nothing back for a fixed time
 * (modules/events/events.service.ts). On PostgreSQL transactions are held open by hand here; on
 * SQLite (one writer) an event is handed out as soon as it commits.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { POSTGRES_URL } from '../support/databases.js';
import { describeEachDatabase, json, type SeededOrganization, type TestEnv, type TestService } from '../support/harness.js';
import { SseClient } from '../support/sse-client.js';
import { recordEvent } from '../webhooks/support.js';
import type { EventPayloads, EventType } from '../../src/event-log/catalogue.js';

async function feed(svc: TestService, org: SeededOrganization, after = '0') {
  const res = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/events?after=${after}`, headers: org.keyHeader });
  assert.equal(res.statusCode, 200, res.body);
  return json(res) as { data: { id: string }[]; nextCursor: string };
}

/** A transaction that records an event and stays open until `commit()` (PostgreSQL: another pooled connection). */
function openTransaction(svc: TestService, organizationId: string, data: Record<string, unknown>, takeXidFirst = false) {
  let commit!: () => void;
  let recordNow!: () => void;
  const released = new Promise<void>((resolve) => (commit = resolve));
  const mayRecord = new Promise<void>((resolve) => (recordNow = resolve));
  let recorded!: (id: string) => void;
  const eventId = new Promise<string>((resolve) => (recorded = resolve));
  let began!: () => void;
  const started = new Promise<void>((resolve) => (began = resolve));
  const done = svc.db.transaction().execute(async (trx) => {
    if (takeXidFirst) await sql`select pg_current_xact_id()`.execute(trx);
    began();
    if (takeXidFirst) await mayRecord;
    const event = await svc.deps.events.record(trx, {
      organizationId,
      type: 'customer.updated' as EventType,
      data: data as EventPayloads[EventType],
    });
    recorded(event.id);
    await released;
  });
  // Idempotent, and safe in a `finally`: a failed assertion must not leave the transaction open.
  return { started, eventId, recordNow, commit: async () => (recordNow(), commit(), await done) };
}

/** A listening service, an organization, and its stream past the ready event. */
async function streaming(env: TestEnv) {
  const svc = await env.shared({ listen: true });
  const org = await svc.seedOrganization();
  const stream = await SseClient.open(`${svc.url}/api/${org.organizationId}/events/stream`, org.keyHeader);
  await stream.eventsUntil(1);
  return { svc, org, stream };
}

const ONE_WRITER = 'SQLite has one writer: seq order is commit order';

describeEachDatabase('event order', (env) => {
  it('hands a committed event out at once, with no fixed hold-back (feed and stream)', async () => {
    const { svc, org, stream } = await streaming(env);
    try {
      for (let i = 0; i < 5; i++) {
        const committedAt = performance.now();
        const event = await recordEvent(svc, org.organizationId, 'customer.updated', { n: i });
        // The feed lists it right after the commit: no polling, no second of waiting.
        const page = await feed(svc, org);
        assert.equal(page.data.at(-1)?.id, event.id);
        const [arrived] = (await stream.eventsUntil(2 + i, 900)).slice(-1);
        assert.equal(JSON.parse(arrived!.data!).id, event.id);
        assert.ok(arrived!.at - committedAt < 900, `reached the stream in ${Math.round(arrived!.at - committedAt)} ms`);
      }
    } finally {
      stream.close();
    }
  });

  it(
    'does not skip an event whose transaction is still open while a later event commits (PostgreSQL)',
    { skip: env.dialect !== 'postgres' && ONE_WRITER },
    async () => {
      const { svc, org, stream } = await streaming(env);
      const opened: ReturnType<typeof openTransaction>[] = [];
      try {
        // T1 records first (the lower seq) and stays open; T2 records after it and commits.
        const slow = openTransaction(svc, org.organizationId, { n: 'slow' });
        opened.push(slow);
        const slowId = await slow.eventId;
        const fast = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 'fast' });
        const rows = await svc.db.selectFrom('events').select(['id', 'seq']).where('organization_id', '=', org.organizationId).execute();
        assert.equal(rows.length, 1, 'only the later event is visible');
        // The reader does not hand out the later event yet, so its cursor cannot pass the open one.
        const meanwhile = await feed(svc, org);
        assert.deepEqual(meanwhile.data, []);
        assert.deepEqual(svc.services.eventFeed.cursorOf(org.organizationId, meanwhile.nextCursor, 'after'), { xid: '0', seq: 0 });
        await new Promise((resolve) => setTimeout(resolve, 150));
        assert.equal(stream.events.length, 1, 'the stream waits too');

        const committedAt = performance.now();
        await slow.commit();
        const events = await stream.eventsUntil(3, 2000);
        assert.deepEqual(
          events.slice(1).map((e) => JSON.parse(e.data!).id),
          [slowId, fast.id],
        );
        assert.ok(events[2]!.at - committedAt < 900, `both arrived ${Math.round(events[2]!.at - committedAt)} ms after the commit`);
        assert.deepEqual(
          (await feed(svc, org)).data.map((e) => e.id),
          [slowId, fast.id],
        );
        assert.deepEqual((await feed(svc, org, meanwhile.nextCursor)).data.length, 2, 'the cursor held earlier misses nothing');
      } finally {
        stream.close();
        await Promise.allSettled(opened.map((transaction) => transaction.commit()));
      }
    },
  );

  it(
    'orders by transaction: an event with a lower seq that commits later still comes after the cursor (PostgreSQL)',
    { skip: env.dialect !== 'postgres' && ONE_WRITER },
    async () => {
      const { svc, org, stream } = await streaming(env);
      const opened: ReturnType<typeof openTransaction>[] = [];
      try {
        // T2 takes its transaction id first; T1 then records (lower seq); T2 records (higher seq) and
        // commits while T1 is open. T2 is older than every running transaction, so its event is handed
        // out; T1's event, which has the lower seq, must still come after that cursor.
        const early = openTransaction(svc, org.organizationId, { n: 'early-xid' }, true);
        opened.push(early);
        await early.started;
        const late = openTransaction(svc, org.organizationId, { n: 'late-xid' });
        opened.push(late);
        const lateId = await late.eventId;
        early.recordNow();
        const earlyId = await early.eventId;
        await early.commit();
        const seqs = await svc.db.selectFrom('events').select(['id', 'seq']).where('organization_id', '=', org.organizationId).execute();
        assert.equal(seqs.length, 1);

        const first = await feed(svc, org);
        assert.deepEqual(
          first.data.map((e) => e.id),
          [earlyId],
        );
        await stream.eventsUntil(2, 2000);
        await late.commit();
        const all = await stream.eventsUntil(3, 2000);
        assert.deepEqual(
          all.slice(1).map((e) => JSON.parse(e.data!).id),
          [earlyId, lateId],
        );
        const rest = await feed(svc, org, first.nextCursor);
        assert.deepEqual(
          rest.data.map((e) => e.id),
          [lateId],
          'the lower seq, committed later, is after the cursor',
        );
        const bySeq = await svc.db
          .selectFrom('events')
          .select(['id', 'seq'])
          .where('organization_id', '=', org.organizationId)
          .orderBy('seq')
          .execute();
        assert.deepEqual(
          bySeq.map((e) => e.id),
          [lateId, earlyId],
          'a seq cursor would have skipped it',
        );
      } finally {
        stream.close();
        await Promise.allSettled(opened.map((transaction) => transaction.commit()));
      }
    },
  );

  it(
    'is not held back by a transaction open in another database of the server (PostgreSQL)',
    { skip: env.dialect !== 'postgres' && 'PostgreSQL only' },
    async () => {
      const { svc, org, stream } = await streaming(env);
      // A transaction with an xid, older than the events below, open in the server's `postgres` database.
      const elsewhere = new pg.Client({ connectionString: POSTGRES_URL });
      await elsewhere.connect();
      try {
        await elsewhere.query('begin');
        await elsewhere.query('select pg_current_xact_id()');
        const event = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 1 });
        const page = await feed(svc, org);
        assert.deepEqual(
          page.data.map((e) => e.id),
          [event.id],
          'handed out while the other database still has an older transaction open',
        );
        const [, arrived] = await stream.eventsUntil(2, 2000);
        assert.equal(JSON.parse(arrived!.data!).id, event.id);
      } finally {
        stream.close();
        await elsewhere.query('rollback').catch(() => undefined);
        await elsewhere.end();
      }
    },
  );

  it(
    'reads a cursor from before the change (bare seq) without losing anything (PostgreSQL)',
    { skip: env.dialect !== 'postgres' && 'SQLite cursors are bare seqs' },
    async () => {
      const svc = await env.shared();
      const org = await svc.seedOrganization();
      const a = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 'a' });
      const b = await recordEvent(svc, org.organizationId, 'customer.updated', { n: 'b' });
      const seqOfA = (await svc.db.selectFrom('events').select('seq').where('id', '=', a.id).executeTakeFirstOrThrow()).seq;
      const page = await feed(svc, org, String(seqOfA));
      // Rows written since migration 0014 all sort after an old cursor: possibly again, never lost.
      assert.ok(page.data.some((e) => e.id === b.id));
      // Handed back opaque, naming an (xid, seq) place.
      assert.match(page.nextCursor, /^c[A-Za-z0-9_-]{38}$/);
      assert.notEqual(svc.services.eventFeed.cursorOf(org.organizationId, page.nextCursor, 'after').xid, '0');
    },
  );
});
