/**
 * The JSON body parser of every route (Fastify's own is replaced so its answers can be ours).
 * A `__proto__` key, or a `constructor` key holding `prototype` (prototype poisoning), is refused
 * with a 400 that says so; Fastify's parser refused it as "not valid JSON", which misled clients.
 * An empty (or blank) body is no body. Only a body that mentions one of them (or escapes a
 * character, which could spell one) is parsed with the reviver that looks; every other body is a
 * plain `JSON.parse`.
 *
 * A number beyond the double range (`1e999`, 309 digits) is refused too (400 naming its key):
 * `JSON.parse` makes it `Infinity`, which passes a `number` schema and then fails in the database
 * (a 500) or is stored as `null`. Only a body with an exponent of three digits or a run of 309
 * digits is parsed with the reviver that looks.
 */
import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors.js';

const MAY_POISON = /__proto__|constructor|\\u/;
const MAY_OVERFLOW = /[eE][+]?0*[1-9]\d{2}|\d{309}/;

function refuseUnsafe(this: unknown, key: string, value: unknown): unknown {
  if (key === '__proto__') {
    throw validationError(
      [{ field: 'body', message: 'must not contain a "__proto__" key' }],
      'The body contains a "__proto__" key, which is not allowed',
    );
  }
  if (key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')) {
    throw validationError(
      [{ field: 'body', message: 'must not contain a "constructor" key holding "prototype"' }],
      'The body contains a "constructor.prototype" key, which is not allowed',
    );
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    const field = key === '' || /^\d+$/.test(key) ? 'body' : key;
    throw validationError([{ field, message: 'must be a number within the double range' }], `The number in "${field}" is too large`);
  }
  return value;
}

export function parseJsonBody(text: string): unknown {
  return MAY_POISON.test(text) || MAY_OVERFLOW.test(text) ? JSON.parse(text, refuseUnsafe) : JSON.parse(text);
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    // Many clients send `Content-Type: application/json` with no body (a DELETE): that is no body.
    // A route whose schema needs one still answers 400 (validation), naming the body.
    if ((body as string).trim() === '') {
      done(null, undefined);
      return;
    }
    try {
      done(null, parseJsonBody(body as string));
    } catch (err) {
      done(err instanceof SyntaxError ? Object.assign(err, { statusCode: 400 }) : (err as Error), undefined);
    }
  });
}
