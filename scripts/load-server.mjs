// Runs the compiled service (dist/main.cjs, scripts/build-server.mjs) from V8's code cache when one
// is there, and leaves one behind when it is not.
//
// Why: the bundle is 10.7 MB, and compiling it was 150 of the 390 ms every `conversa` command took
// to start (a CPU profile of `conversa --help`); the suite starts about a hundred of them (`serve`
// in the crash tests, the admin CLI). From the cache, `conversa --help` takes 0.22 s instead of
// 0.39 s. Node 20 has no cache for ES modules (`module.enableCompileCache` came in Node 22), hence
// a CommonJS bundle compiled here with `vm.Script`.
//
// The cache is written beside the bundle when the process ends, so it holds the functions the
// command compiled while it ran, under a name made of the bundle's size and time and of the flags
// Node was started with: V8 refuses a cache made under other flags (`--max-semi-space-size`, as
// `npm start` passes), and it checks a cache against its script only by length, so a cache must
// never outlive its build (a rebuild replaces dist/ with everything in it). A cache that cannot be
// written (a read-only install) is only a slower start.
//
// With source maps on (`node --enable-source-maps`), the bundle is loaded by Node's own `require`
// instead: scripts compiled through `vm` get no source maps.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';

/**
 * Runs the CommonJS `file`; answers how its code cache served: 'used', 'written' (none, or one V8
 * refused: one is written when the process ends) or 'off' (source maps on).
 */
export function loadServer(file) {
  const require = createRequire(file);
  if (sourceMapsEnabled()) {
    require(file);
    return 'off';
  }
  const { source, size, mtimeMs } = readOnce(file);
  const key = crypto
    .createHash('sha256')
    .update(`${size} ${mtimeMs} ${process.version} ${nodeFlags().join(' ')}`)
    .digest('hex')
    .slice(0, 16);
  const cacheFile = `${file}.${key}.cache`;
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // No cache yet for this build and these flags.
  }
  // The wrapper Node gives a CommonJS file, so the bundle sees the same five names.
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, {
    filename: file,
    cachedData,
    // An `import()` in the bundle (none today: esbuild turns the bundled ones into `require`) would
    // load as it does in a file Node loaded itself.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const used = cachedData !== undefined && !script.cachedDataRejected;
  if (!used) process.once('exit', () => writeCache(script, cacheFile));
  const module = { exports: {} };
  script.runInThisContext().call(module.exports, module.exports, require, module, file, path.dirname(file));
  return used ? 'used' : 'written';
}

/** Whether Node maps stack traces through source maps (`process.sourceMapsEnabled` is Node 20.7's). */
function sourceMapsEnabled() {
  if (typeof process.sourceMapsEnabled === 'boolean') return process.sourceMapsEnabled;
  return nodeFlags().some((flag) => flag.includes('--enable-source-maps'));
}

/** The flags Node was started with, on its command line and in NODE_OPTIONS. */
function nodeFlags() {
  return [...process.execArgv, process.env.NODE_OPTIONS ?? ''];
}

/** The file's text with its size and time, all read through one descriptor (a rebuild may replace it meanwhile). */
function readOnce(file) {
  const fd = fs.openSync(file, 'r');
  try {
    const { size, mtimeMs } = fs.fstatSync(fd);
    return { source: fs.readFileSync(fd, 'utf8'), size, mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

function writeCache(script, cacheFile) {
  const staging = `${cacheFile}.${process.pid}`;
  try {
    fs.writeFileSync(staging, script.createCachedData());
    fs.renameSync(staging, cacheFile);
  } catch {
    fs.rmSync(staging, { force: true });
  }
}
