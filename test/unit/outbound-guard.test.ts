/**
 * The edges of the outbound guard's pure rules (http/outbound.ts), written to kill the mutants that
 * survived `MUTATE_MODULES=outbound npm run mutate` (docs/testing.md): what an unparsable address,
 * a credential on either side of the colon, a DNS failure or a body of exactly the limit does; the
 * lookup options the guard passes on; how deep a refusal is found under an undici error; which
 * statuses the guarded fetch follows. No database; traffic only to 127.0.0.1.
 */
import assert from 'node:assert/strict';
import dns from 'node:dns';
import { after, before, describe, it, mock } from 'node:test';
import {
  blockedCause,
  checkOutboundUrl,
  createGuardedFetch,
  createOutboundAgent,
  forbiddenRange,
  guardedLookup,
  OutboundBlockedError,
  readBoundedBody,
  ResponseTooLargeError,
} from '../../src/http/outbound.js';
import { startHttpFake, type FakeAnswer, type HttpFake } from '../fakes/http-fake.js';

const HINT = 'set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true to allow private network addresses';

type LookupResult = { err: (Error & { code?: string }) | null; address: unknown; family?: number };

/** guardedLookup with dns.lookup answering `answer` (or failing with `failure`); returns what it saw and what it answered. */
async function lookupWith(
  options: dns.LookupOptions,
  answer: { address: string; family: number }[],
  failure?: Error,
): Promise<LookupResult & { seenOptions: unknown }> {
  let seenOptions: unknown;
  const fake = mock.method(dns, 'lookup', ((_host: string, opts: unknown, callback: (...args: unknown[]) => void) => {
    seenOptions = opts;
    callback(failure ?? null, failure ? undefined : answer);
  }) as never);
  try {
    const result = await new Promise<LookupResult>((resolve) =>
      guardedLookup('host.example.com', options, (err, address, family) => resolve({ err, address, family })),
    );
    return { ...result, seenOptions };
  } finally {
    fake.mock.restore();
  }
}

function response(body: string | null, headers: Record<string, string> = {}): Response {
  return new Response(body, { headers });
}

describe('outbound guard rules', () => {
  it('names the range of a refused address, and calls anything that is not an address "invalid"', () => {
    assert.equal(forbiddenRange('not-an-ip'), 'invalid');
    assert.equal(forbiddenRange(''), 'invalid');
    assert.equal(forbiddenRange('10.0.0.1'), 'private');
    assert.equal(forbiddenRange('::ffff:10.0.0.1'), 'private', 'a mapped address is judged as its IPv4');
    assert.equal(forbiddenRange('8.8.8.8'), undefined);
  });

  it('refuses a URL with a user name or a password alone, and says how to allow private networks', () => {
    assert.throws(() => checkOutboundUrl('http://user@example.com/x', false), /must not contain credentials/);
    assert.throws(() => checkOutboundUrl('http://:secret@example.com/x', false), /must not contain credentials/);
    assert.throws(
      () => checkOutboundUrl('not a url', false),
      (err: unknown) => {
        assert.ok(err instanceof OutboundBlockedError);
        assert.equal(err.name, 'OutboundBlockedError');
        assert.equal(err.message, 'must be an absolute http:// or https:// URL');
        return true;
      },
    );
    assert.throws(() => checkOutboundUrl('ftp://example.com/x', false), { message: 'must use http or https' });
    assert.throws(
      () => checkOutboundUrl('http://[fd00::1]/x', false),
      { message: 'the address is not allowed', detail: `fd00::1 is a uniqueLocal address; ${HINT}` },
      'the caller is told the address is not allowed; the detail (with the hint) is for the log',
    );
  });

  it('returns the parsed URL, and lets host names and allowed private literals through', () => {
    assert.equal(checkOutboundUrl('https://example.com/a?b=1', false).href, 'https://example.com/a?b=1');
    assert.equal(checkOutboundUrl('https://example.com/a', true).hostname, 'example.com', 'a host name is no address to judge');
    assert.equal(checkOutboundUrl('http://[::1]:8080/x', true).port, '8080');
    assert.equal(checkOutboundUrl('http://8.8.8.8/x', false).hostname, '8.8.8.8');
  });

  it('asks DNS for every address, and answers in the shape the socket asked for', async () => {
    const two = [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1::1', family: 6 },
    ];
    const single = await lookupWith({ family: 0 }, two);
    assert.deepEqual(single.seenOptions, { family: 0, all: true });
    assert.equal(single.err, null);
    assert.equal(single.address, '93.184.216.34');
    assert.equal(single.family, 4);
    const all = await lookupWith({ all: true }, two);
    assert.deepEqual(all.address, two);
    const refused = await lookupWith({}, [{ address: '10.0.0.5', family: 4 }]);
    assert.equal(refused.err?.message, 'the address is not allowed');
    assert.equal((refused.err as OutboundBlockedError).detail, `host.example.com resolves to 10.0.0.5, a private address; ${HINT}`);
  });

  it('passes a DNS failure on as it is, with no address', async () => {
    const failure = Object.assign(new Error('getaddrinfo ENOTFOUND host.example.com'), { code: 'ENOTFOUND' });
    const { err, address } = await lookupWith({}, [], failure);
    assert.equal(err, failure);
    assert.deepEqual(address, []);
  });

  it('finds a refusal up to five causes deep, and nothing else', () => {
    const blocked = new OutboundBlockedError('no');
    const wrap = (inner: unknown, times: number) => {
      let e = inner;
      for (let i = 0; i < times; i++) e = new TypeError('fetch failed', { cause: e });
      return e;
    };
    assert.equal(blockedCause(blocked), blocked);
    assert.equal(blockedCause(wrap(blocked, 4)), blocked, 'five errors deep');
    assert.equal(blockedCause(wrap(blocked, 5)), undefined, 'six deep is past the search');
    assert.equal(blockedCause(wrap(new Error('other'), 2)), undefined);
    assert.equal(blockedCause(undefined), undefined);
  });

  it('reads a body up to exactly the limit and refuses one byte more, declared or streamed', async () => {
    assert.equal((await readBoundedBody(response('12345'), 5)).toString(), '12345');
    assert.equal((await readBoundedBody(response('12345', { 'content-length': '5' }), 5)).toString(), '12345');
    assert.equal((await readBoundedBody(response(null), 5)).length, 0, 'no body is an empty one');
    await assert.rejects(readBoundedBody(response('123456'), 5), (err: unknown) => {
      assert.ok(err instanceof ResponseTooLargeError);
      assert.equal(err.maxBytes, 5);
      assert.equal(err.name, 'ResponseTooLargeError');
      assert.equal(err.message, 'The answer is larger than 5 bytes');
      return true;
    });
    await assert.rejects(readBoundedBody(response('1', { 'content-length': '6' }), 5), ResponseTooLargeError);
    await assert.rejects(
      readBoundedBody(response(null, { 'content-length': '6' }), 5),
      ResponseTooLargeError,
      'declared, with no body to cancel (HEAD)',
    );
    // Streamed in several chunks: the limit counts them all.
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of ['12', '34', '56']) controller.enqueue(new TextEncoder().encode(part));
        controller.close();
      },
    });
    await assert.rejects(readBoundedBody(new Response(chunks), 5), ResponseTooLargeError);
  });

  describe('guarded fetch statuses', () => {
    let target: HttpFake;
    const agent = createOutboundAgent(true);
    const open = createGuardedFetch(agent, true);

    before(async () => {
      target = await startHttpFake((req): FakeAnswer => {
        if (req.path === '/file') return { status: 200, body: 'the file', headers: { 'content-type': 'text/plain' } };
        const status = Number(req.path.slice(1).split('/')[0]);
        if (req.path.endsWith('/bare')) return { status, body: '' };
        return { status, body: '', headers: { location: '/file' } };
      });
    });
    after(async () => {
      await target.close();
      await agent.close();
    });

    it('follows 300 to 399 with a Location, and answers any other status, or a 3xx without one, as it is', async () => {
      for (const status of [300, 301, 307, 308, 399]) {
        const res = await open(`${target.url}/${status}`);
        assert.equal(res.status, 200, `${status} is followed`);
        assert.equal(await res.text(), 'the file');
      }
      for (const status of [201, 299, 400]) assert.equal((await open(`${target.url}/${status}`)).status, status);
      assert.equal((await open(`${target.url}/302/bare`)).status, 302, 'no Location: nothing to follow');
      const head = await open(`${target.url}/302`, { method: 'HEAD' });
      assert.equal(head.status, 200, 'a redirect without a body to discard (HEAD) is followed too');
    });

    it('takes a Request as well as a URL, and checks it the same way', async () => {
      const res = await open(new Request(`${target.url}/file`));
      assert.equal(await res.text(), 'the file');
      await assert.rejects(open(new Request('ftp://example.com/x')), /http or https/);
    });

    it('checks a literal address before connecting, and its lookup at connect time, unless private networks are allowed', async () => {
      const strictAgent = createOutboundAgent(false);
      try {
        const strict = createGuardedFetch(strictAgent, false);
        const port = new URL(target.url).port;
        const before = target.requests.length;
        await assert.rejects(strict(`http://127.0.0.1:${port}/file`), { detail: /loopback/ });
        await assert.rejects(strict(`http://localhost:${port}/file`), (err: unknown) => {
          assert.match(blockedCause(err)?.detail ?? '', /resolves to/);
          return true;
        });
        assert.equal(target.requests.length, before);
        // The open agent connects to the same name: no lookup guard on it.
        assert.equal((await open(`http://localhost:${port}/file`)).status, 200);
      } finally {
        await strictAgent.close();
      }
    });
  });
});
