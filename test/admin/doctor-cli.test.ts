/**
 * `conversa doctor` as a process: exit 0 on a healthy setup, 1 with what to fix on a broken one,
 * `--json` printing JSON alone. (SQLite; the checks themselves run on both databases in doctor.test.ts.)
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-cli-'));
const baseEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: path.join(dir, 'cli.db'), NODE_ENV: 'test', LOG_LEVEL: 'info' };
for (const name of ['PUBLIC_URL', 'PORT', 'HOST', 'REDIS_URL']) delete baseEnv[name];

type Result = { code: number; stdout: string; stderr: string };

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(command, args, { env: { ...baseEnv, ...env }, timeout: 100_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}
const conversa = (args: string[], env?: NodeJS.ProcessEnv) => run(process.execPath, ['bin/conversa.mjs', ...args], env);

describe('conversa doctor (process)', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

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
