/**
 * The console's API types (console/src/lib/api-schema.d.ts) are generated from the service's
 * OpenAPI document and committed: this fails when the committed file is not what the current
 * document generates, so a route or schema change that was not followed by
 * `npm run gen:api-types` fails here instead of drifting from what the console compiles against.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { it } from 'node:test';
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/api-types.js';

it('console/src/lib/api-schema.d.ts is what the OpenAPI document generates (regenerate: npm run gen:api-types)', async () => {
  const committed = await fs.readFile(API_TYPES_FILE, 'utf8');
  const current = await renderApiTypes();
  if (committed === current) return;
  const a = committed.split('\n');
  const b = current.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  assert.fail(
    `api-schema.d.ts is out of date: run npm run gen:api-types. First difference at line ${line + 1}:\n` +
      `  committed: ${a[line] ?? '(end of file)'}\n  generated: ${b[line] ?? '(end of file)'}`,
  );
});
