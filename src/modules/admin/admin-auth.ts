/**
 * The admin API's guard: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time. With no
 * ADMIN_TOKEN configured the whole admin surface answers 404, as if it did not exist.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';

function digest(value: string): Buffer {
  // Hashing first gives equal-length inputs, so timingSafeEqual never leaks the token's length.
  return createHash('sha256').update(value).digest();
}

export function makeAdminGuard(adminToken: string | undefined) {
  const expected = adminToken ? digest(adminToken) : undefined;
  return async function adminGuard(request: FastifyRequest): Promise<void> {
    if (!expected) throw new AppError('ROUTE_NOT_FOUND', 'The admin API is disabled (set ADMIN_TOKEN to enable it)');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      throw new AppError('UNAUTHORIZED', 'Invalid or missing admin token');
    }
  };
}
