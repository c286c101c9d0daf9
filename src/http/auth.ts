/**
 * Authentication hooks (run at onRequest, so a caller without a valid key gets 401 before any body
 * validation). The spec fixes the header per surface: `Authorization: Bearer` on the send endpoint,
 * `x-api-key` on `/api/{organizationId}/…`, either on chat create.
 *
 * A request without a key may instead carry the console's session cookie (DESIGN §8): it acts as a
 * key of the signed-in profile with every scope, and a state-changing request (anything but GET,
 * HEAD, OPTIONS) made with it must echo the session's CSRF token in `x-csrf-token`, else 403. A key
 * always wins over a cookie: a request with a key is authenticated by the key alone, CSRF-free
 * (another site's page cannot set those headers).
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError, validationError } from '../errors.js';
import type { Scope } from '../access/api-keys.js';
import type { AccessService, Principal } from '../access/access.service.js';
import { CSRF_HEADER } from '../access/sessions.js';
import { demand, MEMBERSHIP, type Permission } from '../access/permissions.js';
import type { SessionCookie } from './session-cookie.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export type KeyScheme = 'bearer' | 'x-api-key' | 'either';

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function apiKeyHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['x-api-key'];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function extractKey(request: FastifyRequest, scheme: KeyScheme): string | undefined {
  if (scheme === 'bearer') return bearer(request);
  if (scheme === 'x-api-key') return apiKeyHeader(request);
  return apiKeyHeader(request) ?? bearer(request);
}

interface KeyOptions {
  scheme: KeyScheme;
  scope?: Scope;
}

/**
 * An organization route checks that the caller is a member of `params.organizationId` and names
 * the permission its role needs (access/permissions.ts; `MEMBERSHIP` for what any member may call):
 * required by the type, so a route cannot forget it.
 */
export type AuthOptions = KeyOptions &
  ({ organizationRoute?: false; permission?: undefined } | { organizationRoute: true; permission: Permission });

/** The principal of an authenticated request; routes behind `requireApiKey` always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  return request.principal;
}

/** The `uuid` format of the route schemas (ajv-formats), for the one id checked before validation runs. */
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function presentedCsrf(request: FastifyRequest): { presented: string | undefined } | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const value = request.headers[CSRF_HEADER];
  return { presented: typeof value === 'string' ? value : undefined };
}

/** The scope each hook made by `requireApiKey` demands, so the OpenAPI document can name it (openapi.ts). */
const requiredScopes = new WeakMap<object, Scope>();
/** The permission each organization route's hook demands: the OpenAPI document and the role matrix test read it. */
const requiredPermissions = new WeakMap<object, Permission>();

/** The permission a route's onRequest hook(s) demand of the caller's role, if one of them declares one. */
export function requiredPermissionOf(onRequest: unknown): Permission | undefined {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const hook of hooks) {
    const permission = typeof hook === 'function' ? requiredPermissions.get(hook) : undefined;
    if (permission) return permission;
  }
  return undefined;
}

/** The scope a route's onRequest hook(s) demand of a key, if one of them is an authentication hook that names one. */
export function requiredScopeOf(onRequest: unknown): Scope | undefined {
  const hooks: unknown[] = Array.isArray(onRequest) ? onRequest : [onRequest];
  for (const hook of hooks) {
    const scope = typeof hook === 'function' ? requiredScopes.get(hook) : undefined;
    if (scope) return scope;
  }
  return undefined;
}

export function makeRequireApiKey(access: AccessService, sessionCookie: SessionCookie) {
  return function requireApiKey(options: AuthOptions): onRequestAsyncHookHandler {
    const hook = async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
      const key = extractKey(request, options.scheme);
      const sessionToken = key ? undefined : sessionCookie.tokenOf(request);
      if (!key && !sessionToken) {
        const where =
          options.scheme === 'bearer'
            ? 'Authorization: Bearer <key>'
            : options.scheme === 'x-api-key'
              ? 'x-api-key'
              : 'x-api-key or Authorization: Bearer';
        throw new AppError('UNAUTHORIZED', `Missing API key (send it in ${where}, or sign in to the console)`);
      }
      const verify = (organizationId: string | undefined) =>
        key
          ? access.authenticate({ key, ip: request.ip, scope: options.scope, organizationId })
          : access.authenticateSession({ token: sessionToken!, organizationId, csrf: presentedCsrf(request) });
      const organizationId = options.organizationRoute ? (request.params as { organizationId?: string }).organizationId : undefined;
      if (organizationId !== undefined && !UUID.test(organizationId)) {
        // Where a well-formed id would be looked up (404/403), a malformed one is 400 like any bad
        // id in a path; the credential (key, IP, scope, CSRF) is checked first, so a caller without one learns nothing.
        await verify(undefined);
        throw validationError([{ field: 'organizationId', message: 'must be a valid uuid' }]);
      }
      const principal = await verify(organizationId);
      request.principal = principal;
      // Membership alone was proven above; anything beyond it needs the role (403 naming the permission).
      if (options.permission && options.permission !== MEMBERSHIP) demand(principal.role, options.permission);
    };
    if (options.scope) requiredScopes.set(hook, options.scope);
    if (options.permission) requiredPermissions.set(hook, options.permission);
    return hook;
  };
}

export type RequireApiKey = ReturnType<typeof makeRequireApiKey>;
