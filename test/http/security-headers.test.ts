/**
 * Every API answer carries `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`, errors
 * included; the console's files keep their caching and get nosniff (issue 26; docs/security.md
 * "The HTTP edge").
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { it } from 'node:test';
import { ADMIN_TOKEN, describeEachDatabase } from '../support/harness.js';

describeEachDatabase('security headers', (env) => {
  it('marks API answers no-store and nosniff, errors included, and console files nosniff with their own caching', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    const json = { 'content-type': 'application/json' };
    const api: [string, string, RequestInit, number][] = [
      ['a list', `/api/${org.organizationId}/tags`, { headers: org.keyHeader }, 200],
      ['no key', `/api/${org.organizationId}/tags`, {}, 401],
      ['another organization', `/api/00000000-0000-7000-8000-000000000000/tags`, { headers: org.keyHeader }, 404],
      ['an unknown route', '/api/nothing/here', {}, 404],
      ['a bad send', '/v1/messages/send', { method: 'POST', headers: { ...org.bearer, ...json }, body: '{}' }, 400],
      ['a body not JSON', '/v1/messages/send', { method: 'POST', headers: { ...org.bearer, ...json }, body: '{' }, 400],
      ['the admin API', '/admin/v1/organizations', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } }, 200],
      ['the admin API refusing', '/admin/v1/organizations', {}, 401],
      ['the console session', '/auth/session', {}, 401],
    ];
    const wrong: string[] = [];
    for (const [what, url, init, status] of api) {
      const response = await fetch(`${svc.url}${url}`, init);
      await response.arrayBuffer();
      const seen = `${response.status} ${response.headers.get('cache-control')} ${response.headers.get('x-content-type-options')}`;
      if (seen !== `${status} no-store nosniff`) wrong.push(`${what}: ${seen}`);
    }
    assert.deepEqual(wrong, []);

    // An error Node answers before the app sees the request (a malformed request line).
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(new URL(svc.url).port), '127.0.0.1', () => socket.write('NOT A REQUEST\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400/);
    assert.match(raw, /\r\nCache-Control: no-store\r\n/);
    assert.match(raw, /\r\nX-Content-Type-Options: nosniff\r\n/);

    // The console's files: nosniff, their own caching kept (hashed assets for a year).
    const dist = path.join(process.cwd(), 'console', 'dist', 'assets');
    const asset = fs.existsSync(dist) ? fs.readdirSync(dist)[0] : undefined;
    if (asset) {
      const response = await fetch(`${svc.url}/app/assets/${asset}`);
      await response.arrayBuffer();
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    }
    const health = await fetch(`${svc.url}/healthz`);
    assert.equal(health.headers.get('x-content-type-options'), 'nosniff', 'every answer is nosniff');
  });
});
