/**
 * `conversa admin set-password` end to end, as an operator runs it (`conversa admin …`, the compiled
 * dist/, on a temporary SQLite file); the result is checked by signing in. SQLite only: the CLI shares the
 * service tested on both databases in passwords.test.ts.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createRuntime } from '../../src/runtime.js';

describe('conversa admin set-password (CLI)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-cli-password-'));
  const databaseUrl = path.join(dir, 'cli.db');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function conversa(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const env = { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
      const child = execFile(process.execPath, ['bin/conversa.mjs', 'admin', ...args], { env, timeout: 60_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
      child.stdin!.end(stdin);
    });
  }

  it(
    'sets a password read from standard input or --password, by e-mail or id; refuses short ones and unknown profiles',
    { timeout: 300_000 },
    async () => {
      // A service on the CLI's database file: it creates the profile and checks the passwords by signing in.
      const config = loadConfig({ DATABASE_URL: databaseUrl, NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
      const runtime = await createRuntime(config, { logger: pino({ level: 'silent' }), startWorker: false, backgroundCheckpoints: false });
      const signsIn = async (password: string) =>
        (await runtime.app.inject({ method: 'POST', url: '/auth/sign-in', payload: { email: 'ana@example.com', password } })).statusCode;
      try {
        const profile = await runtime.services.tenancy.createProfile({ name: 'Ana', email: 'ana@example.com' });

        // Independent commands side by side: each process costs seconds of start-up.
        const [short, unknown, help, piped] = await Promise.all([
          conversa(['set-password', 'ana@example.com'], 'short\n'),
          conversa(['set-password', 'nobody@example.com', '--password', 'long enough pass']),
          conversa(['set-password', '--help']),
          conversa(['set-password', 'ANA@example.com'], 'piped passphrase\nsecond line ignored\n'),
        ]);
        assert.equal(short.code, 1);
        assert.match(short.stderr, /VALIDATION_ERROR.*"field":"password"/);
        assert.equal(unknown.code, 1);
        assert.match(unknown.stderr, /PROFILE_NOT_FOUND/);
        assert.match(help.stdout, /Set a profile's console password/);
        assert.match(help.stdout, /--password <password>/);
        assert.equal(piped.code, 0, piped.stderr);
        assert.equal(JSON.parse(piped.stdout).hasPassword, true);
        assert.equal(await signsIn('piped passphrase'), 200, 'the first line of standard input is the password');

        const byId = await conversa(['set-password', profile.id, '--password', 'option passphrase']);
        assert.equal(byId.code, 0, byId.stderr);
        assert.equal(await signsIn('piped passphrase'), 401);
        assert.equal(await signsIn('option passphrase'), 200);
      } finally {
        await runtime.close();
      }
    },
  );
});
