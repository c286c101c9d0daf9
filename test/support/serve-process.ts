/**
 * The real `conversa serve` as a child process, for black-box tests that start, kill (SIGKILL) and
 * restart the service: `listening` resolves with its URL once it listens, `output()` is everything
 * it printed, `exited` resolves when it ends.
 */
import { spawn } from 'node:child_process';

export function startServe(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'info', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start:\n${output}`)), 30_000);
    child.stdout.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, listening, exited, output: () => output };
}
