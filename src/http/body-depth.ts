/**
 * Refuses bodies nested deeper than any real request needs. JSON.parse copes with deep nesting,
 * but later recursion (serializing a channel's config, validating) would overflow the stack and
 * answer 500; a clear 400 is the right answer to such a body.
 */
import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors.js';

export const MAX_BODY_DEPTH = 32;

/** Depth of a parsed JSON value, walked iteratively (so the check itself cannot overflow). */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

export function registerBodyDepthLimit(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.body !== undefined && jsonDepthExceeds(request.body, MAX_BODY_DEPTH)) {
      throw validationError([{ field: 'body', message: `must not be nested deeper than ${MAX_BODY_DEPTH} levels` }]);
    }
  });
}
