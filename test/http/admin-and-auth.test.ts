import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ADMIN_TOKEN, describeEachDatabase, json } from '../support/harness.js';

describeEachDatabase('admin API and access control', (env) => {
  it('creates an organization, a member profile, a key and a channel over HTTP', async () => {
    const svc = await env.shared();
    const org = await svc.admin('POST', '/organizations', { name: 'Acme', plan: 'professional', settings: { defaultCountry: 'US' } });
    assert.equal(org.statusCode, 201);
    const orgId = json(org).data.id;
    assert.deepEqual(json(org).data.settings, { defaultCountry: 'US', signMessagesByDefault: false });

    const profile = await svc.admin('POST', '/profiles', { name: 'Ana', email: 'Ana@Example.com' });
    assert.equal(profile.statusCode, 201);
    const profileId = json(profile).data.id;
    assert.equal(json(profile).data.email, 'ana@example.com');

    assert.equal((await svc.admin('POST', `/organizations/${orgId}/members`, { profileId, role: 'agent' })).statusCode, 201);
    const key = await svc.admin('POST', `/profiles/${profileId}/api-keys`, { name: 'ci', scopes: ['tags:read'] });
    assert.equal(key.statusCode, 201);
    assert.match(json(key).data.key, /^cnv_/);
    assert.equal(json(key).data.key.slice(0, 12), json(key).data.prefix);

    const listed = await svc.admin('GET', `/profiles/${profileId}/api-keys`);
    assert.equal(json(listed).data.length, 1);
    assert.equal(json(listed).data[0].key, undefined, 'a key is shown once, never listed');

    const channel = await svc.admin('POST', `/organizations/${orgId}/channels`, {
      kind: 'whatsapp_official',
      name: 'Main',
      config: { sandbox: true, accessToken: 'EAAB-secret-1234' },
    });
    assert.equal(channel.statusCode, 201);
    assert.equal(json(channel).data.config.accessToken, '••••••••', 'secrets are masked whole');
    assert.ok(!channel.body.includes('1234'), 'nothing of the secret is shown');
    assert.equal(json(channel).data.status, 'connected');
    assert.equal(json(channel).data.active, true);
  });

  it('refuses a connected channel whose provider config is incomplete, but lets one be staged disconnected', async () => {
    const svc = await env.shared();
    const orgId = (await svc.admin('POST', '/organizations', { name: 'Acme', plan: 'starter' })).json().data.id;
    const incomplete = await svc.admin('POST', `/organizations/${orgId}/channels`, { kind: 'whatsapp_official', name: 'Main', config: {} });
    assert.equal(incomplete.statusCode, 400);
    assert.equal(json(incomplete).error.details[0].field, 'config');
    assert.match(json(incomplete).error.details[0].message, /accessToken|phoneNumberId/);
    const staged = await svc.admin('POST', `/organizations/${orgId}/channels`, {
      kind: 'whatsapp_official',
      name: 'Main',
      status: 'disconnected',
    });
    assert.equal(staged.statusCode, 201);
    const connect = await svc.admin('PATCH', `/organizations/${orgId}/channels/${json(staged).data.id}`, { status: 'connected' });
    assert.equal(connect.statusCode, 400, 'cannot be connected before its credentials are there');
  });

  it('rejects bad admin bodies with every bad field listed', async () => {
    const svc = await env.shared();
    const res = await svc.admin('POST', '/organizations', { name: '', plan: 'gold', extra: 1 });
    assert.equal(res.statusCode, 400);
    const body = json(res);
    assert.equal(body.success, false);
    assert.equal(body.error.code, 'VALIDATION_ERROR');
    const fields = body.error.details.map((d: { field: string }) => d.field).sort();
    assert.deepEqual(fields, ['extra', 'name', 'plan']);
  });

  it('guards the admin API with the admin token and hides it when unset', async () => {
    const svc = await env.shared();
    const wrong = await svc.inject({
      method: 'GET',
      url: '/admin/v1/organizations',
      headers: { authorization: 'Bearer nope-nope-nope-nope' },
    });
    assert.equal(wrong.statusCode, 401);
    const none = await svc.inject({ method: 'GET', url: '/admin/v1/organizations' });
    assert.equal(none.statusCode, 401);
    const ok = await svc.inject({ method: 'GET', url: '/admin/v1/organizations', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    assert.equal(ok.statusCode, 200);

    const disabled = await env.start({ env: { ADMIN_TOKEN: '' } });
    const res = await disabled.inject({
      method: 'GET',
      url: '/admin/v1/organizations',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.equal(res.statusCode, 404);
  });

  it('answers a body that is not JSON, or too large, with a 4xx envelope', async () => {
    const svc = await env.start({ env: { BODY_LIMIT_BYTES: '2048' } });
    const broken = await svc.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    assert.equal(broken.statusCode, 400);
    assert.equal(json(broken).error.code, 'VALIDATION_ERROR');
    const large = await svc.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(5000), plan: 'starter' }),
    });
    assert.equal(large.statusCode, 413);
    assert.equal(json(large).error.code, 'PAYLOAD_TOO_LARGE');
    const text = await svc.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assert.equal(text.statusCode, 415);
    assert.equal(json(text).error.code, 'UNSUPPORTED_MEDIA_TYPE');
  });
});
