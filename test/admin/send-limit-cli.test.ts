/**
 * `conversa admin set-send-limit` as an operator runs it, on a temporary SQLite file: sets an
 * organization's own send limit, `plan` clears it, a value the admin API would refuse is refused.
 * (SQLite only: the limit's effect on sends is tested on both databases in test/messages/send-limit-override.test.ts.)
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-cli-limit-'));
const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: path.join(dir, 'cli.db'), NODE_ENV: 'test', LOG_LEVEL: 'silent' };

function conversa(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/conversa.mjs', 'admin', ...args], { env, timeout: 90_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('conversa admin set-send-limit (CLI)', () => {
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sets and clears an organization’s own send limit; refuses what the API refuses', { timeout: 400_000 }, async () => {
    const org = JSON.parse((await conversa('create-org', 'Contract', '--plan', 'starter')).stdout);
    assert.equal(org.sendLimitPerMinute, null);
    const set = await conversa('set-send-limit', org.id, '5000');
    assert.equal(set.code, 0, set.stderr);
    assert.equal(JSON.parse(set.stdout).sendLimitPerMinute, 5000);
    const [cleared, refused] = await Promise.all([conversa('set-send-limit', org.id, 'plan'), conversa('set-send-limit', org.id, 'lots')]);
    assert.equal(cleared.code, 0, cleared.stderr);
    assert.equal(JSON.parse(cleared.stdout).sendLimitPerMinute, null);
    assert.equal(JSON.parse(cleared.stdout).plan, 'starter');
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /VALIDATION_ERROR.*sendLimitPerMinute/);
  });
});
