import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AppDeps } from '../../src/deps.js';
import { describeEachDatabase } from '../support/harness.js';
import { testQueue } from '../support/test-jobs.js';

/** The database closed under a running service, its access-change LISTEN (its own connection) with it, as runtime.close() closes both. */
async function databaseGone(svc: { deps: Pick<AppDeps, 'accessChanges' | 'database'> }): Promise<void> {
  await svc.deps.accessChanges.close();
  await svc.deps.database.close();
}

describeEachDatabase('operator endpoints', (env) => {
  it('reports liveness and readiness', async () => {
    const svc = await env.shared();
    assert.deepEqual((await svc.inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
    const ready = await svc.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.json().checks.migrations.status, 'ok');
  });

  it('reports not ready when the database is gone', async () => {
    const svc = await env.start({ startWorker: false });
    await databaseGone(svc);
    const ready = await svc.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.json().status, 'not_ready');
  });

  it('exposes Prometheus metrics: request durations by route and status, and queue depth', async () => {
    const svc = await env.start();
    await svc.inject({ method: 'GET', url: '/healthz' });
    await testQueue(svc.deps.queue).enqueue(svc.db, { type: 'nobody.handles.this', payload: {}, delayMs: 60_000 });
    const res = await svc.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /text\/plain/);
    assert.match(res.body, /http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1/);
    assert.match(res.body, /jobs_in_queue\{status="queued"\} 1/);
    assert.match(res.body, /jobs_enqueued_total\{type="nobody.handles.this"\} 1/);
  });

  it('serves the OpenAPI document and the interactive reference', async () => {
    const svc = await env.shared();
    const doc = await svc.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(doc.statusCode, 200);
    const spec = doc.json();
    assert.equal(spec.openapi, '3.1.0');
    assert.ok(spec.paths['/admin/v1/organizations'].post, 'admin routes are documented');
    assert.ok(spec.paths['/readyz'].get);
    const docs = await svc.inject({ method: 'GET', url: '/docs/' });
    assert.equal(docs.statusCode, 200);
    assert.match(docs.body, /<html/i);
  });

  it('tags every answer with a request id, keeping one the client sent', async () => {
    const svc = await env.shared();
    const generated = await svc.inject({ method: 'GET', url: '/healthz' });
    assert.match(generated.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
    const given = await svc.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(given.headers['x-request-id'], 'abc-123');
  });

  it('never leaks a stack trace or SQL in a 500', async () => {
    const svc = await env.start({ startWorker: false });
    const org = await svc.admin('POST', '/organizations', { name: 'A', plan: 'starter' });
    assert.equal(org.statusCode, 201);
    await databaseGone(svc);
    const res = await svc.admin('GET', '/organizations');
    assert.equal(res.statusCode, 500);
    const body = res.json();
    assert.equal(body.error.code, 'INTERNAL_ERROR');
    assert.doesNotMatch(res.body, /select|sqlite|at \w+ \(|\.ts:/i);
  });
});
