/**
 * Writes the console's API types (console/src/lib/api-schema.d.ts) from the service's OpenAPI
 * document, the one served at /openapi.json: the app is built on an in-memory SQLite database
 * without listening, the document read from it and turned into TypeScript by openapi-typescript.
 * test/console/api-types.test.ts fails when the committed file differs from what the current
 * document generates, so a route or schema change must be followed by a regeneration.
 *
 *   npm run gen:api-types
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { createRuntime } from '../src/runtime.js';

export const API_TYPES_FILE = path.resolve('console/src/lib/api-schema.d.ts');

const HEADER =
  "// Generated from the service's OpenAPI document by `npm run gen:api-types` (scripts/api-types.ts).\n" +
  '// Do not edit: regenerate. test/console/api-types.test.ts fails when it is out of date.\n\n';

/** The document as the service serves it at /openapi.json. */
export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' });
  const runtime = await createRuntime(config, { startWorker: false, logger: pino({ level: 'silent' }), backgroundCheckpoints: false });
  try {
    const res = await runtime.app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    return res.json();
  } finally {
    await runtime.close();
  }
}

type Operation = { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> };

/**
 * The document without the example answers sampled onto every operation (http/openapi-examples.ts):
 * the types come from the schemas, and the examples would only add thousands of comment lines.
 */
function withoutAnswerExamples(document: unknown): unknown {
  const paths = (document as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const item of Object.values(paths))
    for (const operation of Object.values(item))
      for (const response of Object.values(operation.responses ?? {}))
        for (const media of Object.values(response.content ?? {})) delete media.example;
  return document;
}

/** The file's text for the current document. */
export async function renderApiTypes(): Promise<string> {
  const ast = await openapiTS(withoutAnswerExamples(await openApiDocument()) as never);
  return HEADER + astToString(ast);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await fs.writeFile(API_TYPES_FILE, await renderApiTypes());
  console.log(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
}
