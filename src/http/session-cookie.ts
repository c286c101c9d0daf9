/**
 * The console's session cookie (DESIGN §8 and §14, docs/console.md, docs/security.md "The HTTP
 * edge"): HttpOnly (page scripts never see it), SameSite=Strict (no other site's page makes the
 * browser send it, the first defence against forged requests; the CSRF token is the second), Path=/.
 *
 * Where the console is served over https (PUBLIC_URL https) or in production, it is
 * `__Host-conversa_session` and always Secure: the browser then sends it over https only, whatever
 * a TLS proxy in front tells us (TRUST_PROXY unset or not), and the prefix makes the browser refuse
 * the cookie unless it is Secure, Path=/ and without Domain, so a sibling subdomain cannot plant or
 * widen one. Otherwise (plain-http development) it is `conversa_session`, Secure when the request
 * came over https (directly, or through a proxy TRUST_PROXY believes: X-Forwarded-Proto).
 * Max-Age is the session's maximum lifetime; the server ends idle sessions sooner.
 */
import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../access/sessions.js';

const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

export class SessionCookie {
  /** The cookie's name: reading accepts this one only. */
  readonly name: string;

  constructor(private readonly hostPrefixed: boolean) {
    this.name = hostPrefixed ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
  }

  tokenOf(request: FastifyRequest): string | undefined {
    const header = request.headers.cookie;
    if (!header) return undefined;
    const token = parseCookie(header)[this.name];
    return token && TOKEN.test(token) ? token : undefined;
  }

  set(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number): void {
    reply.header(
      'set-cookie',
      stringifySetCookie({ name: this.name, value: token, maxAge: Math.floor(maxAgeMs / 1000), ...this.attributes(request) }),
    );
  }

  clear(request: FastifyRequest, reply: FastifyReply): void {
    reply.header(
      'set-cookie',
      stringifySetCookie({ name: this.name, value: '', maxAge: 0, expires: new Date(0), ...this.attributes(request) }),
    );
  }

  private attributes(request: FastifyRequest): Omit<SetCookie, 'name' | 'value'> {
    return { httpOnly: true, sameSite: 'strict', path: '/', secure: this.hostPrefixed || request.protocol === 'https' };
  }
}
