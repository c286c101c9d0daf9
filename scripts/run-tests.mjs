#!/usr/bin/env node
// Runs the whole suite with Node's test runner, on the test files compiled into bundles first
// (scripts/build-tests.mjs says why; a file can still be run alone with `node --import tsx --test`).
// Usage: npm test [-- <file or folder filter>...]
// With TEST_DATABASE_URL set, every database suite also runs on PostgreSQL; if that database
// cannot be reached the run fails at once, it does not skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ensureServerBuild } from './build-server.mjs';
import { buildTests, removeEndedRuns } from './build-tests.mjs';
import { assignProcesses, readDurations } from './test-groups.mjs';

function findTests(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findTests(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const filters = process.argv.slice(2);
const files = findTests('test')
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

/** A positive whole number from the environment, or the default; anything else stops the run. */
function countFromEnv(name, fallback) {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} must be a positive whole number, not ${JSON.stringify(text)}`);
    process.exit(1);
  }
  return value;
}
const groupSize = countFromEnv('TEST_GROUP_SIZE', 16);
const concurrency = countFromEnv('TEST_CONCURRENCY', 4);
const perFileMs = countFromEnv('TEST_TIMEOUT_MS', 300_000);
// Never fewer processes than run at once: `npm test -- test/customers` (eleven files) still uses them all.
const processCount = Math.max(Math.ceil(files.length / groupSize), Math.min(files.length, concurrency));
// Each file's process, from each file's time as last recorded (scripts/test-groups.mjs says how).
const DURATIONS = 'test/durations.json';
const fileProcess = assignProcesses(files, readDurations(DURATIONS), processCount, concurrency);
const filesIn = new Array(processCount).fill(0);
for (const p of fileProcess) filesIn[p] += 1;
const filesPerProcess = Math.max(...filesIn);

const url = process.env.TEST_DATABASE_URL?.trim();
if (url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
    console.log(`PostgreSQL suites: ${url.replace(/:[^:@/]*@/, ':***@')}`);
  } catch (err) {
    console.error(`TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${err.message}`);
    process.exit(1);
  }
} else {
  console.log('PostgreSQL suites skipped: TEST_DATABASE_URL is not set (SQLite only)');
}

// With TEST_REDIS_URL set (CI sets it), Redis is required as PostgreSQL is: unreachable fails at once.
const redisUrl = process.env.TEST_REDIS_URL?.trim();
if (redisUrl) {
  const { hostname, port } = new URL(redisUrl);
  const reachable = await new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(5000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
  if (!reachable) {
    console.error(`TEST_REDIS_URL is set but Redis cannot be reached at ${redisUrl.replace(/:[^:@/]*@/, ':***@')}`);
    process.exit(1);
  }
  console.log('Redis suites: TEST_REDIS_URL is set');
} else {
  console.log('Redis suites: TEST_REDIS_URL is not set (the Redis test runs only if a local Redis answers)');
}

// Tests that start the service as an operator does (`node bin/conversa.mjs`) run dist/: build it
// once here if src/ changed, rather than in several test processes at once.
await ensureServerBuild();
const compileStarted = Date.now();
const { bundles, remove: removeBundles } = await buildTests(files);

/**
 * The bundles, up to `groupSize` to a process (TEST_GROUP_SIZE, 16 by default; 1 for a process per
 * file): each group is an entry file importing its members. Why groups: every process compiles the
 * service's code and runs it cold before its JIT warms (Fastify's start, Ajv's compiles); measured
 * on the 2-core machine, the whole suite on both databases took 375 s with a process per file and
 * 290 s four to a process; on another machine of the kind, 387-391 s four to a process and 330 s
 * sixteen to a process (docs/testing.md).
 *
 * Files are shared out by their recorded times (`assignProcesses`), so that the processes take
 * about as long as each other: with consecutive files, the browser tests or the real-process crash
 * tests filled a process or two that ran on alone at the end. Files stay
 * independent: their suites run one after another, each with its own services and databases (a
 * PostgreSQL database one file emptied may serve the next: test/support/databases.ts).
 */
function groupFiles(all) {
  if (processCount >= all.length) return all;
  const groups = Array.from({ length: processCount }, (_, g) => all.filter((_, i) => fileProcess[i] === g));
  // One folder for all entries, named so that their order is the run's: node --test sorts its files
  // by path, which put group-10 before group-2 and the entries of different folders apart.
  const dir = commonFolder(all);
  const digits = String(groups.length - 1).length;
  return groups.map((members, n) => {
    const entry = path.join(dir, `group-${String(n).padStart(digits, '0')}.test.mjs`);
    fs.writeFileSync(entry, members.map((m) => `import ${JSON.stringify(`./${path.relative(dir, m)}`)};\n`).join(''));
    return entry;
  });
}

function commonFolder(paths) {
  let dir = path.dirname(paths[0]);
  while (!paths.every((p) => p.startsWith(dir + path.sep))) dir = path.dirname(dir);
  return dir;
}
console.log(`# compiled ${files.length} test files in ${((Date.now() - compileStarted) / 1000).toFixed(1)} s`);

// Each file may take TEST_TIMEOUT_MS (5 min by default): a hung test fails rather than stalling CI,
// while a slow file on a loaded machine (load average 15 and more seen in CI, where files of 30 s
// took over 120 s) does not. The runner times each process as one test, so a process gets that
// limit once per file it holds (the largest group's count): with one file's limit for a group, the
// campaign crash test's two halves (231 s and 60 s on a busy 2-core machine) timed out together.
// By default that is capped at 30 minutes: CI has 90 for everything, so a hung test must fail well
// within them (a process of sixteen files took about 80 s here, and about 200 s on the slowest
// machine measured). A TEST_TIMEOUT_MS above 30 minutes is used as it is.
const timeoutMs = Math.max(perFileMs, Math.min(perFileMs * filesPerProcess, 30 * 60_000));
const entries = groupFiles(bundles);
const args = [
  ...(process.env.TEST_SOURCE_MAPS === '1' ? ['--enable-source-maps'] : []),
  // node:test's resource hook at a fraction of its cost, in every test process (the file says how).
  `--import=${pathToFileURL(path.resolve('scripts/test-resource-hook.mjs')).href}`,
  '--test',
  `--test-concurrency=${concurrency}`,
  `--test-timeout=${timeoutMs}`,
  // The default report (TAP) as before, then each file's time and the slowest files.
  '--test-reporter=tap',
  '--test-reporter-destination=stdout',
  `--test-reporter=${path.resolve('scripts/test-durations.mjs')}`,
  '--test-reporter-destination=stdout',
  ...entries,
];
/**
 * The run's temporary files (SQLite databases, uploaded files, Chromium's profiles, the crash tests'
 * files) go in a folder of the run's own, removed when it ends: a test that leaves its folder behind
 * no longer leaves it in /tmp for good (208 such folders after a few runs, 2026-11-29). The folder is
 * on /dev/shm when that memory file system has room: SQLite's checkpoints on close and the copies of
 * the migrated template then cost no disk writes (a test's database opened, written and closed took
 * 1.0 ms there against 5.0 ms on the disk). TMPDIR, when set, is the folder's parent instead.
 */
const RUN_FOLDER_PREFIX = 'conversa-test-run-';
function runTempDir() {
  const SHM = '/dev/shm';
  const MIN_FREE_BYTES = 2 * 1024 ** 3;
  const chosen = process.env.TMPDIR?.trim();
  let parent = chosen || os.tmpdir();
  if (!chosen) {
    try {
      const { bavail, bsize } = fs.statfsSync(SHM);
      fs.accessSync(SHM, fs.constants.W_OK);
      if (bavail * bsize >= MIN_FREE_BYTES) parent = SHM;
    } catch {
      // No /dev/shm (or none writable): the system's temporary folder.
    }
  }
  fs.mkdirSync(parent, { recursive: true });
  // A run stopped before its end (Ctrl-C) left its folder, in either place: removed once its process is gone.
  for (const folder of new Set([parent, SHM, os.tmpdir()])) removeEndedRuns(folder, RUN_FOLDER_PREFIX);
  const dir = path.join(parent, `${RUN_FOLDER_PREFIX}${process.pid}`);
  fs.mkdirSync(dir);
  return dir;
}

/** Removes a folder; one a straggling process still writes to is left to the next run's sweep. */
function removeFolder(dir) {
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch (err) {
    console.log(`# could not remove ${dir}: ${err.message}`);
  }
}
const tempDir = runTempDir();
const started = Date.now();
const measured = path.join(tempDir, 'durations.json');
const result = spawnSync(process.execPath, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    TMPDIR: tempDir,
    TEST_SUITE_FILES: path.join(tempDir, 'suite-files.tsv'),
    TEST_DURATIONS_OUT: measured,
  },
});
removeBundles();
recordDurations();
removeFolder(tempDir);
console.log(
  `# npm test: ${files.length} files (${entries.length} processes) in ${((Date.now() - started) / 1000).toFixed(1)} s of wall-clock time`,
);
process.exit(result.status ?? 1);

/**
 * With TEST_RECORD_DURATIONS=1, a whole run that passed writes each file's time (whole seconds and
 * tenths) to test/durations.json, the record the next runs share the files out by. Written on
 * request, not after every run: the times of one machine differ from run to run by a tenth or more.
 */
function recordDurations() {
  if (process.env.TEST_RECORD_DURATIONS !== '1') return;
  // As CI runs it: with PostgreSQL and Redis, and CI set so that no suite skips for a missing server
  // (a skipped half would be recorded as taking no time, and the next runs balanced on it).
  const likeCi = Boolean(url && redisUrl && process.env.CI);
  if (filters.length > 0 || result.status !== 0 || !likeCi) {
    console.log(
      `# ${DURATIONS} not written: only a whole run that passed, with TEST_DATABASE_URL, TEST_REDIS_URL and CI set, records the files' times`,
    );
    return;
  }
  const times = readDurations(measured);
  const record = Object.fromEntries(files.filter((file) => file in times).map((file) => [file, Math.round(times[file] * 10) / 10]));
  fs.writeFileSync(DURATIONS, `${JSON.stringify(record, null, 2)}\n`); // as Prettier writes it
  console.log(`# ${DURATIONS}: the times of ${Object.keys(record).length} of ${files.length} files recorded`);
}
