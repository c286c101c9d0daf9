/**
 * The JSON body parser of every route (Fastify's own is replaced so its answers can be ours).
 * A `__proto__` key, or a `constructor` key holding `prototype` (prototype poisoning), is refused
 * with a 400 that says so; Fastify's parser refused it as "not valid JSON", which misled clients.
 * An empty (or blank) body is no body. Only a body that mentions one of them (or escapes a
 * character, which could spell one) is parsed with the reviver that looks; every other body is a
 * plain `JSON.parse`.
 */
import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors.js';

const MAY_POISON = /__proto__|constructor|\\u/;

function refusePoison(this: unknown, key: string, value: unknown): unknown {
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
  return value;
}

export function parseJsonBody(text: string): unknown {
  return MAY_POISON.test(text) ? JSON.parse(text, refusePoison) : JSON.parse(text);
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
