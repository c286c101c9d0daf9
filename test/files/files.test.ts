/**
 * Files (DESIGN.md §6): multipart upload and `{ url }` fetch through the outbound guard, the MIME
 * type sniffed from the bytes, the size limit, tenancy, scopes, and the signed link providers fetch.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import { startHttpFake } from '../fakes/http-fake.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { post } from '../messages/support.js';
import { PNG, startWithFiles, upload } from './support.js';

async function get(svc: TestService, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${svc.url}${url}`, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describeEachDatabase('files', (env) => {
  it('stores a multipart upload with its type sniffed from the bytes, not the client, and serves metadata and bytes', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const created = await upload(svc, org.organizationId, org.keyHeader, PNG, 'avatar.txt', 'text/plain');
    assert.equal(created.status, 201, created.text);
    const file = created.json.data;
    assert.equal(file.mimeType, 'image/png');
    assert.equal(file.name, 'avatar.txt');
    assert.equal(file.size, PNG.length);
    assert.equal(file.sha256, createHash('sha256').update(PNG).digest('hex'));

    const meta = await get(svc, `/api/${org.organizationId}/files/${file.id}`, org.keyHeader);
    assert.equal(meta.status, 200);
    assert.deepEqual(JSON.parse(meta.bytes.toString()).data, file);
    const content = await get(svc, `/api/${org.organizationId}/files/${file.id}/content`, org.keyHeader);
    assert.equal(content.status, 200);
    assert.equal(content.headers.get('content-type'), 'image/png');
    assert.equal(content.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(content.bytes, PNG);
    // Stored under FILES_DIR, by organization.
    assert.ok(fs.existsSync(path.join(svc.config.files.dir, org.organizationId, file.id)));
  });

  it('answers 413 PAYLOAD_TOO_LARGE past FILE_MAX_BYTES (multipart and by URL) and stores nothing', async () => {
    const svc = await startWithFiles(env, { FILE_MAX_BYTES: '2048' });
    const org = await svc.seedOrganization();
    const big = Buffer.alloc(4096, 'a');
    const res = await upload(svc, org.organizationId, org.keyHeader, big);
    assert.equal(res.status, 413, res.text);
    assert.equal(res.json.error.code, 'PAYLOAD_TOO_LARGE');
    const origin = await startHttpFake(() => ({ status: 200, body: big.toString(), headers: { 'content-type': 'text/plain' } }));
    try {
      const byUrl = await post(svc, `/api/${org.organizationId}/files`, { url: `${origin.url}/big.txt` }, org.keyHeader);
      assert.equal(byUrl.status, 413, byUrl.text);
      assert.equal(byUrl.json.error.code, 'PAYLOAD_TOO_LARGE');
    } finally {
      await origin.close();
    }
    assert.equal((await svc.db.selectFrom('files').select('id').execute()).length, 0);
  });

  it('fetches a file from a URL through the outbound guard', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const origin = await startHttpFake((req) =>
      req.path === '/docs/report.pdf'
        ? { status: 200, body: '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', headers: { 'content-type': 'text/html' } }
        : { status: 404, body: 'no' },
    );
    try {
      const res = await post(svc, `/api/${org.organizationId}/files`, { url: `${origin.url}/docs/report.pdf` }, org.keyHeader);
      assert.equal(res.status, 201, res.text);
      assert.equal(res.json.data.name, 'report.pdf');
      assert.equal(res.json.data.mimeType, 'application/pdf');
      const missing = await post(svc, `/api/${org.organizationId}/files`, { url: `${origin.url}/nothing` }, org.keyHeader);
      assert.equal(missing.status, 422, missing.text);
      assert.equal(missing.json.error.code, 'FILE_FETCH_FAILED');
    } finally {
      await origin.close();
    }
  });

  it('refuses a private URL when WEBHOOK_ALLOW_PRIVATE_NETWORKS is false (400, nothing fetched or stored)', async () => {
    const svc = await startWithFiles(env, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
    const org = await svc.seedOrganization();
    const origin = await startHttpFake(() => ({ status: 200, body: 'secret' }));
    try {
      for (const url of [`${origin.url}/x`, 'http://169.254.169.254/latest/meta-data', `http://localhost:${new URL(origin.url).port}/x`]) {
        const res = await post(svc, `/api/${org.organizationId}/files`, { url }, org.keyHeader);
        assert.equal(res.status, 400, `${url}: ${res.text}`);
        assert.equal(res.json.error.code, 'VALIDATION_ERROR');
        assert.equal(res.json.error.details[0].field, 'url');
      }
      assert.equal(origin.requests.length, 0);
      assert.equal((await svc.db.selectFrom('files').select('id').execute()).length, 0);
    } finally {
      await origin.close();
    }
  });

  it('answers bad input with 4xx and the envelope, never 5xx', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const base = `/api/${org.organizationId}/files`;
    const cases: [unknown, number, string][] = [
      [{}, 400, 'url'],
      [{ url: 'ftp://example.com/a' }, 400, 'url'],
      [{ url: 'not a url' }, 400, 'url'],
      [{ url: 'https://example.com/a', extra: 1 }, 400, 'extra'],
      [{ url: 'https://example.com/a', name: '' }, 400, 'name'],
      [[1, 2], 400, 'body'],
    ];
    for (const [body, status, field] of cases) {
      const res = await post(svc, base, body, org.keyHeader);
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.json.success, false);
      assert.ok(
        res.json.error.details.some((d: { field: string }) => d.field === field),
        res.text,
      );
    }
    // Multipart without a "file" part, or with an empty one.
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await fetch(`${svc.url}${base}`, { method: 'POST', headers: org.keyHeader, body: form });
    assert.equal(noFile.status, 400, await noFile.text());
    const empty = await upload(svc, org.organizationId, org.keyHeader, Buffer.alloc(0));
    assert.equal(empty.status, 400, empty.text);
    // Another content type is still 415.
    const xml = await fetch(`${svc.url}${base}`, {
      method: 'POST',
      headers: { ...org.keyHeader, 'content-type': 'application/xml' },
      body: '<a/>',
    });
    assert.equal(xml.status, 415);
    // Not a UUID → 400; unknown file → 404.
    assert.equal((await get(svc, `${base}/nope`, org.keyHeader)).status, 400);
    assert.equal((await get(svc, `${base}/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f`, org.keyHeader)).status, 404);
  });

  it("keeps files to their organization: another organization's key gets 404 FILE_NOT_FOUND", async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const file = (await upload(svc, org.organizationId, org.keyHeader, PNG)).json.data;
    for (const url of [`/api/${other.organizationId}/files/${file.id}`, `/api/${other.organizationId}/files/${file.id}/content`]) {
      const res = await get(svc, url, other.keyHeader);
      assert.equal(res.status, 404, url);
      assert.equal(JSON.parse(res.bytes.toString()).error.code, 'FILE_NOT_FOUND');
    }
    // And the other organization's key on this organization's path is not a member.
    assert.equal((await get(svc, `/api/${org.organizationId}/files/${file.id}`, other.keyHeader)).status, 403);
  });

  it('needs chats:write to upload and files:read to read', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const readOnly = await svc.services.tenancy.createApiKey(org.profileId, { name: 'ro', scopes: ['files:read'] });
    const refused = await upload(svc, org.organizationId, { 'x-api-key': readOnly.key }, PNG);
    assert.equal(refused.status, 403, refused.text);
    const file = (await upload(svc, org.organizationId, org.keyHeader, PNG)).json.data;
    assert.equal((await get(svc, `/api/${org.organizationId}/files/${file.id}`, { 'x-api-key': readOnly.key })).status, 200);
    assert.equal((await get(svc, `/api/${org.organizationId}/files/${file.id}`)).status, 401);
  });

  it('serves the bytes without an API key only through a valid, unexpired signed link', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const file = (await upload(svc, org.organizationId, org.keyHeader, PNG)).json.data;
    const signed = new URL(svc.services.files.signedUrl(file.id));
    assert.equal(signed.pathname, `/files/${file.id}/content`);
    const ok = await get(svc, `${signed.pathname}${signed.search}`);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('content-type'), 'image/png');
    assert.deepEqual(ok.bytes, PNG);

    const expires = signed.searchParams.get('expires')!;
    const signature = signed.searchParams.get('signature')!;
    const tampered = signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const past = String(Math.floor(Date.now() / 1000) - 10);
    for (const query of [
      '',
      `?expires=${expires}`,
      `?expires=${expires}&signature=${tampered}`,
      `?expires=${Number(expires) + 1}&signature=${signature}`,
      `?expires=${past}&signature=${signature}`,
      `?expires=abc&signature=${signature}`,
    ]) {
      const res = await get(svc, `${signed.pathname}${query}`);
      assert.equal(res.status, 403, query);
      assert.equal(JSON.parse(res.bytes.toString()).error.code, 'FORBIDDEN');
    }
    // Another file's signature does not open this one.
    const second = (await upload(svc, org.organizationId, org.keyHeader, Buffer.from('hello'))).json.data;
    const res = await get(svc, `/files/${second.id}/content?expires=${expires}&signature=${signature}`);
    assert.equal(res.status, 403);
  });

  it('a correctly signed link opens the file up to its expiry time and is refused once it has passed', async () => {
    // The service's clock, moved by the test: the link is signed at T0 and fetched later.
    const clock = { at: Date.parse('2026-11-26T12:00:00.000Z'), now: () => new Date(clock.at) };
    const svc = await startWithFiles(env, { FILE_URL_TTL_SECONDS: '3600' }, { clock });
    const org = await svc.seedOrganization();
    const file = (await upload(svc, org.organizationId, org.keyHeader, PNG)).json.data;
    const signed = new URL(svc.services.files.signedUrl(file.id));
    const expiresAt = Number(signed.searchParams.get('expires')) * 1000;
    assert.equal(expiresAt, clock.at + 3600_000);

    const fetchAt = async (ms: number) => {
      clock.at = ms;
      return get(svc, `${signed.pathname}${signed.search}`);
    };
    for (const at of [expiresAt - 60_000, expiresAt - 1, expiresAt]) {
      const res = await fetchAt(at);
      assert.equal(res.status, 200, `at ${new Date(at).toISOString()}`);
      assert.deepEqual(res.bytes, PNG);
    }
    for (const at of [expiresAt + 1, expiresAt + 7 * 24 * 3600_000]) {
      const res = await fetchAt(at);
      assert.equal(res.status, 403, `at ${new Date(at).toISOString()}`);
      assert.equal(JSON.parse(res.bytes.toString()).error.code, 'FORBIDDEN');
    }
  });
});
