/**
 * Headers every answer carries (DESIGN §14, docs/security.md "The HTTP edge"):
 * - `X-Content-Type-Options: nosniff` on every answer, the console's static files included: a
 *   browser never guesses a type other than the one we send (an uploaded file, a JSON error).
 * - `Cache-Control: no-store` on the API's answers (`/api`, `/v1`, `/admin`, and `/auth`, which
 *   hands out the CSRF token), errors included: a tenant's data never stays in a shared or browser
 *   cache. A route that set its own (the event stream's `no-cache, no-transform`) keeps it; the
 *   console's files keep their caching.
 */
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/v1/', '/admin/', '/auth/'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** The headers written by hand where Fastify's hooks do not run (errors Node answers before Fastify). */
export const RAW_ERROR_HEADERS = 'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control') && isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}
