// Compiles the service (src/**/*.ts) to plain JavaScript in dist/, one file per module, with
// esbuild (already installed with tsx; a whole build takes a fraction of a second). `npm start`
// and the `conversa` command run dist/ rather than loading TypeScript through tsx at run time:
// tsx's loader cost about a second of start-up and tens of megabytes of resident memory.
//
// `ensureServerBuild()` rebuilds only when a source file is newer than the last build, so a
// developer who edits src/ and runs `npm start` always runs what they wrote. The build is written
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

function sources() {
  return fs
    .readdirSync(SOURCE, { recursive: true })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(SOURCE, file));
}

function isFresh(files) {
  let built;
  try {
    built = fs.statSync(STAMP).mtimeMs;
  } catch {
    return false;
  }
  return files.every((file) => fs.statSync(file).mtimeMs <= built);
}

export async function buildServer(files = sources()) {
  const { build } = await import('esbuild');
  const staging = `${OUT}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await build({
    entryPoints: files,
    outdir: staging,
    outbase: SOURCE,
    format: 'esm',
    platform: 'node',
    target: 'node20',
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
  if (!isFresh(files)) await buildServer(files);
  return path.join(OUT, 'main.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.error(`conversa: built dist/ in ${Math.round(performance.now() - started)} ms`);
}
