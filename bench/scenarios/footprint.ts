/**
 * The service as an operator runs it (issue 13 item 4): `node bin/conversa.mjs serve`, with the Node
 * flags of `npm start` (package.json), spawned as its own process on a fresh database, measured
 * from outside.
 * - start → ready: spawn to the first 200 of /readyz, on a fresh database (migrations) and again
 *   on the same database (a restart);
 * - resident memory (VmRSS from /proc) 2 s after ready, and its peak, sampled every 50 ms, during
 *   BENCH_SECONDS of sends to known recipients (50 connections, from the load generator process);
 * - the send's p50 and p99 under that load (target: p99 under 4× p50).
 * Linux only (/proc). SQLite by default; with BENCH_DATABASE_URL, PostgreSQL too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { load, type Scenario } from '../lib.js';
import { knownRecipient } from '../requests.js';

const ADMIN_TOKEN = 'bench-admin-token-0123456789';
const RECIPIENTS = 200;

function residentMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The Node flags `npm start` passes (`exec node <flags> bin/conversa.mjs serve`), so the figures are its. */
function startFlags(): string[] {
  const packageJson = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const flags = /node (.*?)\s*bin\/conversa\.mjs/.exec(packageJson.scripts.start)?.[1] ?? '';
  return flags.split(/\s+/).filter(Boolean);
}

async function start(databaseUrl: string, port: number): Promise<{ child: ChildProcess; readyMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags(), 'bin/conversa.mjs', 'serve'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), DATABASE_URL: databaseUrl, ADMIN_TOKEN },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, readyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** An enterprise organization with a sandbox channel and a key, through the admin API. */
async function seed(url: string): Promise<{ key: string; channelId: string }> {
  const admin = async (method: string, route: string, body: unknown) => {
    const response = await fetch(`${url}/admin/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: Record<string, string> }).data;
  };
  // Its own send limit out of the way: the load is the measure, not the plan's 1,000 a minute.
  const org = await admin('POST', '/organizations', { name: 'Footprint', plan: 'enterprise', sendLimitPerMinute: 1_000_000 });
  const profile = await admin('POST', '/profiles', { name: 'Bench', email: `bench-${org.id}@example.com` });
  await admin('POST', `/organizations/${org.id}/members`, { profileId: profile.id, role: 'owner' });
  const key = await admin('POST', `/profiles/${profile.id}/api-keys`, { name: 'bench', scopes: ['*'] });
  const channel = await admin('POST', `/organizations/${org.id}/channels`, {
    kind: 'whatsapp_zapi',
    name: 'bench',
    config: { sandbox: true },
  });
  // Known recipients: one send each before the measured load.
  for (let i = 0; i < RECIPIENTS; i++) {
    const response = await fetch(`${url}/v1/messages/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ channel_id: channel.id, to: knownRecipient(i), type: 'text', content: { text: 'warm-up' } }),
    });
    if (response.status !== 201) throw new Error(`warm-up send: ${response.status} ${await response.text()}`);
  }
  return { key: key.key!, channelId: channel.id! };
}

async function runOn(label: string, databaseUrl: string): Promise<void> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const first = await start(databaseUrl, port);
  await stop(first.child);
  const { child, readyMs } = await start(databaseUrl, port);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterStart = residentMb(child.pid!);
    const url = `http://127.0.0.1:${port}`;
    const { key, channelId } = await seed(url);
    let peak = residentMb(child.pid!);
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(child.pid!))), 50);
    const sends = await load('send, known recipient', {
      url,
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      requests: { factory: 'sendRequests', args: [channelId, RECIPIENTS] },
    });
    clearInterval(sampler);
    console.log(`\n## ${label}: the service as its own process (node ${startFlags().join(' ')} bin/conversa.mjs serve)`);
    console.log('| figure | value | target |');
    console.log('|---|---|---|');
    console.log(`| start → ready, fresh database (migrations) | ${first.readyMs.toFixed(0)} ms | |`);
    console.log(`| start → ready, restart | ${readyMs.toFixed(0)} ms | < 1,000 ms |`);
    console.log(`| resident memory 2 s after ready | ${afterStart.toFixed(0)} MB | < 120 MB |`);
    console.log(`| resident memory, peak under the send load | ${peak.toFixed(0)} MB | < 250 MB |`);
    console.log(
      `| send under load: req/s, p50 / p99 ms (p99/p50) | ${sends.requestsPerSecond}, ${sends.p50Ms} / ${sends.p99Ms} (${(sends.p99Ms / Math.max(sends.p50Ms, 1)).toFixed(1)}×) | p99 < 4× p50 |`,
    );
    if (sends.errors + sends.non2xx > 0) console.log(`| errors / non-2xx | ${sends.errors} / ${sends.non2xx} | 0 |`);
  } finally {
    await stop(child);
  }
}

export const footprintScenario: Scenario = {
  name: 'footprint',
  description: 'the service as its own process: start → ready, resident memory after start and at peak under sends, send p99/p50',
  async run() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-footprint-'));
    try {
      await runOn('sqlite', `sqlite:${path.join(dir, 'conversa.db')}`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const server = process.env.BENCH_DATABASE_URL?.trim();
    if (!server) return;
    const name = `conversa_bench_footprint_${process.pid}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(server);
      url.pathname = `/${name}`;
      await runOn('postgres', url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  },
};
