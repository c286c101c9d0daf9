import assert from 'node:assert/strict';
import { it } from 'node:test';
import Fastify from 'fastify';
import { AppError } from '../../src/errors.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';
import { idempotentReply, registerIdempotency } from '../../src/http/idempotency.js';
import { requestHash } from '../../src/http/idempotency-store.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';

/**
 * An app with one idempotent route whose effect is a `jobs` row (type `test.effect`) inserted in a
 * transaction that also records the answer, as the real routes' services do. `before` runs before
 * the transaction, `after` after its commit (before the answer).
 */
async function effectApp(svc: TestService, hooks: { before?: () => Promise<void>; after?: () => Promise<void> } = {}) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  // A stale time far beyond the test: a claim goes stale only when the test backdates it.
  registerIdempotency(app, svc.deps, { staleMs: 60_000 });
  let runs = 0;
  app.post(
    '/effects',
    {
      config: { idempotency: true },
      onRequest: async (request) => {
        request.principal = { via: 'api-key', credentialId: 'key-1', profileId: 'p', scopes: ['*'] };
      },
    },
    async (request, reply) => {
      const run = ++runs;
      const answer = idempotentReply(request, reply, 201, (data: { run: number }) => ({ success: true, data }));
      await hooks.before?.();
      await svc.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('jobs')
          .values({
            id: `effect-${run}`,
            organization_id: null,
            type: 'test.effect',
            payload: JSON.stringify({ run }),
            status: 'dead',
            attempts: 0,
            max_attempts: 1,
            run_at: new Date().toISOString(),
            locked_by: null,
            locked_until: null,
            last_error: null,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })
          .execute();
        await answer.record?.(trx, { run });
      });
      await hooks.after?.();
      return answer.send({ run });
    },
  );
  await app.ready();
  const send = (key: string) => app.inject({ method: 'POST', url: '/effects', headers: { 'idempotency-key': key }, payload: { a: 1 } });
  const effects = async () => (await svc.db.selectFrom('jobs').select('id').where('type', '=', 'test.effect').execute()).length;
  /** What a claim looks like after its process stopped refreshing it two minutes ago. */
  const backdate = (key: string) =>
    svc.db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('key', '=', key)
      .execute();
  return { app, send, effects, backdate, runs: () => runs };
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describeEachDatabase('idempotency hooks on any route', (env) => {
  it('does not keep a 5xx answer: the retry with the same key runs again', async () => {
    const svc = await env.start({ startWorker: false });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerIdempotency(app, svc.deps);
    let calls = 0;
    app.post(
      '/things',
      {
        config: { idempotency: true },
        onRequest: async (request) => {
          request.principal = { via: 'api-key', credentialId: 'key-1', profileId: 'p', scopes: ['*'] };
        },
      },
      async (_request, reply) => {
        calls++;
        if (calls === 1) throw new Error('database went away');
        if (calls === 2) throw new AppError('RATE_LIMITED', 'slow down');
        return reply.code(201).send({ success: true, data: { calls } });
      },
    );
    await app.ready();
    const send = () => app.inject({ method: 'POST', url: '/things', headers: { 'idempotency-key': 'abc' }, payload: { a: 1 } });
    assert.equal((await send()).statusCode, 500);
    assert.equal((await send()).statusCode, 429);
    const third = await send();
    assert.equal(third.statusCode, 201);
    const replay = await send();
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.json(), { success: true, data: { calls: 3 } });
    assert.equal(calls, 3);
    const withoutKey = await app.inject({ method: 'POST', url: '/things', payload: { a: 1 } });
    assert.equal(withoutKey.statusCode, 201, 'no header, no idempotency');
    assert.equal(calls, 4);
    await app.close();
  });

  it('keeps a slow first request its key by heartbeat, and takes over a dead one once its claim is stale', async () => {
    const svc = await env.start({ startWorker: false });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const staleMs = 600;
    registerIdempotency(app, svc.deps, { staleMs });
    let calls = 0;
    app.post(
      '/slow',
      {
        config: { idempotency: true },
        onRequest: async (request) => {
          request.principal = { via: 'api-key', credentialId: 'key-1', profileId: 'p', scopes: ['*'] };
        },
      },
      async (_request, reply) => {
        calls++;
        await new Promise((r) => setTimeout(r, 4 * staleMs));
        return reply.code(201).send({ success: true, data: { calls } });
      },
    );
    await app.ready();
    const send = (key: string) => app.inject({ method: 'POST', url: '/slow', headers: { 'idempotency-key': key }, payload: { a: 1 } });
    const first = send('slow');
    // Well past the staleness while the first still runs: its heartbeat keeps the key.
    await new Promise((r) => setTimeout(r, 2.5 * staleMs));
    const second = await send('slow');
    assert.equal(second.statusCode, 409, second.body);
    assert.equal(second.json().error.code, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    assert.equal((await first).statusCode, 201);
    assert.equal(calls, 1, 'the slow request ran once');

    // A claim left running by a process that died (no heartbeat): taken over once stale, not after a minute.
    const claimedAt = new Date(Date.now() - staleMs - 100).toISOString();
    await svc.db
      .insertInto('idempotency_keys')
      .values({
        api_key_id: 'key-1',
        key: 'dead',
        scope: 'POST /slow',
        organization_id: null,
        request_hash: requestHash('POST', '/slow', { a: 1 }),
        state: 'running',
        response_status: null,
        response_body: null,
        created_at: claimedAt,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
      .execute();
    const retried = await send('dead');
    assert.equal(retried.statusCode, 201, retried.body);
    assert.equal(calls, 2);

    // A stale claim made for another body is not taken over by this one: 422, nothing runs, the row stays.
    const staleOther = {
      api_key_id: 'key-1',
      key: 'dead-other',
      scope: 'POST /slow',
      organization_id: null,
      request_hash: requestHash('POST', '/slow', { a: 2 }),
      state: 'running',
      response_status: null,
      response_body: null,
      created_at: new Date(Date.now() - staleMs - 100).toISOString(),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    };
    await svc.db.insertInto('idempotency_keys').values(staleOther).execute();
    const otherBody = await send('dead-other');
    assert.equal(otherBody.statusCode, 422, otherBody.body);
    assert.equal(otherBody.json().error.code, 'IDEMPOTENCY_KEY_REUSED');
    assert.equal(calls, 2, 'the different body did not run');
    const kept = await svc.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'dead-other').executeTakeFirstOrThrow();
    assert.equal(kept.request_hash, staleOther.request_hash, 'the claim still names the first body');
    assert.equal(kept.created_at, staleOther.created_at);
    await app.close();
  });

  it('rolls back the effect of a request whose stale claim a retry took over: one effect, by the retry', async () => {
    const svc = await env.start({ startWorker: false });
    const held = gate();
    const fx = await effectApp(svc, { before: () => held.opened });
    const first = fx.send('taken');
    await until(async () => (await svc.db.selectFrom('idempotency_keys').select('key').execute()).length === 1);
    // The first request stalls past the stale time (its heartbeat stopped): a retry takes the key over.
    await fx.backdate('taken');
    const retry = fx.send('taken');
    await until(() => fx.runs() === 2);
    held.open();
    const [a, b] = [await first, await retry];
    assert.equal(a.statusCode, 409, a.body);
    assert.equal(a.json().error.code, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    assert.equal(b.statusCode, 201, b.body);
    assert.equal(await fx.effects(), 1, "the first request's effect was rolled back with its failed record");
    const replay = await fx.send('taken');
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.json(), { success: true, data: { run: 2 } });
    await fx.app.close();
  });

  it('never runs a committed effect again: 409 while its request lives, then the recorded answer once the claim is stale', async () => {
    const svc = await env.start({ startWorker: false });
    const held = gate();
    const fx = await effectApp(svc, { after: () => held.opened });
    const first = fx.send('committed');
    await until(async () => (await fx.effects()) === 1);
    const row = await svc.db.selectFrom('idempotency_keys').selectAll().where('key', '=', 'committed').executeTakeFirstOrThrow();
    assert.equal(row.state, 'committed', 'the answer was written in the commit of the effect');
    assert.deepEqual(JSON.parse(row.response_body!), { success: true, data: { run: 1 } });

    const whileRunning = await fx.send('committed');
    assert.equal(whileRunning.statusCode, 409);
    // Its process "died" between the commit and the answer: the claim goes stale, the answer stays.
    await fx.backdate('committed');
    const replay = await fx.send('committed');
    assert.equal(replay.statusCode, 201, replay.body);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.deepEqual(replay.json(), { success: true, data: { run: 1 } });
    assert.equal(fx.runs(), 1, 'the retry did not run the route');
    assert.equal(await fx.effects(), 1);
    held.open();
    assert.equal((await first).statusCode, 201);
    await fx.app.close();
  });

  it('keeps the recorded answer when the request fails after its effect committed (5xx): the retry replays it', async () => {
    const svc = await env.start({ startWorker: false });
    const fx = await effectApp(svc, {
      after: async () => {
        throw new Error('the database went away after the commit');
      },
    });
    const failed = await fx.send('late-failure');
    assert.equal(failed.statusCode, 500);
    const retry = await fx.send('late-failure');
    assert.equal(retry.statusCode, 201, retry.body);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assert.deepEqual(retry.json(), { success: true, data: { run: 1 } });
    assert.equal(await fx.effects(), 1);
    assert.equal(fx.runs(), 1);
    await fx.app.close();
  });
});

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
