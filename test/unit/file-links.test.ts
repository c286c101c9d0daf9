/**
 * Signed file links (files/file-links.ts), pure: the link's shape and HMAC, and `verify` refusing
 * each malformed part, a wrong key or file, and a link once its time has passed (accepted up to it).
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import { FileLinks } from '../../src/modules/files/file-links.js';
import { ServerSecret } from '../../src/lib/server-secret.js';

const SECRET = 'test-signing-secret';
const links = (secret = SECRET, ttlSeconds = 600) =>
  new FileLinks({ publicUrl: 'https://conversa.example', ttlSeconds, secret: new ServerSecret({ secret, dir: '/nonexistent' }) });
const T0 = new Date('2026-03-02T12:00:00.750Z');
const T0_S = Math.floor(T0.getTime() / 1000);

function parts(link: string): { path: string; expires: string; signature: string } {
  const url = new URL(link);
  return { path: `${url.origin}${url.pathname}`, expires: url.searchParams.get('expires')!, signature: url.searchParams.get('signature')! };
}

describe('signed file links', () => {
  it('signs <fileId>.<expires> with HMAC-SHA256 of the secret, expiring ttl seconds after now (whole seconds)', () => {
    const link = links().sign('file_1', T0);
    const { path, expires, signature } = parts(link);
    assert.equal(path, 'https://conversa.example/files/file_1/content');
    assert.equal(expires, String(T0_S + 600));
    assert.equal(
      signature,
      createHmac('sha256', SECRET)
        .update(`file_1.${T0_S + 600}`)
        .digest('hex'),
    );
    assert.equal(link, `https://conversa.example/files/file_1/content?expires=${T0_S + 600}&signature=${signature}`);
  });

  it('accepts its own link up to the expiry instant and refuses it once that has passed', () => {
    const { expires, signature } = parts(links().sign('file_1', T0));
    const expiry = Number(expires) * 1000;
    assert.equal(links().verify('file_1', expires, signature, T0), true);
    assert.equal(links().verify('file_1', expires, signature, new Date(expiry - 1)), true, 'just before');
    assert.equal(links().verify('file_1', expires, signature, new Date(expiry)), true, 'at the expiry instant');
    assert.equal(links().verify('file_1', expires, signature, new Date(expiry + 1)), false, 'a millisecond after');
    assert.equal(links().verify('file_1', expires, signature, new Date(expiry + 86_400_000)), false, 'a day after');
  });

  it('refuses another file, another key, a changed expiry, and a missing or malformed part', () => {
    const { expires, signature } = parts(links().sign('file_1', T0));
    const v = (fileId: string, e: string | undefined, s: string | undefined) => links().verify(fileId, e, s, T0);
    assert.equal(v('file_2', expires, signature), false, 'another file');
    assert.equal(links('another-secret').verify('file_1', expires, signature, T0), false, 'another key');
    assert.equal(v('file_1', String(Number(expires) + 1), signature), false, 'a later expiry');
    assert.equal(v('file_1', undefined, signature), false);
    assert.equal(v('file_1', '', signature), false);
    assert.equal(v('file_1', expires, undefined), false);
    assert.equal(v('file_1', expires, ''), false);
    assert.equal(v('file_1', `${expires}x`, signature), false, 'not only digits');
    assert.equal(v('file_1', ` ${expires}`, signature), false, 'not only digits, at the start');
    assert.equal(v('file_1', '1234567890123', signature), false, 'more than 12 digits');
    assert.equal(v('file_1', expires, signature.toUpperCase()), false, 'upper-case hex');
    assert.equal(v('file_1', expires, `${signature}00`), false, 'too long');
    assert.equal(v('file_1', expires, signature.slice(2)), false, 'too short');
    assert.equal(v('file_1', expires, `z${signature.slice(1)}`), false, 'not hex');
    assert.equal(v('file_1', expires, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`), false, 'one digit changed');
  });

  it('a 12-digit expiry is read (and is far in the future)', () => {
    const expires = '999999999999';
    const signature = createHmac('sha256', SECRET).update(`file_1.${expires}`).digest('hex');
    assert.equal(links().verify('file_1', expires, signature, T0), true);
  });

  it('refuses an expiry of more than 12 digits or with a tail, even when its signature is right', () => {
    const signed = (expires: string) => createHmac('sha256', SECRET).update(`file_1.${expires}`).digest('hex');
    assert.equal(links().verify('file_1', '1234567890123', signed('1234567890123'), T0), false, '13 digits');
    // `Number('99999999999x')` is NaN, which is never "past": only the pattern refuses it.
    assert.equal(links().verify('file_1', '99999999999x', signed('NaN'), T0), false, 'a tail');
  });
});
