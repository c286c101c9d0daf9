// Compiles the test files, with the sources and packages they import, into ES modules under
// .test-build/ (esbuild, one build for all of them, shared code split into common chunks), so that
// each test file's process loads a few bundled files instead of about 1,500 modules through tsx.
//
// Why: the suite runs every file in its own process, and loading the service's sources through
// tsx's loader cost each process about 1.5 s of processor time before its first test (measured on
// the 2-core development machine: importing the test harness took 2.1 s of CPU through tsx, 0.6 s
// from a bundle); over 230 files that was about a third of the suite's processor time.
//
// What stays true to the sources:
// - `import.meta.url` in a bundled file still names the file it was written in (tests find their
//   fixtures beside them, the service finds console/dist from src/), replaced per file at load time.
// - Packages that read files beside their own code stay outside the bundle (the server build's
//   list, plus the test tools that do the same).
// - Stack traces name the bundle's lines; `TEST_SOURCE_MAPS=1 npm test` maps them back to the
//   sources (off by default: reading the maps cost each process another 0.3 s).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { COMMONJS_GLOBALS, EXTERNAL } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEST_BUILD = path.join(root, '.test-build');

/**
 * Loaded from node_modules as they are: the packages only the tests import (some read their own
 * files at run time: the OpenAPI validator its JSON schemas, playwright its browser protocol), the
 * build tools, and the CommonJS packages the service imports at run time whose named exports it
 * reads (`await import('ioredis')`, undici, the Kafka and NATS clients): split into a chunk of their own,
 * esbuild would keep only their default export, not the named `Redis`, `Kafka` or `connect` (dist/
 * is one file, where they keep them). The service's own packages are bundled, as dist/ bundles them.
 */
const TEST_EXTERNAL = [
  '@seriousme/openapi-schema-validator',
  'fast-check',
  'openapi-typescript',
  'playwright-core',
  'smtp-server',
  'tsx',
  'esbuild',
  'typescript',
  'ioredis',
  'undici',
  'kafkajs',
  '@nats-io/transport-node',
  '@nats-io/jetstream',
];

/**
 * Gives every source of the project (TypeScript, and the scripts' JavaScript) its own file's URL for
 * `import.meta.url`, as tsx would: a script that finds the project from it, or runs only when it is
 * the entry point, behaves as it does unbundled.
 */
const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.tsx': 'tsx', '.mjs': 'js', '.js': 'js' };
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: LOADERS[path.extname(args.path)] };
    });
  },
};

/**
 * Removes the folders `<prefix><pid>` in `parent` whose process has ended: a run removes its own
 * folders when it ends, one stopped early (Ctrl-C) leaves them. A folder that cannot be removed yet
 * (a straggling process still writes to it) is left to the next run.
 */
export function removeEndedRuns(parent, prefix) {
  let entries;
  try {
    entries = fs.readdirSync(parent);
  } catch {
    return;
  }
  for (const entry of entries) {
    const pid = entry.startsWith(prefix) ? Number(entry.slice(prefix.length)) : NaN;
    if (!Number.isInteger(pid) || pid <= 0 || isRunning(pid)) continue;
    try {
      fs.rmSync(path.join(parent, entry), { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Left to the next run.
    }
  }
}

/** Whether a process of this id is alive (a run's folders are named by their process). */
function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Builds `files` (paths relative to the project, e.g. test/chats/x.test.ts) into a folder of this
 * run's own (two runs in one checkout must not replace each other's bundles) and returns, in the
 * same order, the bundle each one became, and `remove()` for the folder.
 */
export async function buildTests(files) {
  const { build } = await import('esbuild');
  removeEndedRuns(TEST_BUILD, 'run-');
  const outdir = path.join(TEST_BUILD, `run-${process.pid}`);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: files,
    outdir,
    outbase: root,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: [...EXTERNAL, ...TEST_EXTERNAL],
    banner: { js: COMMONJS_GLOBALS },
    plugins: [keepModuleUrls],
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return {
    bundles: files.map((file) => path.join(outdir, file.replace(/\.tsx?$/, '.mjs'))),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}
