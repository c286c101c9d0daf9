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

/**
 * The same limit for a body kept as text (provider callbacks keep the exact bytes, so the hook
 * above sees a string): the nesting of `[`/`{` outside strings, scanned without parsing. Only a
 * body that starts like JSON is looked at; a form or multipart body is not JSON whatever it holds.
 */
export function jsonTextDepthExceeds(text: string, limit: number): boolean {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[') return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
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
