/**
 * LeasedRows (src/jobs/leased-rows.ts), the loop under the event sinks' streaming and the IMAP
 * reading: one loop per leased row at a time, a refused lease runs nothing, a loop that fails is
 * started again at a later look, a test clock's jump wakes the loops' waits, stopping
 * wakes them too and gives the leases back.
 * The rows' own work is tested with each runner (test/event-sinks/, test/email/).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import pino from 'pino';
import { systemClock, TestClock } from '../../src/lib/clock.js';
import { LeasedRows, reconnectDelayMs, type LeasedRowsOptions } from '../../src/jobs/leased-rows.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { until } from '../support/serve-process.js';

type Row = { id: string };

function rowsOn(svc: TestService, overrides: Partial<LeasedRowsOptions<Row>>): LeasedRows<Row> {
  return new LeasedRows<Row>({
    name: 'test rows',
    table: 'event_sinks',
    db: svc.db,
    logger: pino({ level: 'silent' }),
    clock: systemClock,
    // A look every 100 ms.
    leaseMs: 300,
    candidates: async () => [{ id: 'a' }],
    lease: async () => true,
    work: async () => undefined,
    ...overrides,
  });
}

/** An event sink's row, held by `owner` for a minute (or free): the table the runners' leases are on. */
function sinkRow(id: string, owner: string | null) {
  const now = new Date().toISOString();
  return {
    id,
    kind: 'nats',
    url: 'nats://127.0.0.1:4222',
    organization_id: null,
    events: null,
    target: 'conversa',
    enabled: 1,
    cursor_xid: '0',
    cursor_seq: 0,
    last_published_at: null,
    last_error: null,
    last_error_at: null,
    lease_owner: owner,
    lease_expires_at: owner === null ? null : new Date(Date.now() + 60_000).toISOString(),
    created_at: now,
    updated_at: now,
  };
}

it('waits about a second after the first failure, doubling up to 30 s, jittered', () => {
  for (let i = 0; i < 50; i++) {
    const first = reconnectDelayMs(1);
    assert.ok(first >= 500 && first <= 1000, String(first));
    const third = reconnectDelayMs(3);
    assert.ok(third >= 2000 && third <= 4000, String(third));
    const late = reconnectDelayMs(40);
    assert.ok(late >= 15_000 && late <= 30_000, String(late));
  }
});

describeEachDatabase('leased rows', (env) => {
  it('works on a leased row in one loop at a time, and stopping wakes its wait', async () => {
    const svc = await env.start({ startWorker: false });
    let started = 0;
    let ended = 0;
    const rows: LeasedRows<Row> = rowsOn(svc, {
      work: async () => {
        started++;
        await rows.sleep(60_000);
        ended++;
      },
    });
    rows.start();
    await until(() => started === 1, 5000, 'the loop to start');
    await new Promise((resolve) => setTimeout(resolve, 350)); // three more looks
    assert.equal(started, 1, 'a row already worked on is not started again');
    const stopping = Date.now();
    await rows.stop();
    assert.equal(ended, 1);
    assert.ok(Date.now() - stopping < 10_000, 'the 60 s wait was woken');
    assert.equal(await rows.sleep(60_000), undefined, 'a stopped runner does not wait');
  });

  it("wakes a loop's wait when a test clock jumps, as the job worker wakes", async () => {
    const svc = await env.start({ startWorker: false });
    const clock = new TestClock();
    let waits = 0;
    const rows: LeasedRows<Row> = rowsOn(svc, {
      clock,
      // Looks 200 s apart: only the jump can wake the wait.
      leaseMs: 600_000,
      work: async () => {
        while (!rows.stopping) {
          waits++;
          await rows.sleep(60_000);
        }
      },
    });
    rows.start();
    await until(() => waits === 1, 5000, 'the first wait');
    clock.advance(60_000);
    await until(() => waits === 2, 5000, 'the wait woken by the jump');
    await rows.stop();
  });

  it('looks for rows at once when a test clock jumps, even in the middle of a look', async () => {
    const svc = await env.start({ startWorker: false });
    const clock = new TestClock();
    let present: Row[] = [];
    let looks = 0;
    let slowLook: Promise<void> | undefined;
    const worked: string[] = [];
    const rows = rowsOn(svc, {
      clock,
      // Looks 200 s apart: only a jump can bring the next one.
      leaseMs: 600_000,
      candidates: async () => {
        looks++;
        const found = present; // what the look saw when it began
        await slowLook;
        return found;
      },
      work: async (row) => void worked.push(row.id),
    });
    rows.start();
    await until(() => looks === 1, 5000, 'the first look');
    present = [{ id: 'a' }];
    clock.advance(1000);
    await until(() => worked.includes('a'), 5000, 'the row found by the look the jump asked for');

    // A jump that lands while a look is under way is not lost: a look follows at once.
    let endLook = () => undefined as void;
    slowLook = new Promise((resolve) => (endLook = resolve));
    clock.advance(1000);
    await until(() => looks === 3, 5000, 'the slow look');
    present = [{ id: 'b' }];
    clock.advance(1000); // during the slow look, which answers the rows it began with
    slowLook = undefined;
    endLook();
    await until(() => worked.includes('b'), 5000, 'the look after the slow one');
    await rows.stop();
  });

  it('runs nothing for a row whose lease is refused', async () => {
    const svc = await env.start({ startWorker: false });
    let leases = 0;
    let worked = 0;
    const rows = rowsOn(svc, {
      lease: async () => (leases++, false),
      work: async () => void worked++,
    });
    rows.start();
    await until(() => leases >= 2, 5000, 'two looks');
    await rows.stop();
    assert.equal(worked, 0);
  });

  it('starts a failed loop again at a later look', async () => {
    const svc = await env.start({ startWorker: false });
    let runs = 0;
    const rows = rowsOn(svc, {
      work: async () => {
        runs++;
        throw new Error('broker down');
      },
    });
    rows.start();
    await until(() => runs >= 2, 5000, 'the loop started again');
    await rows.stop();
  });

  it('stopped while a lease is being taken: waits for that row and gives its lease back', async () => {
    const svc = await env.start({ startWorker: false });
    await svc.db.insertInto('event_sinks').values(sinkRow('a', null)).execute();
    let openGate = () => undefined as void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let leaseAsked = false;
    let workEnded = false;
    const rows: LeasedRows<Row> = rowsOn(svc, {
      lease: async () => {
        leaseAsked = true;
        await gate;
        await svc.db.updateTable('event_sinks').set({ lease_owner: rows.owner }).where('id', '=', 'a').execute();
        return true;
      },
      work: async () => {
        while (!rows.stopping) await rows.sleep(60_000);
        workEnded = true;
      },
    });
    rows.start();
    await until(() => leaseAsked, 5000, 'the lease asked for');
    const stopped = rows.stop();
    openGate();
    await stopped;
    assert.equal(workEnded, true, "the row's loop had ended when stop resolved");
    const row = await svc.db.selectFrom('event_sinks').select('lease_owner').where('id', '=', 'a').executeTakeFirstOrThrow();
    assert.equal(row.lease_owner, null, 'the lease taken after stop was given back');
  });

  it('gives its leases back when it stops, and leaves other owners alone', async () => {
    const svc = await env.start({ startWorker: false });
    const rows = rowsOn(svc, { candidates: async () => [] });
    await svc.db
      .insertInto('event_sinks')
      .values([sinkRow('ours', rows.owner), sinkRow('theirs', 'another_process')])
      .execute();
    rows.start();
    await rows.stop();
    const owners = await svc.db.selectFrom('event_sinks').select(['id', 'lease_owner', 'lease_expires_at']).orderBy('id').execute();
    assert.deepEqual(
      owners.map((o) => [o.id, o.lease_owner, o.lease_expires_at === null]),
      [
        ['ours', null, true],
        ['theirs', 'another_process', false],
      ],
    );
  });
});
