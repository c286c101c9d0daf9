// Compiles the service (src/**/*.ts) with the packages it imports into one JavaScript file,
// dist/main.cjs, with esbuild (already installed with tsx; a build takes about a second). `npm start`
// and the `conversa` command run it rather than loading TypeScript through tsx at run time (tsx's
// loader cost about a second of start-up and tens of megabytes of resident memory).
//
// Why one bundle: loading about 1,500 modules (resolving each path, reading, compiling each file
// apart) was most of the start-up: measured, start → ready went from 1.6-1.8 s with one file per
// module to 0.7-1.2 s on the same machine. Packages that find their own files next to their code
// (`__dirname`) stay outside the bundle, loaded from node_modules as before (EXTERNAL).
//
// Why CommonJS: a CommonJS script can be compiled with V8's code cache (scripts/load-server.mjs),
// an ES module cannot on Node 20. Compiling the 10.7 MB bundle was 150 of the 390 ms of a `conversa`
// command's start; with the cache, `conversa --help` takes 0.22 s instead of 0.39. `import.meta.url`
// (the console's folder is found from it) becomes the bundle's own file URL.
//
// `ensureServerBuild()` rebuilds only when a source file, package.json or the installed packages
// (npm's node_modules/.package-lock.json) are newer than the last build, so a developer who edits
// src/ or updates a package and runs `npm start` always runs what they have. The build is written
// to a temporary folder and moved into place, so two processes starting at once never load a
// half-written dist/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(root, 'src');
const OUT = path.join(root, 'dist');
/** Written last: its time is the build's, and its presence says the build finished. */
const STAMP = path.join(OUT, '.built');

/**
 * Left to Node's loader: a native addon and its optional peer; packages that read files beside
 * their own code (Swagger UI's and the console's static files, @fastify/swagger's package.json,
 * pino's transport worker threads).
 */
export const EXTERNAL = [
  'better-sqlite3',
  'pg-native',
  '@fastify/static',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  'thread-stream',
];

// CommonJS packages inside an ES module bundle still call require() and read __dirname.
export const COMMONJS_GLOBALS = [
  "import { createRequire as __conversaRequire } from 'node:module';",
  "import { fileURLToPath as __conversaPath } from 'node:url';",
  "import { dirname as __conversaDirname } from 'node:path';",
  'const require = __conversaRequire(import.meta.url);',
  'const __filename = __conversaPath(import.meta.url);',
  'const __dirname = __conversaDirname(__filename);',
].join(' ');

/** What the build of the project at `base` is made of: a change to any of these makes it stale. */
export function sources(base = root) {
  // This script (the build's settings), package.json, and npm's record of the installed packages.
  // (yarn and pnpm keep no such file: after updating packages with them, run `npm run build:server`.)
  const installed = [
    fileURLToPath(import.meta.url),
    path.join(base, 'package.json'),
    path.join(base, 'node_modules', '.package-lock.json'),
  ].filter((file) => fs.existsSync(file));
  const source = path.join(base, 'src');
  return fs
    .readdirSync(source, { recursive: true })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(source, file))
    .concat(installed);
}

/** Whether the build stamped by `stamp` is newer than every one of `files` (false when never built). */
export function isFresh(files, stamp = STAMP) {
  let built;
  try {
    built = fs.statSync(stamp).mtimeMs;
  } catch {
    return false;
  }
  return files.every((file) => fs.statSync(file).mtimeMs <= built);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const staging = `${OUT}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(SOURCE, 'main.ts')],
    bundle: true,
    external: EXTERNAL,
    outfile: path.join(staging, 'main.cjs'),
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    // "use strict" first: esbuild puts its own after the banner, where it is no longer a directive,
    // and the service counts on strict mode (a frozen shared answer must throw when written to).
    banner: { js: `"use strict";\nvar __conversaModuleUrl = require('node:url').pathToFileURL(__filename).href;` },
    define: { 'import.meta.url': '__conversaModuleUrl' },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(staging, '.built'), new Date().toISOString());
  const retired = `${OUT}.old-${process.pid}`;
  try {
    if (fs.existsSync(OUT)) fs.renameSync(OUT, retired);
    fs.renameSync(staging, OUT);
  } catch {
    // Another process moved its own fresh build into place at the same moment: use that one.
    fs.rmSync(staging, { recursive: true, force: true });
  }
  fs.rmSync(retired, { recursive: true, force: true });
}

/** The compiled entry point, built first if src/ changed since the last build. */
export async function ensureServerBuild() {
  const files = sources();
  if (!isFresh(files)) await buildServer();
  return path.join(OUT, 'main.cjs');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.error(`conversa: built dist/ in ${Math.round(performance.now() - started)} ms`);
}
