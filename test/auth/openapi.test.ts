/** The console's sign-in routes and the password route in the OpenAPI document served at /openapi.json (and /docs). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';

describeEachDatabase('console sign-in in the OpenAPI document', (env) => {
  it('documents sign-in, session, sign-out and the password route with their schemas, and the cookie wherever a key is accepted', async () => {
    const svc = await env.start({ startWorker: false });
    const doc = (await svc.inject({ method: 'GET', url: '/openapi.json' })).json();
    assert.equal(doc.components.securitySchemes.sessionCookie.in, 'cookie');
    assert.equal(doc.components.securitySchemes.sessionCookie.name, 'conversa_session');

    const signIn = doc.paths['/auth/sign-in'].post;
    const body = signIn.requestBody.content['application/json'].schema;
    assert.deepEqual(body.required.sort(), ['email', 'password']);
    const answer = signIn.responses['200'].content['application/json'].schema.properties.data;
    assert.deepEqual(Object.keys(answer.properties).sort(), ['csrfToken', 'organizations', 'profile']);
    assert.ok(signIn.responses['401'] && signIn.responses['429'] && signIn.responses['400']);
    assert.ok(doc.paths['/auth/session'].get.responses['200']);
    assert.deepEqual(doc.paths['/auth/session'].get.security, [{ sessionCookie: [] }]);
    const signOut = doc.paths['/auth/sign-out'].post;
    assert.ok(signOut.parameters.some((p: { in: string; name: string }) => p.in === 'header' && p.name === 'x-csrf-token'));

    const password = doc.paths['/admin/v1/profiles/{id}/password'].put;
    assert.equal(password.requestBody.content['application/json'].schema.properties.password.minLength, 12);
    const createProfile = doc.paths['/admin/v1/profiles'].post.requestBody.content['application/json'].schema;
    assert.ok(createProfile.properties.password);
    assert.ok(!createProfile.required.includes('password'));

    // A key's requirement names the scope the route demands (OpenAPI 3.1 role names); the session has every scope.
    assert.deepEqual(doc.paths['/api/{organizationId}/tags'].get.security, [{ apiKeyHeader: ['tags:read'] }, { sessionCookie: [] }]);
    assert.deepEqual(doc.paths['/v1/messages/send'].post.security, [{ bearerKey: ['messages:write'] }, { sessionCookie: [] }]);
    const chats = doc.paths['/api/{organizationId}/chats'].get;
    assert.deepEqual(chats.security, [{ apiKeyHeader: ['chats:read'] }, { sessionCookie: [] }]);
    assert.match(chats.description, /`chats:read` scope/);
    assert.deepEqual(doc.paths['/api/{organizationId}/members'].get.security, [
      { apiKeyHeader: ['directory:read'] },
      { sessionCookie: [] },
    ]);
    assert.deepEqual(doc.paths['/admin/v1/profiles'].post.security, [{ adminToken: [] }], 'the admin API takes no cookie');
  });
});
