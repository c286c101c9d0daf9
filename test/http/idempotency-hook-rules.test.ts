/**
 * The edges of the idempotency hooks (http/idempotency.ts) on a bare Fastify app over a migrated
 * database, without the service: the header's length limits and trimming, which routes and callers
 * the hooks apply to, what a replay looks like byte for byte, which answers are kept (4xx, a Buffer)
 * and which release the key (5xx, 429, a stream), and the answer recorded in the effect's
 * transaction (the route's response schema, or plain JSON without one). Written to kill the mutants
 * that survived `MUTATE_MODULES=idempotency npm run mutate` (docs/testing.md).
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { it } from 'node:test';
import Fastify, { type FastifyRequest } from 'fastify';
import { registerErrorHandling } from '../../src/http/error-handler.js';
import { idempotentReply, registerIdempotency } from '../../src/http/idempotency.js';
import { describeEachRuleDatabase, type RuleDatabases } from '../support/rule-databases.js';

const signIn = async (request: FastifyRequest) => {
  request.principal = { via: 'api-key', credentialId: 'key-1', profileId: 'p', scopes: ['*'], organizationId: 'org-1' };
};

/** A bare app whose routes count their runs; `answers` scripts what /things answers on each run. */
async function hookApp(env: RuleDatabases) {
  const db = await env.openDatabase();
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  const warnings: unknown[] = [];
  registerIdempotency(app, { db, clock: { now: () => new Date() }, logger: { warn: (obj) => warnings.push(obj) } });
  let runs = 0;
  const answers: { status: number; body: unknown }[] = [];
  const seenHooks: string[] = [];
  app.post(
    '/things/:id',
    {
      config: { idempotency: true },
      onRequest: signIn,
      // The route's own hooks stay, one as an array and one alone.
      preHandler: [async () => void seenHooks.push('preHandler')],
      onSend: async (_request, _reply, payload) => {
        seenHooks.push('onSend');
        return payload;
      },
    },
    async (_request, reply) => {
      runs++;
      const answer = answers.shift() ?? { status: 201, body: { run: runs } };
      if (answer.body instanceof Readable || Buffer.isBuffer(answer.body))
        return reply.code(answer.status).type('application/json').send(answer.body);
      return reply.code(answer.status).send(answer.body);
    },
  );
  app.post('/plain', { onRequest: signIn }, async () => ({ run: ++runs }));
  app.post('/anonymous', { config: { idempotency: true } }, async () => ({ run: ++runs }));
  await app.ready();
  const send = (key: string | undefined, url = '/things/1', payload: unknown = { a: 1 }) =>
    app.inject({ method: 'POST', url, headers: key === undefined ? {} : { 'idempotency-key': key }, payload: payload as object });
  const row = (key: string) => db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).executeTakeFirst();
  return { app, db, send, row, answers, seenHooks, warnings, runs: () => runs };
}

describeEachRuleDatabase('idempotency hook rules', (env) => {
  it('refuses an empty or over-long key (400 naming the header), takes 255 characters, and trims', async () => {
    const { app, send, runs } = await hookApp(env);
    for (const key of ['', '   ', 'k'.repeat(256)]) {
      const res = await send(key);
      assert.equal(res.statusCode, 400, JSON.stringify(key));
      assert.equal(res.json().error.code, 'VALIDATION_ERROR');
      assert.equal(res.json().error.message, 'The Idempotency-Key header is invalid');
      assert.deepEqual(res.json().error.details, [{ field: 'Idempotency-Key', message: 'must be 1 to 255 characters' }]);
    }
    assert.equal(runs(), 0);
    assert.equal((await send('k'.repeat(255))).statusCode, 201);
    const replay = await send(` ${'k'.repeat(255)} `);
    assert.equal(replay.headers['idempotent-replayed'], 'true', 'the same key once trimmed');
    assert.equal(runs(), 1);
    await app.close();
  });

  it('replays the first answer byte for byte, scoped to the route pattern, ignoring the query string', async () => {
    const { app, send, row, runs } = await hookApp(env);
    const first = await send('q', '/things/1?x=1');
    assert.equal(first.statusCode, 201);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const replay = await send('q', '/things/1?x=2');
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(replay.body, first.body);
    assert.equal(runs(), 1);
    const stored = await row('q');
    assert.equal(stored!.scope, 'POST /things/:id');
    assert.equal(stored!.organization_id, 'org-1');
    assert.equal(stored!.api_key_id, 'key-1');
    assert.equal((await send('q', '/things/2')).statusCode, 422, 'another path is another request');
    await app.close();
  });

  it('answers 422 to the same key with another body and 409 while the first runs', async () => {
    const { app, db, send } = await hookApp(env);
    await send('r');
    const reused = await send('r', '/things/1', { a: 2 });
    assert.equal(reused.statusCode, 422);
    assert.equal(reused.json().error.code, 'IDEMPOTENCY_KEY_REUSED');
    assert.equal(reused.json().error.message, 'This Idempotency-Key was used with a different request');
    await db.updateTable('idempotency_keys').set({ state: 'running' }).where('key', '=', 'r').execute();
    const running = await send('r');
    assert.equal(running.statusCode, 409);
    assert.equal(running.json().error.code, 'IDEMPOTENCY_KEY_IN_PROGRESS');
    assert.equal(running.json().error.message, 'A request with this Idempotency-Key is still running');
    await app.close();
  });

  it('applies only to idempotent routes with a caller, and keeps the routes own hooks', async () => {
    const { app, send, row, runs, seenHooks } = await hookApp(env);
    await send('p', '/plain');
    await send('p', '/plain');
    assert.equal(runs(), 2, 'a route without config.idempotency ignores the header');
    await send('n', '/anonymous');
    await send('n', '/anonymous');
    assert.equal(runs(), 4, 'no caller, no key to scope it to');
    assert.equal(await row('p'), undefined);
    assert.equal(await row('n'), undefined);
    await send(undefined);
    await send(undefined);
    assert.equal(runs(), 6, 'no header, no idempotency');
    assert.deepEqual(seenHooks, ['preHandler', 'onSend', 'preHandler', 'onSend']);
    await app.close();
  });

  it('keeps a 4xx and a Buffer answer; releases the key after a 5xx, a 429 and a streamed answer', async () => {
    const { app, send, row, answers, runs } = await hookApp(env);
    answers.push({ status: 404, body: { error: 'gone' } });
    assert.equal((await send('four')).statusCode, 404);
    assert.equal((await send('four')).headers['idempotent-replayed'], 'true');
    answers.push({ status: 200, body: Buffer.from('{"buffer":true}') });
    await send('buf');
    assert.deepEqual([(await row('buf'))!.state, (await row('buf'))!.response_body], ['done', '{"buffer":true}']);
    for (const [key, status] of [
      ['five', 503],
      ['many', 429],
      ['599', 599],
      ['500', 500],
    ] as const) {
      answers.push({ status, body: { error: status } });
      assert.equal((await send(key)).statusCode, status);
      assert.equal(await row(key), undefined, `${status}: the key is released`);
    }
    answers.push({ status: 200, body: Readable.from(['{"streamed":true}']) });
    await send('stream');
    assert.equal(await row('stream'), undefined, 'a stream: no answer to keep');
    const before = runs();
    assert.equal((await send('five')).statusCode, 201, 'the retry runs');
    assert.equal(runs(), before + 1);
    answers.push({ status: 499, body: { error: 499 } });
    await send('499');
    assert.equal((await row('499'))!.state, 'done', 'below 500 is kept');
    await app.close();
  });

  it('logs a failed write of the answer and still sends it', async () => {
    const db = await env.openDatabase();
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const warnings: [unknown, string][] = [];
    registerIdempotency(app, { db, clock: { now: () => new Date() }, logger: { warn: (obj, msg) => void warnings.push([obj, msg]) } });
    app.post('/vanishing', { config: { idempotency: true }, onRequest: signIn }, async (_request, reply) => {
      // The key was claimed; its table goes before the answer is stored.
      await db.schema.dropTable('idempotency_keys').execute();
      return reply.code(201).send({ ok: true });
    });
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/vanishing', headers: { 'idempotency-key': 'v' }, payload: {} });
    assert.equal(res.statusCode, 201);
    assert.equal(warnings.length, 1);
    assert.equal(warnings[0]![1], 'storing an idempotent answer failed');
    assert.ok((warnings[0]![0] as { err?: unknown }).err instanceof Error);
    await app.close();
  });

  it('releases the key of a reply that never went through onSend (written raw), so the retry runs', async () => {
    const db = await env.openDatabase();
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerIdempotency(app, { db, clock: { now: () => new Date() }, logger: { warn: () => undefined } });
    let runs = 0;
    app.post('/raw', { config: { idempotency: true }, onRequest: signIn }, async (_request, reply) => {
      runs++;
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'text/plain' });
      reply.raw.end('raw');
    });
    await app.ready();
    const row = () => db.selectFrom('idempotency_keys').select('state').where('key', '=', 'raw').executeTakeFirst();
    assert.equal((await app.inject({ method: 'POST', url: '/raw', headers: { 'idempotency-key': 'raw' }, payload: {} })).body, 'raw');
    for (let i = 0; i < 200 && (await row()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(await row(), undefined, 'released once the response finished');
    await app.inject({ method: 'POST', url: '/raw', headers: { 'idempotency-key': 'raw' }, payload: {} });
    assert.equal(runs, 2, 'the retry ran');
    await app.close();
  });

  it('records in the effect transaction the answer the route sends, shaped by its response schema', async () => {
    const db = await env.openDatabase();
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerIdempotency(app, { db, clock: { now: () => new Date() }, logger: { warn: () => undefined } });
    const recorded: string[] = [];
    const routeWith = (url: string, schema: object | undefined, crash: boolean) =>
      app.post(url, { config: { idempotency: true }, onRequest: signIn, schema }, async (request, reply) => {
        const answer = idempotentReply(request, reply, 201, (n: number) => ({ n, extra: 'dropped by the schema' }));
        if (request.headers['idempotency-key'] === undefined) {
          assert.equal(answer.record, undefined, 'no key: nothing to record');
          return answer.send(1);
        }
        await db.transaction().execute((trx) => answer.record!(trx, 7));
        recorded.push(
          (await db.selectFrom('idempotency_keys').select('response_body').where('key', '=', url).executeTakeFirstOrThrow()).response_body!,
        );
        if (crash) throw new Error('after the commit');
        return answer.send(7);
      });
    routeWith('/schema', { response: { 201: { type: 'object', properties: { n: { type: 'number' } } } } }, true);
    routeWith('/json', undefined, true);
    // A shape its schema cannot serialize: the record fails with the transaction, nothing is kept.
    app.post(
      '/unserializable',
      {
        config: { idempotency: true },
        onRequest: signIn,
        schema: { response: { 201: { type: 'object', required: ['missing'], properties: { missing: { type: 'string' } } } } },
      },
      async (request, reply) => {
        const answer = idempotentReply(request, reply, 201, () => ({}));
        await db.transaction().execute((trx) => answer.record!(trx, undefined));
        return answer.send(undefined);
      },
    );
    await app.ready();
    for (const url of ['/schema', '/json']) {
      assert.equal((await app.inject({ method: 'POST', url, headers: { 'idempotency-key': url }, payload: {} })).statusCode, 500);
      const replay = await app.inject({ method: 'POST', url, headers: { 'idempotency-key': url }, payload: {} });
      assert.equal(replay.statusCode, 201, `${url}: the recorded answer survives the failure after commit`);
      assert.equal(replay.headers['idempotent-replayed'], 'true');
      assert.equal(replay.body, url === '/schema' ? '{"n":7}' : '{"n":7,"extra":"dropped by the schema"}');
      assert.equal((await app.inject({ method: 'POST', url, payload: {} })).statusCode, 201);
    }
    assert.deepEqual(recorded, ['{"n":7}', '{"n":7,"extra":"dropped by the schema"}']);
    for (let i = 0; i < 2; i++) {
      const failed = await app.inject({ method: 'POST', url: '/unserializable', headers: { 'idempotency-key': 'u' }, payload: {} });
      assert.equal(failed.statusCode, 500, 'run again, never a replay of an empty answer');
      assert.equal(failed.headers['idempotent-replayed'], undefined);
    }
    await app.close();
  });
});
