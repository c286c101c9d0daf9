import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { providerFor, providers } from '../../src/channels/registry.js';
import { CHANNEL_KINDS } from '../../src/channels/kinds.js';
import { ProviderError } from '../../src/channels/provider.js';
import { sandboxProvider } from '../../src/channels/sandbox/sandbox.provider.js';

const deps = { fetch: globalThis.fetch, fetchMedia: globalThis.fetch };
const message = { id: 'm1', to: '5511987654321', type: 'text' as const, content: { text: 'hi' } };
const request = (body: string) => ({ method: 'POST', headers: {}, query: {}, body });

describe('sandbox provider', () => {
  it('accepts a send and schedules delivered then read at the configured delays', async () => {
    const result = await sandboxProvider({ deliverAfterMs: 10, readAfterMs: 20 }, deps).send(message);
    assert.match(result.providerMessageId, /^sbx_/);
    const events = result.scheduledCallbacks!.map((c) => ({ delayMs: c.delayMs, ...JSON.parse(c.body) }));
    assert.deepEqual(events, [
      { delayMs: 10, event: 'status', message_id: result.providerMessageId, status: 'delivered' },
      { delayMs: 20, event: 'status', message_id: result.providerMessageId, status: 'read' },
    ]);
    const defaults = await sandboxProvider({}, deps).send(message);
    assert.deepEqual(
      defaults.scheduledCallbacks!.map((c) => c.delayMs),
      [1000, 2000],
    );
  });

  it('reports a 000 recipient failed by callback, and refuses when configured to', async () => {
    const result = await sandboxProvider({}, deps).send({ ...message, to: '000999' });
    assert.equal(result.scheduledCallbacks!.length, 1);
    assert.equal(JSON.parse(result.scheduledCallbacks![0]!.body).status, 'failed');
    await assert.rejects(sandboxProvider({ sendError: 'permanent' }, deps).send(message), (err: ProviderError) => err.retryable === false);
    await assert.rejects(sandboxProvider({ sendError: 'retryable' }, deps).send(message), (err: ProviderError) => err.retryable === true);
  });

  it('parses its callbacks into normalized events and skips what it does not know', () => {
    const provider = sandboxProvider({}, deps);
    const events = provider.parseCallback(
      request(
        JSON.stringify([
          { event: 'status', message_id: 'sbx_1', status: 'read', timestamp: '2026-01-01T00:00:00Z' },
          { event: 'status', message_id: 'sbx_1', status: 'failed', error: { code: 'X', message: 'why' } },
          { event: 'status', message_id: 'sbx_1', status: 'pending' },
          { event: 'status', message_id: 'sbx_1', status: 'bounced' },
          { event: 'typing', message_id: 'sbx_1' },
          { event: 'message', message_id: 'in1', from: '5511987654321', name: 'Ana', type: 'text', content: { text: 'oi' } },
          { event: 'message', message_id: 'in2', from: '5511987654321', text: 'bare text, no type' },
        ]),
      ),
    );
    assert.deepEqual(events, [
      { kind: 'status', providerMessageId: 'sbx_1', status: 'read', occurredAt: '2026-01-01T00:00:00Z' },
      { kind: 'status', providerMessageId: 'sbx_1', status: 'failed', occurredAt: undefined, error: { code: 'X', message: 'why' } },
      {
        kind: 'inbound',
        providerMessageId: 'in1',
        from: '5511987654321',
        senderName: 'Ana',
        type: 'text',
        content: { text: 'oi' },
        occurredAt: undefined,
      },
      {
        kind: 'inbound',
        providerMessageId: 'in2',
        from: '5511987654321',
        senderName: undefined,
        type: 'text',
        content: { text: 'bare text, no type' },
        occurredAt: undefined,
      },
    ]);
    assert.throws(
      () => provider.parseCallback(request('not json')),
      (err: ProviderError) => err.code === 'INVALID_CALLBACK' && !err.retryable,
    );
    assert.deepEqual(provider.handshake!({ ...request(''), method: 'GET', query: { challenge: 'abc' } }), { status: 200, body: 'abc' });
  });
});

describe('provider registry', () => {
  it('has one factory per channel kind and picks the sandbox when the config says so', async () => {
    assert.deepEqual(Object.keys(providers).sort(), [...CHANNEL_KINDS].sort());
    for (const kind of CHANNEL_KINDS) {
      const provider = providerFor({ kind, config: { sandbox: true } }, deps);
      assert.match((await provider.send(message)).providerMessageId, /^sbx_/);
    }
    assert.throws(
      () => providerFor({ kind: 'carrier_pigeon', config: {} }, deps),
      (err: ProviderError) => err.code === 'PROVIDER_NOT_CONFIGURED' && !err.retryable,
    );
  });
});
