/**
 * Console sign-in routes (DESIGN §8): `POST /auth/sign-in` sets the session cookie
 * (http/session-cookie.ts), `GET /auth/session` describes the signed-in profile, `POST
 * /auth/sign-out` ends the session. The public API accepts the cookie (http/auth.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import { CSRF_HEADER } from '../../access/sessions.js';
import { EmptyEnvelope, Envelope, errorResponses } from '../../http/schemas.js';
import type { AppContext } from '../services.js';
import { SessionView, SignInBody } from './auth.schemas.js';

const tags = ['console sign-in'];
const security = [{ sessionCookie: [] }];

export function authModule(deps: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<TypeBoxTypeProvider>();
    const { sessions } = deps.services;
    const cookie = deps.sessionCookie;

    app.post(
      '/auth/sign-in',
      {
        schema: {
          tags,
          operationId: 'signIn',
          security: [],
          summary: 'Sign in to the console with e-mail and password',
          description:
            `Sets the HttpOnly, SameSite=Strict session cookie \`${cookie.name}\`` +
            (cookie.name.startsWith('__Host-') ? ' (Secure). ' : ' (Secure over https). ') +
            'Wrong e-mail and wrong password get the same 401. Failed attempts are limited per e-mail from one client address, ' +
            'and per client address (429 with Retry-After).',
          body: SignInBody,
          response: { 200: Envelope(SessionView), ...errorResponses('UNAUTHORIZED', 'RATE_LIMITED') },
        },
      },
      async (req, reply) => {
        const { token, maxAgeMs, session } = await sessions.signIn({ ...req.body, address: req.ip, replacing: cookie.tokenOf(req) });
        cookie.set(req, reply, token, maxAgeMs);
        return { success: true as const, data: session };
      },
    );

    app.get(
      '/auth/session',
      {
        schema: {
          tags,
          security,
          operationId: 'getSession',
          summary: 'The signed-in profile, its organizations and the CSRF token (401 without a valid session)',
          response: { 200: Envelope(SessionView) },
        },
      },
      async (req) => {
        const token = cookie.tokenOf(req);
        if (!token) throw new AppError('UNAUTHORIZED', 'Not signed in');
        return { success: true as const, data: await sessions.current(token) };
      },
    );

    app.post(
      '/auth/sign-out',
      {
        schema: {
          tags,
          // Optional: without a session it answers 200 all the same (the cookie cleared); with one, the CSRF header is checked.
          security: [{}, ...security],
          operationId: 'signOut',
          summary: 'End the session, if any (a session needs x-csrf-token); the cookie is cleared',
          headers: Type.Object({ [CSRF_HEADER]: Type.Optional(Type.String({ description: 'The csrfToken of the session' })) }),
          response: { 200: EmptyEnvelope },
        },
      },
      async (req, reply) => {
        const token = cookie.tokenOf(req);
        if (token) await sessions.signOut(token, req.headers[CSRF_HEADER]);
        cookie.clear(req, reply);
        return { success: true as const, data: {} };
      },
    );
  };
}
