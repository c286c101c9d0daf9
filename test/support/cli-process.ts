/**
 * The `conversa` CLI as a child process, for tests that run it as a shell user does: a temporary
 * SQLite folder, the server's variables a user would not have set removed, stdout and stderr kept apart.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type CliResult = { code: number; stdout: string; stderr: string };

export function cliSandbox(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: path.join(dir, 'cli.db'), NODE_ENV: 'test', LOG_LEVEL: 'info' };
  for (const name of ['PUBLIC_URL', 'PORT', 'HOST', 'REDIS_URL']) delete baseEnv[name];
  const run = (command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> =>
    new Promise((resolve) => {
      execFile(command, args, { env: { ...baseEnv, ...env }, timeout: 100_000 }, (err, stdout, stderr) => {
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });
  return {
    dir,
    run,
    /** `node bin/conversa.mjs …`, what `npx conversa …` runs. */
    conversa: (args: string[], env?: NodeJS.ProcessEnv) => run(process.execPath, ['bin/conversa.mjs', ...args], env),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
