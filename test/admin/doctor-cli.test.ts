/**
 * `conversa doctor` as a process: exit 0 on a healthy setup, 1 with what to fix on a broken one,
 * `--json` printing JSON alone. (SQLite; the checks themselves run on both databases in doctor.test.ts.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { cliSandbox } from '../support/cli-process.js';

const cli = cliSandbox('conversa-doctor-');
const { dir, conversa } = cli;

describe('conversa doctor (process)', () => {
  after(cli.remove);

  it('exits 0 on a healthy setup and 1 with what to fix on a broken one (--json: JSON alone)', async () => {
    // PUBLIC_URL answered by a stand-in for the service's /healthz.
    const service = http.createServer((req, res) => {
      res.writeHead(req.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    try {
      const publicUrl = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
      assert.equal((await conversa(['migrate'])).code, 0);
      const [healthy, text, broken, badConfig] = await Promise.all([
        conversa(['doctor', '--json'], { PUBLIC_URL: publicUrl }),
        conversa(['doctor'], { PUBLIC_URL: publicUrl }),
        conversa(['doctor', '--json'], { DATABASE_URL: path.join(dir, 'missing.db'), PUBLIC_URL: 'http://127.0.0.1:9' }),
        conversa(['doctor'], { PORT: 'eighty' }),
      ]);
      assert.equal(healthy.code, 0, healthy.stdout + healthy.stderr);
      const report = JSON.parse(healthy.stdout);
      assert.equal(report.ok, true);
      assert.deepEqual(
        report.checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`),
        ['database:ok', 'migrations:ok', 'redis:skipped', 'public_url:ok', 'channels:ok'],
      );
      assert.equal(text.code, 0);
      assert.match(text.stdout, /^ok +database/m);

      assert.equal(broken.code, 1);
      const failed = JSON.parse(broken.stdout).checks.filter((c: { status: string }) => c.status === 'fail');
      assert.deepEqual(
        failed.map((c: { name: string }) => c.name),
        ['database', 'public_url'],
      );
      for (const check of failed) assert.ok(check.fix, `${check.name} says what to fix`);
      assert.equal(fs.existsSync(path.join(dir, 'missing.db')), false, 'the doctor creates nothing');
      assert.equal(badConfig.code, 1);
      assert.match(badConfig.stdout, /FAIL {2}config +PORT: must be a whole number/);
    } finally {
      service.close();
    }
  });
});
