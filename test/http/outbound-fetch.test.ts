/**
 * The guarded fetch (http/outbound.ts) used for URLs a user gave, e.g. media attached to e-mails:
 * private addresses refused (literal, by name, IPv4-mapped IPv6), every redirect hop checked again,
 * at most MAX_OUTBOUND_REDIRECTS followed. Traffic only to 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ADDRESS_NOT_ALLOWED,
  createGuardedFetch,
  createOutboundAgent,
  MAX_OUTBOUND_REDIRECTS,
  OutboundBlockedError,
} from '../../src/http/outbound.js';
import { startHttpFake, type FakeAnswer, type HttpFake } from '../fakes/http-fake.js';

function blockedError(err: unknown): OutboundBlockedError | undefined {
  for (let e = err; e; e = (e as { cause?: unknown }).cause) if (e instanceof OutboundBlockedError) return e;
  return undefined;
}

async function refused(promise: Promise<unknown>, reason: RegExp): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    const blocked = blockedError(err);
    assert.ok(blocked, `expected an OutboundBlockedError, got ${String(err)}`);
    assert.match(blocked.detail, reason);
    return true;
  });
}

describe('guarded fetch', () => {
  let target: HttpFake;
  const strictAgent = createOutboundAgent(false);
  const openAgent = createOutboundAgent(true);
  const strict = createGuardedFetch(strictAgent, false);
  const open = createGuardedFetch(openAgent, true);

  before(async () => {
    target = await startHttpFake((req): FakeAnswer => {
      if (req.path === '/file') return { status: 200, body: 'the file', headers: { 'content-type': 'text/plain' } };
      if (req.path === '/to-file') return { status: 302, body: '', headers: { location: '/file' } };
      if (req.path === '/to-credentials') return { status: 302, body: '', headers: { location: `http://user:secret@127.0.0.1/file` } };
      if (req.path === '/to-ftp') return { status: 301, body: '', headers: { location: 'ftp://127.0.0.1/file' } };
      if (req.path === '/loop') return { status: 302, body: '', headers: { location: '/loop' } };
      return { status: 404, body: 'not found' };
    });
  });
  after(async () => {
    await target.close();
    await strictAgent.close();
    await openAgent.close();
  });

  it('refuses private addresses before any byte is sent: literal, IPv4-mapped IPv6 and a name resolving to loopback', async () => {
    const port = new URL(target.url).port;
    const before = target.requests.length;
    await refused(strict(`http://127.0.0.1:${port}/file`), /loopback/);
    await refused(strict(`http://[::ffff:127.0.0.1]:${port}/file`), /loopback/);
    await refused(strict(`http://localhost:${port}/file`), /resolves to .*loopback/);
    assert.equal(target.requests.length, before, 'the server never saw a request');
  });

  it('tells the caller only that the address is not allowed; what a name resolved to goes to onBlocked (the server log)', async () => {
    const port = new URL(target.url).port;
    const heard: unknown[] = [];
    const agent = createOutboundAgent(false, (blocked) => heard.push(blocked));
    try {
      const guarded = createGuardedFetch(agent, false);
      for (const url of [`http://127.0.0.1:${port}/file`, `http://localhost:${port}/file`]) {
        await assert.rejects(guarded(url), (err: unknown) => {
          const blocked = blockedError(err);
          assert.equal(blocked?.message, ADDRESS_NOT_ALLOWED, url);
          assert.doesNotMatch(String(err) + String((err as { cause?: unknown }).cause), /127\.0\.0\.1|::1|loopback/, url);
          return true;
        });
      }
      assert.equal(heard.length, 1, 'a literal address needs no lookup; the name did');
      assert.match(JSON.stringify(heard[0]), /"host":"localhost","address":"(127\.0\.0\.1|::1)","range":"loopback"/);
    } finally {
      await agent.close();
    }
  });

  it("refuses any redirect when asked to (redirect: 'error', a vendor's API)", async () => {
    await assert.rejects(open(`${target.url}/to-file`, { redirect: 'error' }), /redirect to \/file refused/);
  });

  it('refuses schemes other than http(s) and URLs with credentials', async () => {
    await refused(strict('file:///etc/passwd'), /http or https/);
    await refused(strict('http://user:pw@example.com/x'), /credentials/);
  });

  it('follows a redirect, checking the next hop like the first', async () => {
    const response = await open(`${target.url}/to-file`);
    assert.equal(response.status, 200);
    assert.equal(await response.text(), 'the file');
    await refused(open(`${target.url}/to-credentials`), /credentials/);
    await refused(open(`${target.url}/to-ftp`), /http or https/);
  });

  it(`stops after ${MAX_OUTBOUND_REDIRECTS} redirects and answers the last 3xx as it is`, async () => {
    const before = target.requests.length;
    const response = await open(`${target.url}/loop`);
    assert.equal(response.status, 302);
    assert.equal(target.requests.length - before, MAX_OUTBOUND_REDIRECTS + 1);
  });
});
