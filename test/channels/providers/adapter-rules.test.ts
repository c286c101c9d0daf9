/**
 * The rules every adapter follows (src/channels/README.md), checked for all kinds at once: the
 * registry holds a real factory per kind, a factory refuses an empty config with a permanent
 * PROVIDER_MISCONFIGURED, and adapter code reads neither process.env nor the database and links
 * its vendor's documentation at the top.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { CHANNEL_KINDS } from '../../../src/channels/kinds.js';
import { ProviderError } from '../../../src/channels/provider.js';
import { providers } from '../../../src/channels/registry.js';
import { isoFromDate, isoFromMillis, isoFromSeconds } from '../../../src/channels/support/callbacks.js';
import { testDeps } from '../../fakes/provider-test-kit.js';

const CHANNELS_DIR = path.resolve('src/channels');
const folderOf = (kind: string) => kind.replace(/_/g, '-');

/**
 * What verifySignature (the callback route's check) answers for a callback carrying no proof: a
 * provider that signs refuses it, one that cannot says false (the channel secret must then hold).
 */
const NO_PROOF: [string, Record<string, unknown>, 'refused' | 'unsigned'][] = [
  ['whatsapp_official', { accessToken: 't', phoneNumberId: '1', appSecret: 's' }, 'refused'],
  ['instagram', { accessToken: 't', appSecret: 's' }, 'refused'],
  ['facebook', { accessToken: 't', appSecret: 's' }, 'refused'],
  ['whatsapp_evo', { baseUrl: 'http://127.0.0.1:9', instance: 'i', apiKey: 'k' }, 'refused'],
  ['whatsapp_waha', { baseUrl: 'http://127.0.0.1:9', hmacKey: 'h' }, 'refused'],
  ['whatsapp_waha', { baseUrl: 'http://127.0.0.1:9' }, 'unsigned'],
  ['whatsapp_zapi', { instanceId: 'i', instanceToken: 't' }, 'unsigned'],
  ['whatsapp_wapi', { instanceId: 'i', token: 't' }, 'unsigned'],
  ['email', { host: 'smtp.example.com', from: 'a@example.com', mailgunSigningKey: 'k' }, 'refused'],
  ['email', { host: 'smtp.example.com', from: 'a@example.com' }, 'unsigned'],
];

describe('callback proof (verifySignature)', () => {
  for (const [kind, config, expected] of NO_PROOF) {
    it(`${kind} ${JSON.stringify(Object.keys(config))}: a callback without proof is ${expected}`, () => {
      const provider = providers[kind as (typeof CHANNEL_KINDS)[number]](config, { fetch, fetchMedia: fetch });
      const request = { method: 'POST', headers: { 'content-type': 'application/json' }, query: {}, body: '{"apikey":"wrong"}' };
      if (expected === 'unsigned') assert.equal(provider.verifySignature(request), false);
      else
        assert.throws(
          () => provider.verifySignature(request),
          (err: unknown) => err instanceof ProviderError && err.code === 'INVALID_SIGNATURE',
        );
    });
  }
});

describe('channel adapters', () => {
  for (const kind of CHANNEL_KINDS) {
    it(`${kind}: refuses an empty config with a permanent PROVIDER_MISCONFIGURED`, () => {
      assert.throws(
        () => providers[kind]({}, { fetch, fetchMedia: fetch }),
        (err: unknown) => err instanceof ProviderError && err.code === 'PROVIDER_MISCONFIGURED' && !err.retryable,
      );
    });

    it(`${kind}: lives in src/channels/${folderOf(kind)}/, links its vendor docs, reads no env and no database`, () => {
      const dir = path.join(CHANNELS_DIR, folderOf(kind));
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts'));
      assert.ok(files.includes(`${folderOf(kind)}.provider.ts`));
      const main = fs.readFileSync(path.join(dir, `${folderOf(kind)}.provider.ts`), 'utf8');
      assert.match(main.slice(0, main.indexOf('*/')), /https?:\/\//, 'a vendor doc link in the header comment');
      for (const file of files) {
        const code = fs.readFileSync(path.join(dir, file), 'utf8');
        assert.doesNotMatch(code, /process\.env/, `${file} reads process.env`);
        assert.doesNotMatch(code, /from '\.\.\/\.\.\/(db|modules|http|jobs)\//, `${file} reaches outside src/channels`);
        assert.doesNotMatch(code, /(?<![.\w])fetch\(/, `${file} calls the global fetch instead of deps.fetch`);
      }
    });
  }
});

describe('vendor timestamps', () => {
  it('read seconds, milliseconds and dates; absent is undefined without a word', () => {
    const deps = testDeps();
    assert.equal(isoFromSeconds('1718000100', deps, 'x'), '2024-06-10T06:15:00.000Z');
    assert.equal(isoFromMillis(1718000100000, deps, 'x'), '2024-06-10T06:15:00.000Z');
    assert.equal(isoFromDate('2024-06-10T06:15:00Z', deps, 'x'), '2024-06-10T06:15:00.000Z');
    for (const absent of [undefined, null, '']) {
      assert.equal(isoFromSeconds(absent, deps, 'x'), undefined);
      assert.equal(isoFromDate(absent, deps, 'x'), undefined);
    }
    assert.deepEqual(deps.warnings, []);
  });

  it('treat an out-of-range or unreadable time as absent and log it, never throwing', () => {
    const deps = testDeps();
    const bad: [(v: unknown, d: typeof deps, k: string) => string | undefined, unknown][] = [
      [isoFromSeconds, '99999999999999999'],
      [isoFromSeconds, 1e300],
      [isoFromSeconds, 'soon'],
      [isoFromMillis, -9e15],
      [isoFromDate, 'not a date'],
      [isoFromDate, 9e15],
    ];
    for (const [parse, value] of bad) assert.equal(parse(value, deps, 'whatsapp_official'), undefined, String(value));
    assert.equal(deps.warnings.length, bad.length);
    assert.deepEqual(deps.warnings[0], { provider: 'whatsapp_official', timestamp: '99999999999999999' });
  });
});
