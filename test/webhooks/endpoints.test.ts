import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { describeEachDatabase, json } from '../support/harness.js';

describeEachDatabase('webhook endpoints', (env) => {
  it('creates, reads, updates and deletes an endpoint; the secret is shown on create only', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/api/${org.organizationId}/webhooks`;
    const created = await svc.inject({
      method: 'POST',
      url: base,
      headers: org.keyHeader,
      payload: { url: 'https://hooks.example.com/in', events: ['customer.*', 'message.status_updated'] },
    });
    assert.equal(created.statusCode, 201);
    const endpoint = json(created).data;
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{32}$/, 'whsec_ + base64 of 24 bytes');
    assert.doesNotThrow(() => new Webhook(endpoint.secret), 'the standardwebhooks package accepts it');
    assert.deepEqual(endpoint.events, ['customer.*', 'message.status_updated']);
    assert.equal(endpoint.enabled, true);
    assert.equal(endpoint.disabledReason, null);

    const got = await svc.inject({ method: 'GET', url: `${base}/${endpoint.id}`, headers: org.keyHeader });
    assert.equal(got.statusCode, 200);
    assert.equal(json(got).data.secret, undefined, 'never shown again');
    const listed = await svc.inject({ method: 'GET', url: base, headers: org.keyHeader });
    assert.deepEqual(
      json(listed).data.map((e: { id: string }) => e.id),
      [endpoint.id],
    );
    assert.equal(json(listed).data[0].secret, undefined);

    const disabled = await svc.inject({
      method: 'PATCH',
      url: `${base}/${endpoint.id}`,
      headers: org.keyHeader,
      payload: { enabled: false, events: [] },
    });
    assert.equal(disabled.statusCode, 200);
    assert.equal(json(disabled).data.enabled, false);
    assert.equal(json(disabled).data.disabledReason, 'disabled on request');
    assert.deepEqual(json(disabled).data.events, []);
    const enabled = await svc.inject({
      method: 'PATCH',
      url: `${base}/${endpoint.id}`,
      headers: org.keyHeader,
      payload: { enabled: true },
    });
    assert.equal(json(enabled).data.disabledReason, null);

    const own = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const rotated = await svc.inject({ method: 'PATCH', url: `${base}/${endpoint.id}`, headers: org.keyHeader, payload: { secret: own } });
    assert.equal(rotated.statusCode, 200);
    const row = await svc.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    assert.equal(row.secret, own);

    const deleted = await svc.inject({ method: 'DELETE', url: `${base}/${endpoint.id}`, headers: org.keyHeader });
    assert.deepEqual(json(deleted), { success: true, data: {} });
    const gone = await svc.inject({ method: 'GET', url: `${base}/${endpoint.id}`, headers: org.keyHeader });
    assert.equal(gone.statusCode, 404);
    assert.equal(json(gone).error.code, 'WEBHOOK_NOT_FOUND');
  });

  it('rejects bad URLs, filters and secrets with a 400 naming the field', async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    const base = `/api/${org.organizationId}/webhooks`;
    const cases: [Record<string, unknown>, string][] = [
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://user:pw@example.com/x' }, 'url'],
      [{ url: 'https://example.com', events: ['Customer Created'] }, 'events.0'],
      [{ url: 'https://example.com', events: ['customer.*.x'] }, 'events.0'],
      [{ url: 'https://example.com', secret: 'plain-secret' }, 'secret'],
      [{ url: 'https://example.com', secret: 'whsec_' + Buffer.alloc(8).toString('base64') }, 'secret'],
      [{ url: 'https://example.com', extra: true }, 'extra'],
      [{}, 'url'],
    ];
    for (const [payload, field] of cases) {
      const res = await svc.inject({ method: 'POST', url: base, headers: org.keyHeader, payload });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(json(res).error.code, 'VALIDATION_ERROR');
      assert.ok(
        json(res).error.details.some((d: { field: string }) => d.field === field),
        `${JSON.stringify(payload)} → ${res.body}`,
      );
    }
    const empty = await svc.inject({
      method: 'PATCH',
      url: `${base}/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f`,
      headers: org.keyHeader,
      payload: {},
    });
    assert.equal(empty.statusCode, 400);
    assert.equal(await svc.db.selectFrom('webhook_endpoints').select('id').executeTakeFirst(), undefined, 'nothing written');
  });

  it('needs the webhooks:write scope', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization({ scopes: ['customers:read'] });
    const res = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/webhooks`, headers: org.keyHeader });
    assert.equal(res.statusCode, 403);
    const none = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/webhooks` });
    assert.equal(none.statusCode, 401);
  });

  it('manages endpoints through the admin API', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const base = `/organizations/${org.organizationId}/webhooks`;
    const created = await svc.admin('POST', base, { url: 'https://hooks.example.com/admin', events: ['message.*'] });
    assert.equal(created.statusCode, 201);
    const id = json(created).data.id;
    assert.match(json(created).data.secret, /^whsec_/);
    assert.equal(json(await svc.admin('GET', base)).data.length, 1);
    assert.equal(json(await svc.admin('GET', `${base}/${id}`)).data.url, 'https://hooks.example.com/admin');
    assert.equal(
      json(await svc.admin('PATCH', `${base}/${id}`, { url: 'https://hooks.example.com/new' })).data.url,
      'https://hooks.example.com/new',
    );
    assert.equal((await svc.admin('DELETE', `${base}/${id}`)).statusCode, 200);
    assert.equal((await svc.admin('GET', `${base}/${id}`)).statusCode, 404);

    const unknownOrg = await svc.admin('POST', '/organizations/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f/webhooks', {
      url: 'https://x.example.com',
    });
    assert.equal(unknownOrg.statusCode, 404);
    assert.equal(json(unknownOrg).error.code, 'ORGANIZATION_NOT_FOUND');
    const noToken = await svc.inject({ method: 'GET', url: `/admin/v1${base}` });
    assert.equal(noToken.statusCode, 401);
  });
});
