/**
 * The console's session cookie (DESIGN §8, docs/console.md): `conversa_session`, HttpOnly (page
 * scripts never see it), SameSite=Strict (no other site's page makes the browser send it, the
 * first defence against forged requests; the CSRF token is the second), Path=/, and Secure when the
 * request came over https (directly, or through a proxy TRUST_PROXY believes: X-Forwarded-Proto).
 * Max-Age is the session's maximum lifetime; the server ends idle sessions sooner.
 */
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../access/sessions.js';

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const token = parseCookie(header)[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : undefined;
}

function attributes(request: FastifyRequest): Omit<SetCookie, 'name' | 'value'> {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: request.protocol === 'https' };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({ name: SESSION_COOKIE, value: token, maxAge: Math.floor(maxAgeMs / 1000), ...attributes(request) }),
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    stringifySetCookie({ name: SESSION_COOKIE, value: '', maxAge: 0, expires: new Date(0), ...attributes(request) }),
  );
}
