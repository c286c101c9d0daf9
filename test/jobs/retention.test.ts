/**
 * Retention (modules/retention): old finished records are purged in bounded batches, young ones and
 * those still needed (unprocessed callbacks, events of kept deliveries, pending deliveries) are kept,
 * and every purged row is counted in retention_rows_purged_total{table}.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { purgeByRetention } from '../../src/modules/retention/retention.js';
import { describeEachDatabase, type SeededOrganization, type TestService } from '../support/harness.js';
import { keyRow } from '../http/idempotency-fixtures.js';
import { openChat } from '../chats/support.js';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function callback(id: string, processedAt: string | null) {
  return {
    id,
    organization_id: 'org',
    channel_id: 'ch',
    method: 'POST',
    headers: '{}',
    query: '{}',
    body: '{"raw":true}',
    received_at: processedAt ?? daysAgo(400),
    processed_at: processedAt,
  };
}

function event(id: string, createdAt: string) {
  return { id, organization_id: 'org', type: 'message.created', payload: '{}', created_at: createdAt };
}

function deadJob(id: string, diedAt: string, status = 'dead') {
  return {
    id,
    organization_id: null,
    type: 'test.job',
    payload: '{}',
    status,
    attempts: 5,
    max_attempts: 5,
    run_at: status === 'dead' ? diedAt : new Date(Date.now() + DAY).toISOString(),
    locked_by: null,
    locked_until: null,
    last_error: 'boom',
    created_at: diedAt,
    updated_at: diedAt,
  };
}

/** A flow run row; finished when `finishedAt` is given. */
function flowRun(
  org: SeededOrganization,
  chatId: string,
  id: string,
  run: { status: string; startedAt: string; finishedAt: string | null; stepsTaken?: number },
) {
  return {
    id,
    organization_id: org.organizationId,
    flow_id: 'flow',
    chat_id: chatId,
    status: run.status,
    steps: '[]',
    variables: '{}',
    current_step: 0,
    steps_taken: run.stepsTaken ?? 1,
    visited: '[]',
    waiting_for: null,
    wait_until: null,
    pending_message_id: null,
    job_id: null,
    error: null,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
    updated_at: run.finishedAt ?? run.startedAt,
  };
}

function flowRunStep(org: SeededOrganization, runId: string, seq: number, at: string) {
  return {
    run_id: runId,
    seq,
    organization_id: org.organizationId,
    step_index: 0,
    type: 'send_message',
    started_at: at,
    finished_at: at,
    error: null,
  };
}

async function endpoint(svc: TestService): Promise<{ organizationId: string; endpointId: string }> {
  const { organizationId } = await svc.seedOrganization();
  const endpointId = `ep-${organizationId}`;
  const now = new Date().toISOString();
  await svc.db
    .insertInto('webhook_endpoints')
    .values({
      id: endpointId,
      organization_id: organizationId,
      url: 'https://example.com/hook',
      secret: 's',
      events: '["*"]',
      enabled: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { organizationId, endpointId };
}

async function delivery(
  svc: TestService,
  ep: { organizationId: string; endpointId: string },
  id: string,
  eventId: string,
  status: string,
  updatedAt: string,
  attempts = 1,
) {
  await svc.db
    .insertInto('webhook_deliveries')
    .values({
      id,
      organization_id: ep.organizationId,
      endpoint_id: ep.endpointId,
      event_id: eventId,
      event_type: 'message.created',
      status,
      attempts,
      next_attempt_at: null,
      last_status_code: 200,
      last_error: null,
      created_at: updatedAt,
      updated_at: updatedAt,
      event_seq: null,
      ordering_key: null,
    })
    .execute();
  for (let i = 0; i < attempts; i++) {
    await svc.db
      .insertInto('webhook_attempts')
      .values({
        id: `${id}-a${i}`,
        organization_id: ep.organizationId,
        delivery_id: id,
        attempted_at: updatedAt,
        status_code: 200,
        latency_ms: 5,
        response_excerpt: null,
        error: null,
      })
      .execute();
  }
}

async function ids(
  svc: TestService,
  table: 'provider_callbacks' | 'events' | 'webhook_deliveries' | 'webhook_attempts' | 'jobs' | 'flow_runs',
): Promise<string[]> {
  const rows = await svc.db.selectFrom(table).select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

async function purgedMetric(svc: TestService): Promise<Record<string, number>> {
  const { values } = await svc.deps.metrics.retentionRowsPurged.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.table), v.value]));
}

describeEachDatabase('retention', (env) => {
  it('purges processed callbacks older than RETENTION_CALLBACKS_DAYS, keeps young ones and never purges unprocessed ones', async () => {
    const svc = await env.start({ startWorker: false });
    await svc.db
      .insertInto('provider_callbacks')
      .values([callback('old', daysAgo(31)), callback('young', daysAgo(29)), callback('unprocessed', null)])
      .execute();
    const purged = await purgeByRetention(svc.deps);
    assert.equal(purged.provider_callbacks, 1);
    assert.deepEqual(await ids(svc, 'provider_callbacks'), ['unprocessed', 'young']);
    assert.equal((await purgedMetric(svc)).provider_callbacks, 1);
  });

  it('purges finished deliveries with their attempts, keeps pending and young ones, and keeps events a kept delivery refers to', async () => {
    const svc = await env.start({ startWorker: false });
    const ep = await endpoint(svc);
    await svc.db
      .insertInto('events')
      .values([
        event('ev-free', daysAgo(91)),
        event('ev-pending', daysAgo(91)),
        event('ev-young-delivery', daysAgo(91)),
        event('ev-old-delivery', daysAgo(91)),
        event('ev-young', daysAgo(89)),
      ])
      .execute();
    await delivery(svc, ep, 'd-old-delivered', 'ev-old-delivery', 'delivered', daysAgo(31), 3);
    await delivery(svc, ep, 'd-old-failed', 'ev-free-2', 'failed', daysAgo(40), 2);
    await delivery(svc, ep, 'd-young', 'ev-young-delivery', 'delivered', daysAgo(29));
    await delivery(svc, ep, 'd-pending', 'ev-pending', 'pending', daysAgo(60));

    const purged = await purgeByRetention(svc.deps);
    assert.equal(purged.webhook_deliveries, 2);
    assert.equal(purged.webhook_attempts, 5);
    assert.deepEqual(await ids(svc, 'webhook_deliveries'), ['d-pending', 'd-young']);
    assert.deepEqual(await ids(svc, 'webhook_attempts'), ['d-pending-a0', 'd-young-a0']);
    // ev-old-delivery lost its delivery in the same run (deliveries go first); the pending and young deliveries hold theirs.
    assert.equal(purged.events, 2);
    assert.deepEqual(await ids(svc, 'events'), ['ev-pending', 'ev-young', 'ev-young-delivery']);
    assert.deepEqual(await purgedMetric(svc), { webhook_deliveries: 2, webhook_attempts: 5, events: 2 });
  });

  it('purges dead jobs older than RETENTION_DEAD_JOBS_DAYS and nothing else in the queue', async () => {
    const svc = await env.start({ startWorker: false });
    await svc.db
      .insertInto('jobs')
      .values([deadJob('dead-old', daysAgo(31)), deadJob('dead-young', daysAgo(29)), deadJob('queued-old', daysAgo(100), 'queued')])
      .execute();
    const purged = await purgeByRetention(svc.deps);
    assert.equal(purged.jobs, 1);
    assert.deepEqual(await ids(svc, 'jobs'), ['dead-young', 'queued-old']);
  });

  it('purges finished flow runs older than RETENTION_FLOW_RUNS_DAYS with their step logs, never a running or waiting one', async () => {
    const svc = await env.start({ startWorker: false, listen: true });
    const org = await svc.seedOrganization();
    // A chat holds at most one unfinished run: two chats, one for each.
    const chats = [await openChat(svc, org, '5511987654321'), await openChat(svc, org, '5511987654322')];
    const run = (id: string, status: string, startedDaysAgo: number, finishedDaysAgo: number | null, chatId = chats[0]) =>
      flowRun(org, chatId!, id, {
        status,
        startedAt: daysAgo(startedDaysAgo),
        finishedAt: finishedDaysAgo === null ? null : daysAgo(finishedDaysAgo),
      });
    await svc.db
      .insertInto('flow_runs')
      .values([
        run('run-completed-old', 'completed', 100, 91),
        run('run-failed-old', 'failed', 200, 200),
        run('run-completed-young', 'completed', 100, 89),
        run('run-waiting-old', 'waiting', 300, null),
        run('run-running-old', 'running', 300, null, chats[1]),
      ])
      .execute();
    await svc.db
      .insertInto('flow_run_steps')
      .values(['run-completed-old', 'run-completed-young', 'run-waiting-old'].map((runId) => flowRunStep(org, runId, 0, daysAgo(100))))
      .execute();

    const purged = await purgeByRetention(svc.deps);
    assert.equal(purged.flow_runs, 2);
    assert.deepEqual(await ids(svc, 'flow_runs'), ['run-completed-young', 'run-running-old', 'run-waiting-old']);
    const steps = await svc.db.selectFrom('flow_run_steps').select('run_id').orderBy('run_id').execute();
    assert.deepEqual(
      steps.map((row) => row.run_id),
      ['run-completed-young', 'run-waiting-old'],
      'the step log went with its run',
    );
    assert.equal((await purgedMetric(svc)).flow_runs, 2);
    assert.equal((await purgedMetric(svc)).flow_run_steps, 1);
  });

  it('takes flow runs in batches bounded by their step logs, not by runs alone', async () => {
    const svc = await env.start({ startWorker: false, listen: true });
    const org = await svc.seedOrganization();
    const chatId = await openChat(svc, org, '5511987654321');
    const runs = ['long-run', 'short-1', 'short-2'].map((id, i) =>
      flowRun(org, chatId, id, {
        status: 'completed',
        stepsTaken: id === 'long-run' ? 9 : 1,
        startedAt: daysAgo(200),
        finishedAt: daysAgo(200 - i),
      }),
    );
    await svc.db.insertInto('flow_runs').values(runs).execute();
    const steps = runs.flatMap((run) => Array.from({ length: run.steps_taken }, (_, seq) => flowRunStep(org, run.id, seq, run.started_at)));
    await svc.db.insertInto('flow_run_steps').values(steps).execute();

    // A batch of 5 rows: the long run (10 rows with its log) alone, then both short runs (2 rows each).
    const first = await purgeByRetention(svc.deps, { batchSize: 5, maxBatches: 1 });
    assert.deepEqual([first.flow_runs, first.flow_run_steps], [1, 9]);
    assert.deepEqual(await ids(svc, 'flow_runs'), ['short-1', 'short-2']);
    const second = await purgeByRetention(svc.deps, { batchSize: 5, maxBatches: 1 });
    assert.deepEqual([second.flow_runs, second.flow_run_steps], [2, 2]);
    assert.deepEqual(await ids(svc, 'flow_runs'), []);
  });

  it('a run purges at most batchSize × maxBatches rows per table; the next run goes on', async () => {
    const svc = await env.start({ startWorker: false });
    await svc.db
      .insertInto('provider_callbacks')
      .values(Array.from({ length: 7 }, (_, i) => callback(`cb${i}`, daysAgo(40 + i))))
      .execute();
    await svc.db
      .insertInto('events')
      .values(Array.from({ length: 7 }, (_, i) => event(`ev${i}`, daysAgo(100 + i))))
      .execute();
    await svc.db
      .insertInto('idempotency_keys')
      .values(Array.from({ length: 5 }, (_, i) => keyRow(`k${i}`, daysAgo(1))))
      .execute();
    const first = await purgeByRetention(svc.deps, { batchSize: 2, maxBatches: 2 });
    assert.equal(first.provider_callbacks, 4);
    assert.equal(first.events, 4);
    assert.equal(first.idempotency_keys, 4);
    // Oldest first.
    assert.deepEqual(await ids(svc, 'provider_callbacks'), ['cb0', 'cb1', 'cb2']);
    const second = await purgeByRetention(svc.deps, { batchSize: 2, maxBatches: 2 });
    assert.equal(second.provider_callbacks, 3);
    assert.equal(second.events, 3);
    assert.equal(second.idempotency_keys, 1);
    assert.deepEqual(await ids(svc, 'provider_callbacks'), []);
    assert.deepEqual(await purgedMetric(svc), { provider_callbacks: 7, events: 7, idempotency_keys: 5 });
  });

  it('0 days keeps a table for ever; the days are read from the environment', async () => {
    const svc = await env.start({ startWorker: false, env: { RETENTION_CALLBACKS_DAYS: '0', RETENTION_EVENTS_DAYS: '7' } });
    await svc.db
      .insertInto('provider_callbacks')
      .values([callback('ancient', daysAgo(3000))])
      .execute();
    await svc.db
      .insertInto('events')
      .values([event('ev-8', daysAgo(8)), event('ev-6', daysAgo(6))])
      .execute();
    const purged = await purgeByRetention(svc.deps);
    assert.equal(purged.provider_callbacks, 0);
    assert.deepEqual(await ids(svc, 'provider_callbacks'), ['ancient']);
    assert.deepEqual(await ids(svc, 'events'), ['ev-6']);
  });

  it('is run by the worker on its housekeeping interval', async () => {
    const svc = await env.start({ workerOptions: { housekeepingIntervalMs: 50 } });
    await svc.db
      .insertInto('provider_callbacks')
      .values([callback('old', daysAgo(31))])
      .execute();
    for (let i = 0; i < 100; i++) {
      if ((await ids(svc, 'provider_callbacks')).length === 0) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.fail('the old callback was not purged');
  });
});

it('retention days: defaults, 0 allowed, a bad value names the variable', () => {
  assert.deepEqual(loadConfig({}).retention, {
    callbacksDays: 30,
    webhookDeliveriesDays: 30,
    eventsDays: 90,
    deadJobsDays: 30,
    flowRunsDays: 90,
    auditDays: 365,
  });
  assert.equal(loadConfig({ RETENTION_DEAD_JOBS_DAYS: '0' }).retention.deadJobsDays, 0);
  assert.throws(() => loadConfig({ RETENTION_WEBHOOK_DELIVERIES_DAYS: 'ten' }), /RETENTION_WEBHOOK_DELIVERIES_DAYS/);
});
