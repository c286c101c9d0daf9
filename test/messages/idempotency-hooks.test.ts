import assert from 'node:assert/strict';
import { it } from 'node:test';
import Fastify from 'fastify';
import { AppError } from '../../src/errors.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';
import { registerIdempotency, requestHash } from '../../src/http/idempotency.js';
import { describeEachDatabase } from '../support/harness.js';

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
});
