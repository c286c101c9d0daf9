/**
 * Compression (DESIGN §11, src/http/compression.ts) against the listening service: the console's
 * files and JSON answers come back brotli or gzip when asked (`Accept-Encoding: br, gzip`), the
 * console's first load is under 150 kB on the wire (the figure is printed), and the event stream
 * is neither compressed nor held back: each event arrives as it happens.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { it } from 'node:test';
import zlib from 'node:zlib';
import { compressible } from '../../src/http/compression.js';
import { settledFeed } from '../support/event-feed.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { SseClient } from '../support/sse-client.js';
import { recordEvent } from '../webhooks/support.js';

const BUILT = fs.existsSync(path.resolve('console/dist/index.html'));

async function get(svc: TestService, url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.url}${url}`, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
  // fetch decodes; the bytes on the wire are content-length of the encoded body or, streamed, re-encoded here.
  const body = await res.text();
  return { res, body, encoding: res.headers.get('content-encoding') };
}

/** The encoded size of what the service sends for `url` (node's http, which does not decode). */
async function wireBytes(svc: TestService, url: string): Promise<{ bytes: number; encoding: string | undefined; plain: Buffer }> {
  const { default: http } = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(`${svc.url}${url}`, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain = encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
          resolve({ bytes: raw.length, encoding, plain });
        });
      })
      .on('error', reject);
  });
}

describeEachDatabase('compression', (env) => {
  it('compresses text, JSON and JavaScript but never the event stream', () => {
    assert.equal(compressible('application/json; charset=utf-8'), true);
    assert.equal(compressible('application/problem+json'), true);
    assert.equal(compressible('text/javascript; charset=utf-8'), true);
    assert.equal(compressible('text/html'), true);
    assert.equal(compressible('text/event-stream; charset=utf-8'), false);
    assert.equal(compressible('image/png'), false);
  });

  it('answers JSON brotli-compressed when asked, plain when not', async () => {
    const svc = await env.shared({ listen: true });
    const asked = await get(svc, '/openapi.json');
    assert.equal(asked.encoding, 'br');
    assert.ok(JSON.parse(asked.body).paths, 'the decoded body is the JSON');
    const gzip = await get(svc, '/openapi.json', { 'accept-encoding': 'gzip' });
    assert.equal(gzip.encoding, 'gzip');
    const plain = await get(svc, '/openapi.json', { 'accept-encoding': 'identity' });
    assert.equal(plain.encoding, null);
    assert.deepEqual(JSON.parse(plain.body), JSON.parse(asked.body));

    // An organization's API answer too.
    const org = await svc.seedOrganization();
    for (let n = 0; n < 20; n++) await recordEvent(svc, org.organizationId, 'customer.updated', { n });
    await settledFeed(svc, org, 20, 'after=0&limit=50');
    const events = await get(svc, `/api/${org.organizationId}/events?after=0&limit=50`, org.keyHeader);
    assert.equal(events.res.status, 200, events.body);
    assert.equal(events.encoding, 'br');
    assert.equal(JSON.parse(events.body).data.length, 20);
  });

  it('sends the console compressed, its first load under 150 kB on the wire', { skip: !BUILT && 'the console is not built' }, async () => {
    const svc = await env.shared({ listen: true });
    const index = await wireBytes(svc, '/app/');
    const html = index.plain.toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/app\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    assert.ok(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css')), html);
    let total = index.bytes;
    let plainTotal = index.plain.length;
    for (const asset of assets) {
      const file = await wireBytes(svc, asset);
      assert.equal(file.encoding, 'br', `${asset} is compressed`);
      total += file.bytes;
      plainTotal += file.plain.length;
    }
    console.log(`# console first load: ${(total / 1024).toFixed(1)} kB on the wire (brotli), ${(plainTotal / 1024).toFixed(1)} kB plain`);
    assert.ok(total < 150 * 1024, `first load ${total} bytes on the wire`);
  });

  it('streams events uncompressed and at once, even to a client that accepts br and gzip', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const client = await SseClient.open(`${svc.url}/api/${org.organizationId}/events/stream`, {
      ...org.keyHeader,
      'accept-encoding': 'br, gzip',
    });
    try {
      assert.equal(client.response.headers['content-encoding'], undefined);
      await client.eventsUntil(1);
      // One small event, then nothing: a compressor would hold it for a block that never fills.
      await recordEvent(svc, org.organizationId, 'customer.updated', { n: 1 });
      const [, event] = await client.eventsUntil(2);
      assert.equal(event!.event, 'customer.updated');
    } finally {
      client.close();
    }
  });
});
