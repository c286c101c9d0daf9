/**
 * Reading the OpenAPI document in tests: its shape (as far as tests look at it) and a checker that
 * holds a real answer against what the document promises for that operation and status, with ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 */
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { schema: unknown; description?: string }>;
  content?: Record<string, { schema: { $ref?: string } & Record<string, unknown> }>;
}

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: unknown }> };
  responses: Record<string, OpenApiResponse>;
}

export interface OpenApiDocument {
  openapi: string;
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown> };
}

const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * `check(operationId, response)`: the status is documented for the operation, the answer's media
 * type is one documented for it, and a JSON body validates against the documented schema.
 */
export function responseChecker(doc: OpenApiDocument): (operationId: string, res: LightMyRequestResponse) => void {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc as never, 'openapi.json');
  const where = new Map<string, { path: string; method: string; operation: OpenApiOperation }>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) where.set(operation.operationId ?? '', { path, method, operation });
  }
  return (operationId, res) => {
    const found = where.get(operationId);
    assert.ok(found, `operation ${operationId} is documented`);
    const label = `${operationId} ${res.statusCode}`;
    const response = found.operation.responses[String(res.statusCode)];
    assert.ok(response, `${label} is a documented status (body: ${res.body.slice(0, 200)})`);
    const mediaType = String(res.headers['content-type'] ?? '').split(';')[0]!;
    const documented = Object.keys(response.content ?? {});
    // A range (`*/*`, `image/*`) documents every type it covers (OpenAPI 3.1 §4.8.14).
    const covers = (range: string) =>
      range === mediaType || range === '*/*' || (range.endsWith('/*') && mediaType.startsWith(range.slice(0, -1)));
    assert.ok(mediaType && documented.some(covers), `${label}: ${mediaType} is documented (${documented.join(', ')})`);
    if (mediaType !== 'application/json') return;
    const ref = ['openapi.json#', 'paths', found.path, found.method, 'responses', String(res.statusCode), 'content', mediaType, 'schema']
      .map((segment, i) => (i === 0 ? segment : pointer(segment)))
      .join('/');
    const validate = ajv.getSchema(ref);
    assert.ok(validate, `${label}: schema found`);
    const valid = validate(res.json());
    assert.ok(valid, `${label} matches its schema: ${JSON.stringify(validate.errors)} in ${res.body.slice(0, 300)}`);
  };
}
