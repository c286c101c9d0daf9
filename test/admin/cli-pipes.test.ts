/**
 * The CLI as a shell user pipes it: `npm run -s conversa -- admin list-orgs | jq .` (stdout is JSON
 * alone, logs on stderr), and URLs built from the configured PORT/PUBLIC_URL. (SQLite only: the CLI
 * shares the services tested on both databases.)
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
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

describe('conversa CLI in a pipe', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('`npm run -s conversa -- admin list-orgs` prints JSON alone on stdout; URLs follow PORT and PUBLIC_URL', async () => {
    const created = await conversa(['admin', 'create-org', 'Acme']);
    assert.equal(created.code, 0, created.stderr);
    const org = JSON.parse(created.stdout);
    // Independent commands side by side: each process costs seconds of start-up.
    const [listed, migrated, onPort, onPublic] = await Promise.all([
      run('npm', ['run', '-s', 'conversa', '--', 'admin', 'list-orgs']),
      conversa(['migrate']),
      conversa(['admin', 'create-channel', org.id, 'whatsapp_official', 'Main', '--sandbox'], { PORT: '4567' }),
      conversa(['admin', 'create-channel', org.id, 'whatsapp_official', 'Other', '--sandbox'], {
        PUBLIC_URL: 'https://conversa.example.com/',
      }),
    ]);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      JSON.parse(listed.stdout).map((o: { id: string }) => o.id),
      [org.id],
    );
    assert.deepEqual(JSON.parse(migrated.stdout), { applied: [] });
    assert.match(JSON.parse(onPort.stdout).webhookUrl, /^http:\/\/127\.0\.0\.1:4567\/channels\/[0-9a-f-]{36}\/webhook$/);
    assert.match(JSON.parse(onPublic.stdout).webhookUrl, /^https:\/\/conversa\.example\.com\/channels\//);
  });
});
