/**
 * The layout's rules (docs/architecture.md), checked on every run so a change that breaks one fails
 * here rather than in review: no import cycles between files, none between feature modules, a module
 * reached by others only through its index.ts, no arrow from a lower layer to a higher one, no
 * source file over 400 lines.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const SRC = path.resolve('src');
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative imports of a file (type-only imports included: they still couple the modules), as src-relative paths. */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
  return specifiers.map((spec) => path.relative(SRC, path.resolve(path.dirname(file), spec!.replace(/\.js$/, '.ts'))));
}

const files = sourceFiles(SRC).map((file) => path.relative(SRC, file));
const graph = new Map(files.map((file) => [file, importsOf(path.join(SRC, file)).filter((target) => files.includes(target))]));

/** Which layer a file is in, and which layers it may import (besides its own and the shared leaves). */
const LEAVES = ['config.ts', 'errors.ts', 'lib/'];
const RULES: { layer: string; mayImport: string[] }[] = [
  { layer: 'lib/', mayImport: [] },
  { layer: 'db/', mayImport: [] },
  { layer: 'channels/', mayImport: [] },
  { layer: 'jobs/', mayImport: ['db/'] },
  { layer: 'access/', mayImport: ['db/'] },
  { layer: 'event-log/', mayImport: ['db/', 'channels/'] },
  { layer: 'http/', mayImport: ['db/', 'jobs/', 'access/'] },
  { layer: 'deps.ts', mayImport: ['db/', 'jobs/', 'access/', 'channels/', 'event-log/'] },
  // Feature modules sit under the composition root: they never reach up to runtime, app, CLI or main.
  { layer: 'modules/', mayImport: ['db/', 'jobs/', 'access/', 'http/', 'channels/', 'event-log/', 'deps.ts'] },
];

test('no import cycles', () => {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  assert.deepEqual(
    cycles.map((cycle) => cycle.join(' → ')),
    [],
  );
});

/**
 * The feature modules' graph (docs/architecture.md, "The module graph"): an arrow A → B when a file
 * of src/modules/A imports one of src/modules/B (type-only imports too; `shared/` is a module like
 * the others; the composition root, the files directly in src/modules/, is no module). It has no
 * cycle: a module that needs another's rule imports it one way, and the rule that needs both lives
 * with the module it acts on (a customer's stage and field values are customers', for instance).
 */

const moduleOf = (file: string): string | undefined => /^modules\/([^/]+)\//.exec(file)?.[1];

/** module → module it imports → one file arrow that makes the edge (for the failure message). */
const moduleGraph = new Map<string, Map<string, string>>();
for (const [file, targets] of graph) {
  const from = moduleOf(file);
  if (!from) continue;
  const edges = moduleGraph.get(from) ?? new Map<string, string>();
  moduleGraph.set(from, edges);
  for (const target of targets) {
    const to = moduleOf(target);
    if (to && to !== from && !edges.has(to)) edges.set(to, `${file} → ${target}`);
  }
}
/** A cycle among the modules, as `a → b → a` with the file arrows; or null. */
function moduleCycle(): string | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (module: string): string[] | null => {
    state.set(module, 'visiting');
    stack.push(module);
    for (const next of moduleGraph.get(module)?.keys() ?? []) {
      if (state.get(next) === 'visiting') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(module, 'done');
    return null;
  };
  for (const module of [...moduleGraph.keys()].sort()) {
    if (state.has(module)) continue;
    const cycle = visit(module);
    if (cycle) {
      const arrows = cycle.slice(1).map((to, i) => `  ${cycle[i]} → ${to}: ${moduleGraph.get(cycle[i]!)!.get(to)}`);
      return [cycle.join(' → '), ...arrows].join('\n');
    }
  }
  return null;
}

test('no module import cycle', () => {
  const cycle = moduleCycle();
  assert.equal(cycle, null, `a cycle between modules: break it (see docs/architecture.md, "The module graph"):\n${cycle}`);
});

/**
 * A module's surface is its index.ts: other modules import it from there, so what a module offers
 * is one file to read, and what it keeps to itself can change without a search across the tree.
 * Its own files never go through it (that would make a file cycle of the module with itself).
 */
test('a module is imported by others only through its index.ts', () => {
  const wrong: string[] = [];
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = moduleOf(target);
      if (!to) continue;
      const surface = `modules/${to}/index.ts`;
      if (to !== from && target !== surface) wrong.push(`${file} → ${target}: import it from ${surface}`);
      if (to === from && target === surface) wrong.push(`${file} → ${surface}: a module's own files import each other directly`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('lower layers import nothing from higher ones', () => {
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const rule = RULES.find((r) => file.startsWith(r.layer));
    if (!rule) continue;
    for (const target of targets) {
      const allowed = [rule.layer, ...LEAVES, ...rule.mayImport].some((prefix) => target === prefix || target.startsWith(prefix));
      if (!allowed) violations.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(violations, []);
});

test(`no source file over ${MAX_LINES} lines`, () => {
  const long = files
    .map((file) => ({ file, lines: fs.readFileSync(path.join(SRC, file), 'utf8').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines}`);
  assert.deepEqual(long, []);
});
