/**
 * Request validation: two Ajv instances. Bodies are validated strictly (no type coercion: "12" is
 * not a number); querystrings and params arrive as text, so they are coerced. `allErrors` lets a
 * validation error list every bad field at once.
 */
import { Ajv } from 'ajv';
import addFormatsModule, { type FormatsPlugin } from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { ErrorDetail } from '../errors.js';

// ajv-formats is CommonJS; under NodeNext its default export arrives wrapped in `default`.
const addFormats = ((addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? addFormatsModule) as FormatsPlugin;

function makeAjv(coerceTypes: boolean | 'array') {
  // TypeBox adds `kind`/`modifier` keywords that Ajv does not know; strict mode would reject them.
  const ajv = new Ajv({ allErrors: true, coerceTypes, useDefaults: true, removeAdditional: false, strict: false });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const textAjv = makeAjv('array');

type Validate = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/**
 * The compiled schema, plus one rule no schema states: no text may hold the NUL character. PostgreSQL
 * refuses it in `text` and `jsonb` (a customer's name reaches both, through its row and its event),
 * so it is refused here, once for every body, query string and path, with the field it is in.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  const compiled = ajv.compile(schema as object) as Validate;
  const validate: Validate = (data) => {
    const valid = compiled(data);
    const nul = nulCharacterErrors(data);
    validate.errors = nul.length === 0 ? compiled.errors : [...(compiled.errors ?? []), ...nul];
    return valid && nul.length === 0;
  };
  return validate as unknown as ReturnType<FastifySchemaCompiler<unknown>>;
};

const NUL = '\u0000';

/** Every string value or key holding NUL, as Ajv-shaped errors at its path (walked iteratively). */
export function nulCharacterErrors(data: unknown): AjvError[] {
  const errors: AjvError[] = [];
  const stack: [unknown, string][] = [[data, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes(NUL))
        errors.push({ instancePath: path, keyword: 'nul', message: 'must not contain the NUL character', params: {} });
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    for (const [key, child] of Object.entries(node)) {
      const at = `${path}/${key.replaceAll(NUL, '\\u0000')}`;
      if (key.includes(NUL)) errors.push({ instancePath: at, keyword: 'nul', message: 'must not contain the NUL character', params: {} });
      stack.push([child, at]);
    }
  }
  return errors.reverse();
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns Ajv errors into `[{ field, message }]`, one entry per bad field, named the way the client wrote it. */
export function validationDetails(errors: AjvError[], part: string | undefined): ErrorDetail[] {
  const seen = new Map<string, ErrorDetail>();
  // A union of literals (TypeBox's enum) reports one `const` error per allowed value: list them once.
  const allowed = new Map<string, unknown[]>();
  for (const error of errors) {
    if (error.keyword !== 'const') continue;
    const field = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || (part ?? 'body');
    allowed.set(field, [...(allowed.get(field) ?? []), error.params.allowedValue]);
  }
  for (const [field, values] of allowed) {
    if (values.length > 1) seen.set(field, { field, message: `must be one of ${values.join(', ')}` });
  }
  for (const error of errors) {
    // An if/then schema reports the branch's own errors, then "must match then" on the parent: noise.
    if (error.keyword === 'if') continue;
    let field = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (error.keyword === 'required') field = [field, String(error.params.missingProperty)].filter(Boolean).join('.');
    if (error.keyword === 'additionalProperties') {
      field = [field, String(error.params.additionalProperty)].filter(Boolean).join('.');
    }
    if (!field) field = part ?? 'body';
    const message = describe(error);
    // Union schemas report one error per branch; keep the first, most specific message per field.
    if (!seen.has(field)) seen.set(field, { field, message });
  }
  return [...seen.values()];
}

function describe(error: AjvError): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not an accepted field';
    case 'format':
      return `must be a valid ${String(error.params.format)}`;
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`;
    default:
      return error.message ?? 'is invalid';
  }
}
