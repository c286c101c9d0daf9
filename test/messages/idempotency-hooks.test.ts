import assert from 'node:assert/strict';
import { it } from 'node:test';
import Fastify from 'fastify';
import { AppError } from '../../src/errors.js';
import { registerErrorHandling } from '../../src/http/error-handler.js';
import { registerIdempotency } from '../../src/http/idempotency.js';
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
          request.principal = { apiKeyId: 'key-1', profileId: 'p', scopes: ['*'] };
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
});
