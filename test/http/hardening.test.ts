/** Hostile or careless clients get a clear 4xx envelope, never a 500 or a hung request. */
import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { jsonDepthExceeds } from '../../src/http/body-depth.js';
import { describeEachDatabase, json } from '../support/harness.js';
import { orgApi } from '../customers/crm-fixtures.js';

describe('body depth', () => {
  it('measures depth without recursion', () => {
    assert.equal(jsonDepthExceeds({ a: { b: [1, { c: 2 }] } }, 4), false);
    assert.equal(jsonDepthExceeds({ a: { b: [1, { c: 2 }] } }, 3), true);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    assert.equal(jsonDepthExceeds(deep, 32), true);
  });
});

describeEachDatabase('HTTP hardening', (env) => {
  it('answers a deeply nested body with 400, not a stack overflow', async () => {
    const svc = await env.shared();
    const org = (await svc.admin('POST', '/organizations', { name: 'A', plan: 'starter' })).json().data;
    const deep = '{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000);
    const res = await svc.inject({
      method: 'POST',
      url: `/admin/v1/organizations/${org.id}/channels`,
      headers: { authorization: 'Bearer test-admin-token-0123456789', 'content-type': 'application/json' },
      payload: `{"kind":"email","name":"x","config":${deep}}`,
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.details[0].message, 'must not be nested deeper than 32 levels');
  });

  it('lists the allowed values of an enum field', async () => {
    const svc = await env.shared();
    const res = await svc.admin('POST', '/organizations', { name: 'A', plan: 'gold' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().error.details, [{ field: 'plan', message: 'must be one of starter, professional, enterprise' }]);
  });

  it('gives up on a request whose body never arrives, with the envelope', async () => {
    const svc = await env.start({ listen: true, env: { REQUEST_TIMEOUT_MS: '700' } });
    const { port } = new URL(svc.url);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          'POST /admin/v1/organizations HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer test-admin-token-0123456789\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"only part',
        );
      });
      let data = '';
      socket.on('data', (d) => (data += d));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      setTimeout(() => reject(new Error('no answer')), 10_000).unref();
    });
    assert.match(answer, /^HTTP\/1.1 408/);
    assert.match(answer, /"code":"REQUEST_TIMEOUT"/);
    assert.ok(Date.now() - started < 5000);
  });

  it('refuses the NUL character in any text input with 400 naming the field, on every database', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const created = await api('POST', '/customers', { name: 'Ana\u0000Maria', email: 'ana@example.com' });
    assert.equal(created.statusCode, 400, created.body);
    assert.deepEqual(json(created).error.details, [{ field: 'name', message: 'must not contain the NUL character' }]);

    const customer = json(await api('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).data;
    const renamed = await api('PUT', `/customers/${customer.id}`, {
      name: 'x\u0000',
      contacts: [{ type: 'whatsapp', value: '+55\u0000' }],
    });
    assert.equal(renamed.statusCode, 400, renamed.body);
    assert.deepEqual(
      json(renamed)
        .error.details.map((d: any) => d.field)
        .sort(),
      ['contacts.0.value', 'name'],
    );
    const note = await api('POST', `/customers/${customer.id}/notes`, { title: 'call', content: 'said \u0000 hi' });
    assert.equal(note.statusCode, 400, note.body);
    assert.equal(json(note).error.details[0].field, 'content');
    const search = await api('GET', `/customers?q=${encodeURIComponent('An\u0000')}`);
    assert.equal(search.statusCode, 400, search.body);
    assert.equal(json(search).error.details[0].field, 'q');

    assert.equal(json(await api('GET', `/customers/${customer.id}`)).data.name, 'Ana', 'nothing changed');
    const notes = await api('POST', `/customers/${customer.id}/notes`, { title: 'call', content: 'said hi' });
    assert.equal(notes.statusCode, 201, 'text without NUL is fine');
  });

  it('refuses a __proto__ or constructor.prototype key with a 400 that says so, not "not valid JSON"', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const bodies = [
      ['{"name":"Ana","email":"ana@example.com","__proto__":{"admin":true}}', '"__proto__"'],
      ['{"name":"Ana","email":"ana@example.com","customFields":[{"slug":"x","value":{"\\u005f_proto__":{}}}]}', '"__proto__"'],
      ['{"name":"Ana","email":"ana@example.com","constructor":{"prototype":{"admin":true}}}', '"constructor.prototype"'],
    ];
    for (const [payload, key] of bodies) {
      const res = await svc.inject({
        method: 'POST',
        url: `/api/${org.organizationId}/customers`,
        headers: { ...org.keyHeader, 'content-type': 'application/json' },
        payload,
      });
      assert.equal(res.statusCode, 400, payload);
      const { error } = json(res);
      assert.equal(error.code, 'VALIDATION_ERROR');
      assert.match(error.message, new RegExp(`${key!.replace('.', '\\.')} key, which is not allowed`));
      assert.equal(error.details[0].field, 'body');
    }
    const broken = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: { ...org.keyHeader, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    assert.equal(json(broken).error.message, 'The body is not valid JSON');
    const fine = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: { ...org.keyHeader, 'content-type': 'application/json; charset=utf-8' },
      payload: '{"name":"constructor \\u00e9","email":"ana@example.com"}',
    });
    assert.equal(fine.statusCode, 201, fine.body);
    assert.equal(json(fine).data.name, 'constructor \u00e9');
  });

  it('takes an empty body sent as application/json as no body (DELETE customer tag, DELETE note)', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const api = orgApi(svc, org);
    const customer = json(await api('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).data;
    const tag = json(await api('POST', '/tags', { name: 'VIP', color: '#fff' })).data;
    await api('POST', `/customers/${customer.id}/tags`, { tagId: tag.id });
    const headers = { ...org.keyHeader, 'content-type': 'application/json' };
    for (const payload of ['', '  ']) {
      const note = json(await api('POST', `/customers/${customer.id}/notes`, { title: 'call' })).data;
      for (const url of [`/customers/${customer.id}/tags/${tag.id}`, `/customers/${customer.id}/notes/${note.id}`]) {
        const res = await svc.inject({ method: 'DELETE', url: `/api/${org.organizationId}${url}`, headers, payload });
        assert.equal(res.statusCode, 200, `${url} ${JSON.stringify(payload)}: ${res.body}`);
      }
    }
    assert.equal(json(await api('GET', `/customers/${customer.id}`)).data.tags.length, 0);
    assert.equal(json(await api('GET', `/customers/${customer.id}/notes`)).data.length, 0);
    const create = await svc.inject({ method: 'POST', url: `/api/${org.organizationId}/tags`, headers, payload: '' });
    assert.equal(create.statusCode, 400, 'a route that needs a body still says so');
    assert.equal(json(create).error.code, 'VALIDATION_ERROR');
  });
});
