/**
 * Console session tokens (DESIGN §8). The cookie carries a random token (256 bits); the `sessions`
 * table stores only its SHA-256, so a copy of the database signs nobody in.
 *
 * CSRF: the token a state-changing request must echo in `x-csrf-token` is derived from the session
 * token (an HMAC keyed with it), so the server recomputes it from the cookie it receives and needs
 * no extra column or secret. Page scripts cannot read the HttpOnly cookie, nor, on another site,
 * the answers that hand the CSRF token out (`/auth/sign-in`, `/auth/session`): a forged request
 * from elsewhere carries the cookie at most, never the token.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'conversa_session';
export const CSRF_HEADER = 'x-csrf-token';

export function generateSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSessionToken(token) };
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('conversa-csrf').digest('base64url');
}

/** Constant-time check of a presented CSRF token against the session's. */
export function csrfTokenMatches(sessionToken: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
