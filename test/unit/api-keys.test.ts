import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertValidCidr, generateApiKey, hashApiKey, hasScope, ipAllowed } from '../../src/access/api-keys.js';

describe('API key rules', () => {
  it('generates keys shown once, stored as a SHA-256 hash with a visible prefix', () => {
    const { key, prefix, hash } = generateApiKey();
    assert.match(key, /^cnv_[A-Za-z0-9_-]{40}$/);
    assert.equal(prefix, key.slice(0, 12));
    assert.equal(hash, hashApiKey(key));
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.notEqual(generateApiKey().key, key);
  });

  it('grants a scope explicitly or through *', () => {
    assert.ok(hasScope(['*'], 'messages:write'));
    assert.ok(hasScope(['tags:read', 'messages:write'], 'messages:write'));
    assert.ok(!hasScope(['tags:read'], 'tags:write'));
  });

  it('matches IPv4, IPv6 and IPv4-mapped addresses against CIDRs', () => {
    assert.ok(ipAllowed('10.1.2.3', []), 'an empty list allows all');
    assert.ok(ipAllowed('10.1.2.3', ['10.0.0.0/8']));
    assert.ok(ipAllowed('::ffff:10.1.2.3', ['10.0.0.0/8']));
    assert.ok(ipAllowed('10.1.2.3', ['::ffff:10.0.0.0/104']));
    assert.ok(!ipAllowed('11.1.2.3', ['10.0.0.0/8']));
    assert.ok(ipAllowed('2001:db8::1', ['2001:db8::/32']));
    assert.ok(!ipAllowed('2001:db9::1', ['2001:db8::/32']));
    assert.ok(ipAllowed('127.0.0.1', ['127.0.0.1']));
    assert.ok(!ipAllowed('not-an-ip', ['0.0.0.0/0']));
  });

  it('reads a single-address entry as that address only, never as /0', () => {
    assert.ok(ipAllowed('203.0.113.7', ['203.0.113.7']));
    assert.ok(!ipAllowed('203.0.113.8', ['203.0.113.7']));
    assert.ok(!ipAllowed('10.0.0.1', ['203.0.113.7']));
    assert.ok(ipAllowed('::ffff:203.0.113.7', ['203.0.113.7']));
    assert.ok(!ipAllowed('::ffff:203.0.113.8', ['203.0.113.7']));
    assert.ok(ipAllowed('2001:db8::1', ['2001:db8::1']));
    assert.ok(!ipAllowed('2001:db8::2', ['2001:db8::1']));
  });

  it('skips a malformed allow-list entry, and never matches across IPv4 and IPv6', () => {
    assert.ok(!ipAllowed('10.0.0.1', ['garbage']));
    assert.ok(!ipAllowed('10.0.0.1', ['10.0.0.0/99']));
    assert.ok(ipAllowed('10.0.0.1', ['garbage', '10.0.0.0/8']), 'the next entry still counts');
    assert.ok(!ipAllowed('2001:db8::1', ['0.0.0.0/0']));
    assert.ok(!ipAllowed('10.0.0.1', ['::/0']));
  });

  it('validates allow-list entries as an address or a CIDR', () => {
    assert.doesNotThrow(() => assertValidCidr('10.0.0.0/8'));
    assert.doesNotThrow(() => assertValidCidr('203.0.113.7'));
    assert.doesNotThrow(() => assertValidCidr('2001:db8::/32'));
    for (const bad of ['10.0.0.0/33', '10.0.0.256', 'garbage', '10.0.0.1/']) assert.throws(() => assertValidCidr(bad), bad);
  });
});
