/**
 * Authentication hooks (run at onRequest, so a caller without a valid key gets 401 before any body validation). The spec fixes the header per surface: `Authorization: Bearer` on the
 * send endpoint, `x-api-key` on `/api/{organizationId}/…`, either on chat create.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError, validationError } from '../errors.js';
import type { Scope } from '../access/api-keys.js';
import type { AccessService, Principal } from '../access/access.service.js';

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

export interface AuthOptions {
  scheme: KeyScheme;
  scope?: Scope;
  /** Check that the key's profile is a member of `params.organizationId`. */
  organizationRoute?: boolean;
}

/** The principal of an authenticated request; routes behind `requireApiKey` always have one. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  return request.principal;
}

/** The `uuid` format of the route schemas (ajv-formats), for the one id checked before validation runs. */
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

export function makeRequireApiKey(access: AccessService) {
  return function requireApiKey(options: AuthOptions): onRequestAsyncHookHandler {
    return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
      const key = extractKey(request, options.scheme);
      if (!key) {
        const where =
          options.scheme === 'bearer'
            ? 'Authorization: Bearer <key>'
            : options.scheme === 'x-api-key'
              ? 'x-api-key'
              : 'x-api-key or Authorization: Bearer';
        throw new AppError('UNAUTHORIZED', `Missing API key (send it in ${where})`);
      }
      const organizationId = options.organizationRoute ? (request.params as { organizationId?: string }).organizationId : undefined;
      if (organizationId !== undefined && !UUID.test(organizationId)) {
        // Where a well-formed id would be looked up (404/403), a malformed one is 400 like any bad
        // id in a path; the key, IP and scope are checked first, so a caller without a key learns nothing.
        await access.authenticate({ key, ip: request.ip, scope: options.scope });
        throw validationError([{ field: 'organizationId', message: 'must be a valid uuid' }]);
      }
      request.principal = await access.authenticate({ key, ip: request.ip, scope: options.scope, organizationId });
    };
  };
}

export type RequireApiKey = ReturnType<typeof makeRequireApiKey>;
