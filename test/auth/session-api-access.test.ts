/**
 * The console's session cookie on the public API (DESIGN §8): accepted like a key of the signed-in
 * profile where it is a member, and state-changing calls need the CSRF token. Keys, tenancy and
 * revocation: session-api-boundaries.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { signedInOrganization } from './support.js';

const TAG = { name: 'vip', color: '#ff0000' };

describeEachDatabase('console session on the public API', (env) => {
  it('reads and writes organization routes with the cookie (writes with x-csrf-token), acting as the profile', async () => {
    const svc = await env.shared();
    const { org, session } = await signedInOrganization(svc);
    const url = `/api/${org.organizationId}/tags`;
    const created = await svc.inject({ method: 'POST', url, headers: session.writeHeaders, payload: TAG });
    assert.equal(created.statusCode, 201, created.body);
    const list = await svc.inject({ method: 'GET', url, headers: session.cookie });
    assert.equal(list.statusCode, 200, 'a read needs no CSRF token');
    assert.deepEqual(
      list.json().data.map((t: { name: string }) => t.name),
      ['vip'],
    );
    const tagId = created.json().data.id;
    const renamed = await svc.inject({ method: 'PUT', url: `${url}/${tagId}`, headers: session.writeHeaders, payload: { name: 'VIP+' } });
    assert.equal(renamed.statusCode, 200, renamed.body);

    // The profile is the actor: a note written with the cookie is authored by the signed-in profile.
    const customer = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: session.writeHeaders,
      payload: { name: 'Ana', contacts: [{ type: 'email', value: 'ana@example.com' }] },
    });
    assert.equal(customer.statusCode, 201, customer.body);
    const note = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers/${customer.json().data.id}/notes`,
      headers: session.writeHeaders,
      payload: { title: 'Call', content: 'Wants a demo' },
    });
    assert.equal(note.statusCode, 201, note.body);
    assert.equal(note.json().data.authorProfileId, session.profileId);

    const deleted = await svc.inject({ method: 'DELETE', url: `${url}/${tagId}`, headers: session.writeHeaders });
    assert.equal(deleted.statusCode, 200, deleted.body);
  });

  it('accepts the cookie on /v1/messages/send (Bearer route) with the CSRF token, Idempotency-Key scoped to the session', async () => {
    const svc = await env.shared();
    const { org, session } = await signedInOrganization(svc);
    const body = { channel_id: org.channels.whatsapp_official, to: '+5511987654321', type: 'text', content: { text: 'Hi' } };
    const headers = { ...session.writeHeaders, 'idempotency-key': 'console-1' };
    const first = await svc.inject({ method: 'POST', url: '/v1/messages/send', headers, payload: body });
    assert.equal(first.statusCode, 201, first.body);
    const replay = await svc.inject({ method: 'POST', url: '/v1/messages/send', headers, payload: body });
    assert.equal(replay.statusCode, 201);
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(replay.json().data.id, first.json().data.id);
    const noCsrf = await svc.inject({ method: 'POST', url: '/v1/messages/send', headers: session.cookie, payload: body });
    assert.equal(noCsrf.statusCode, 403);
  });

  it('refuses a state-changing call made with the cookie without, or with a wrong, x-csrf-token: 403 envelope, nothing written', async () => {
    const svc = await env.start();
    const { org, session } = await signedInOrganization(svc);
    const other = await signedInOrganization(svc, 'Other');
    const url = `/api/${org.organizationId}/tags`;
    const wrongTokens: [string, Record<string, string>][] = [
      ['missing', session.cookie],
      ['empty', { ...session.cookie, 'x-csrf-token': '' }],
      ['wrong', { ...session.cookie, 'x-csrf-token': 'A'.repeat(43) }],
      ['another session’s', { ...session.cookie, 'x-csrf-token': other.session.csrfToken }],
      ['truncated', { ...session.cookie, 'x-csrf-token': session.csrfToken.slice(0, 20) }],
    ];
    for (const [what, headers] of wrongTokens) {
      // (The public API has no PATCH route; the hook treats every method but GET, HEAD and OPTIONS alike.)
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const target = method === 'POST' ? url : `${url}/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f`;
        const res = await svc.inject({ method, url: target, headers, payload: method === 'DELETE' ? undefined : TAG });
        assert.equal(res.statusCode, 403, `${what} token, ${method}: ${res.body}`);
        assert.equal(res.json().success, false);
        assert.equal(res.json().error.code, 'FORBIDDEN', `${what} token, ${method}`);
        assert.match(res.json().error.message, /x-csrf-token/);
      }
    }
    assert.equal((await svc.db.selectFrom('tags').select('id').execute()).length, 0, 'nothing was written');
    // The CSRF token without the cookie authenticates nothing.
    const tokenOnly = await svc.inject({ method: 'POST', url, headers: { 'x-csrf-token': session.csrfToken }, payload: TAG });
    assert.equal(tokenOnly.statusCode, 401);
  });
});
