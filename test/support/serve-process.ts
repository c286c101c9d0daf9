/**
 * The real `conversa serve` (or `conversa worker`) as a child process, for black-box tests that
 * start, kill (SIGKILL) and restart the service: `listening` resolves with its URL once it listens
 * (a worker's: with '' once it has started), `output()` is everything it printed, `exited` resolves
 * when it ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { poll } from './poll.js';

/**
 * The processes still running, killed with this one: a file the runner stops at its time limit
 * (SIGTERM) otherwise left a `conversa serve` behind, retrying its sends against a fake that was gone
 * and working on its database for the rest of the run.
 */
const running = new Set<ChildProcess>();
let reaperInstalled = false;

function killWithThisProcess(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (reaperInstalled) return;
  reaperInstalled = true;
  const killAll = () => running.forEach((c) => c.kill('SIGKILL'));
  process.once('exit', killAll);
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      killAll();
      process.exit(1);
    });
}

function startConversa(command: 'serve' | 'worker', env: Record<string, string>, ready: RegExp) {
  // The `conversa` command as an operator runs it: the compiled dist/ (npm test builds it first),
  // which starts in about half the time tsx's loader takes over src/.
  const child = spawn(process.execPath, ['bin/conversa.mjs', command], {
    // HOST and PUBLIC_URL unset: the service logs its 127.0.0.1 address, which startServe waits for.
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', PORT: '0', HOST: '', PUBLIC_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killWithThisProcess(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start:\n${output}`)), 60_000);
    child.stdout.on('data', () => {
      const match = ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ?? '');
      }
    });
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
  // A start abandoned by its test (killed before it listened) is not an unhandled rejection.
  listening.catch(() => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, listening, exited, output: () => output };
}

export type ConversaProcess = ReturnType<typeof startConversa>;

export function startServe(env: Record<string, string>): ConversaProcess {
  // The service's own line, logged after the start banner (so the banner is in `output()` by then).
  return startConversa('serve', env, /Conversa listening on (http:\/\/127\.0\.0\.1:\d+)/);
}

/** `conversa worker`: `listening` resolves (with '') once its worker has started. */
export function startWorkerProcess(env: Record<string, string>): ConversaProcess {
  return startConversa('worker', env, /Conversa worker started/);
}

/** One JSON call to a running service: its status and parsed body (tests that start real processes). */
export async function call(url: string, method: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any };
}

/** Polls `check` (every `everyMs` at first: ./poll.ts) until it holds; fails naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string, everyMs = 20): Promise<void> {
  const { met } = await poll(check, (held) => held, { timeoutMs, everyMs });
  if (!met) throw new Error(`timed out waiting for ${what}`);
}

/** The admin token of the services crash tests start. */
export const CRASH_TEST_ADMIN = 'crash-test-admin-token-0123456789';

/**
 * A crash test's `conversa serve` environment on a SQLite file of its own: a fresh folder for the
 * database and the files, the fakes on 127.0.0.1 allowed, the admin token; `extra` adds or
 * overrides variables. `remove()` deletes the folder.
 */
export function crashTestEnv(prefix: string, extra: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const env: Record<string, string> & { DATABASE_URL: string } = {
    DATABASE_URL: path.join(dir, 'conversa.db'),
    FILES_DIR: path.join(dir, 'files'),
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ADMIN_TOKEN: CRASH_TEST_ADMIN,
    ...extra,
  };
  return { dir, env, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
