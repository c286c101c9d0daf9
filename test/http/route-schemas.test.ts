/**
 * Route schemas compile on first use (src/http/lazy-schemas.ts). What compiling them all at start
 * used to prove, that every schema of every route compiles, is proved here; and the lazily
 * compiled validator and serializer behave as the eager ones did.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LazySchemas } from '../../src/http/lazy-schemas.js';
import { featureModules } from '../../src/modules/index.js';
import { describeEachDatabase } from '../support/harness.js';

describe('lazy schemas', () => {
  it('compiles once, on the first call, and carries a validator’s errors over', () => {
    const schemas = new LazySchemas();
    let compiles = 0;
    const validate = Object.assign(
      (data: unknown) => {
        validate.errors = typeof data === 'number' ? null : [{ message: 'must be a number' }];
        return typeof data === 'number';
      },
      { errors: null as unknown },
    );
    const lazy = schemas.wrap(() => {
      compiles++;
      return validate;
    }, 'route');
    assert.equal(compiles, 0, 'nothing compiled before the first call');
    assert.equal(lazy(1 as never), true);
    assert.equal(lazy('x' as never), false);
    assert.deepEqual(lazy.errors, [{ message: 'must be a number' }]);
    assert.equal(compiles, 1);
    assert.equal(schemas.compileAll(), 0, 'nothing left to compile');
  });

  it('shares a serializer between apps only when the schemas it was compiled from are the same', () => {
    // Apps built one after another in a process (a test's services) reuse compiled serializers.
    const serializer = (shared: Record<string, unknown>, schema: Record<string, unknown>) => {
      const route = { schema, method: 'GET', url: '/x', httpStatus: '200' };
      return new LazySchemas().serializerFactory()(shared, {})(route as never) as unknown as (data: unknown) => string;
    };
    const response = { type: 'object', properties: { n: { $ref: 'Count#' }, note: { anyOf: [{ type: 'string' }, { type: 'null' }] } } };
    const asText = { Count: { $id: 'Count', type: 'string' } };
    const asNumber = { Count: { $id: 'Count', type: 'integer' } };
    const data = { n: 7, note: null };
    assert.equal(serializer(asText, response)(data), '{"n":"7","note":null}');
    assert.equal(serializer(structuredClone(asText), structuredClone(response))(data), '{"n":"7","note":null}');
    // The same response schema with another shared schema, and another response schema, compile apart.
    assert.equal(serializer(asNumber, response)(data), '{"n":7,"note":null}');
    const other = { type: 'object', properties: { n: { type: 'integer' } } };
    assert.equal(serializer(asText, other)(data), '{"n":7}');
  });
});

describeEachDatabase('route schemas', (env) => {
  it('every route’s validators and serializers compile', async () => {
    const svc = await env.shared();
    const compiled = svc.app.compileAllSchemas();
    // Bodies, queries, params and a serializer per documented status of about 120 operations.
    assert.ok(compiled > 300, `compiled ${compiled} schemas`);
    assert.equal(svc.app.compileAllSchemas(), 0, 'each compiled once');
  });

  it('registers every feature module under its name', async () => {
    // Unnamed, Fastify searches every loaded module's exports for each one (src/http/plugin-name.ts).
    const svc = await env.start({ startWorker: false });
    const plugins = svc.app.printPlugins();
    for (const name of [...featureModules.map((module) => module.name), 'health', 'admin']) {
      assert.match(plugins, new RegExp(`[─┬] ${name} \\d+ ms`), name);
    }
  });

  it('a route’s first request validates and serializes as before', async () => {
    const svc = await env.start();
    const bad = await svc.admin('POST', '/organizations', { name: 'A', plan: 'gold' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json().error.details, [{ field: 'plan', message: 'must be one of starter, professional, enterprise' }]);
    const created = await svc.admin('POST', '/organizations', { name: 'A', plan: 'starter', unknownField: 1 });
    assert.equal(created.statusCode, 400, 'additional properties still refused');
    const good = await svc.admin('POST', '/organizations', { name: 'A', plan: 'starter' });
    assert.equal(good.statusCode, 201);
    assert.equal(good.json().data.name, 'A');
    assert.equal(good.json().data.plan, 'starter');
  });
});
