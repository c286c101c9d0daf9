/**
 * Malformed multipart uploads are the client's fault: 400 VALIDATION_ERROR with the error envelope,
 * never a 500 with a logged stack (issue 26; docs/security.md "The HTTP edge").
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { startWithFiles } from './support.js';

const B = 'XyZboundary123';
const part = (headers: string, body = 'hello') => `--${B}\r\n${headers}\r\n\r\n${body}\r\n`;

/** [what, content-type, body] */
const MALFORMED: [string, string, string][] = [
  [
    'a truncated body (no closing boundary)',
    `multipart/form-data; boundary=${B}`,
    `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhel`,
  ],
  ['a body cut inside the part headers', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-da`],
  [
    'no boundary in the content type',
    'multipart/form-data',
    part('Content-Disposition: form-data; name="file"; filename="a.txt"') + `--${B}--\r\n`,
  ],
  ['an empty boundary', 'multipart/form-data; boundary=', `--\r\n\r\n`],
  ['a part without Content-Disposition', `multipart/form-data; boundary=${B}`, part('Content-Type: text/plain') + `--${B}--\r\n`],
  ['a bad Content-Disposition', `multipart/form-data; boundary=${B}`, part('Content-Disposition: attachment') + `--${B}--\r\n`],
  [
    'a Content-Disposition without a name',
    `multipart/form-data; boundary=${B}`,
    part('Content-Disposition: form-data; filename="a.txt"') + `--${B}--\r\n`,
  ],
  ['garbage instead of parts', `multipart/form-data; boundary=${B}`, 'this is not multipart at all'],
  ['an empty body', `multipart/form-data; boundary=${B}`, ''],
];

describeEachDatabase('files: malformed multipart', (env) => {
  it('answers 400 VALIDATION_ERROR with the envelope for each malformed body, and stores nothing', async () => {
    const svc = await startWithFiles(env);
    const org = await svc.seedOrganization();
    const wrong: string[] = [];
    for (const [what, contentType, body] of MALFORMED) {
      const response = await fetch(`${svc.url}/api/${org.organizationId}/files`, {
        method: 'POST',
        headers: { ...org.keyHeader, 'content-type': contentType },
        body,
      });
      const text = await response.text();
      const answer = JSON.parse(text);
      const ok = response.status === 400 && answer.success === false && answer.error.code === 'VALIDATION_ERROR';
      if (!ok) wrong.push(`${what}: ${response.status} ${text}`);
    }
    assert.deepEqual(wrong, []);
    assert.equal((await svc.db.selectFrom('files').select('id').execute()).length, 0);
    // The service still answers afterwards.
    const health = await fetch(`${svc.url}/api/${org.organizationId}/files/00000000-0000-7000-8000-000000000000`, {
      headers: org.keyHeader,
    });
    assert.equal(health.status, 404);
  });
});
