/**
 * The docs stay true to the code: the README's configuration table lists exactly the variables
 * src/config.ts reads, and every relative link in README.md and docs/*.md resolves to a file inside
 * the repository.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve('.');
/** Read by config.ts for the crash tests alone (never honoured in production): deliberately not in the operator's table. */
const TEST_ONLY = new Set(['TEST_CRASH_BEFORE_IDEMPOTENT_ANSWER']);

/** Every environment variable config.ts reads: `env.NAME`, `env['NAME']`, and names passed as string literals. */
function configVariables(): Set<string> {
  const source = fs.readFileSync('src/config.ts', 'utf8');
  const names = [
    ...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g),
    ...source.matchAll(/'([A-Z][A-Z0-9]*_[A-Z0-9_]+|PORT|HOST|WORKER)'/g),
  ].map((m) => m[1]!);
  return new Set(names.filter((name) => !TEST_ONLY.has(name)));
}

function readmeConfigTable(): Set<string> {
  const readme = fs.readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  return new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]!));
}

test("the README's configuration table lists every variable config.ts reads, and none it does not", () => {
  const code = configVariables();
  const table = readmeConfigTable();
  assert.ok(code.size > 40, `${code.size} variables found in src/config.ts`);
  assert.deepEqual([...code].filter((name) => !table.has(name)).sort(), [], 'read by src/config.ts but missing from the README table');
  assert.deepEqual([...table].filter((name) => !code.has(name)).sort(), [], 'in the README table but not read by src/config.ts');
});

test('every relative link in README.md and docs/*.md resolves to a file inside the repository', () => {
  const files = [
    'README.md',
    ...fs
      .readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => path.join('docs', f)),
  ];
  const broken: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
      const resolved = path.resolve(path.dirname(file), decodeURIComponent(target!.split('#')[0]!));
      if (!resolved.startsWith(ROOT + path.sep) && resolved !== ROOT) broken.push(`${file}: ${target} points outside the repository`);
      else if (!fs.existsSync(resolved)) broken.push(`${file}: ${target} does not exist`);
    }
  }
  assert.deepEqual(broken, []);
});

/** Every README.md under src/, each folder's notes on its own code. */
function folderReadmes(dir = 'src'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return folderReadmes(full);
    return entry.name === 'README.md' ? [full] : [];
  });
}

function sourceText(dir: string): string {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name))
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n');
}

/**
 * A name in backticks that a folder README gives as code: a file (`queue.ts`), a call
 * (`queue.enqueue(trx, spec)`, its last name) or an identifier in camel or Pascal case
 * (`jobHandlersFor`, `RetryJobError`). Plain words, SQL and env variables are not checked.
 */
function namesIn(readme: string): { files: string[]; identifiers: string[] } {
  const text = fs.readFileSync(readme, 'utf8').replace(/```[\s\S]*?```/g, '');
  const files: string[] = [];
  const identifiers: string[] = [];
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    if (/^[\w./-]+\.(ts|tsx|mjs|md)$/.test(code!)) files.push(code!);
    else {
      const call = /^(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\(/.exec(code!);
      if (call) identifiers.push(call[1]!);
      else if (/^(?:[a-z]+[A-Z][\w$]*|[A-Z][a-z]+[A-Z][\w$]*)$/.test(code!)) identifiers.push(code!);
    }
  }
  return { files, identifiers };
}

test('every file and identifier a folder README under src/ names exists in the code', () => {
  const everything = sourceText('src');
  const missing: string[] = [];
  for (const readme of folderReadmes()) {
    const folder = path.dirname(readme);
    const { files, identifiers } = namesIn(readme);
    for (const file of files) {
      const candidates = [path.join(folder, file), path.join(folder, '..', file), file, path.join('src', file)];
      if (!candidates.some((candidate) => fs.existsSync(candidate))) missing.push(`${readme}: file ${file}`);
    }
    for (const name of identifiers) {
      if (!new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(everything)) missing.push(`${readme}: ${name}`);
    }
  }
  assert.deepEqual(missing, []);
});
