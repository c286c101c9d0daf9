/**
 * Who is calling: resolves an API key or a console session (and, for organization routes, the
 * caller's membership) from the access cache, or in one query that fills it. Used by http/auth.ts; never imports Fastify.
 */
import type { Kysely } from 'kysely';
import { prepareQuery } from '../db/prepared.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { fromJson } from '../lib/json.js';
import { hashApiKey, hasScope, ipAllowed, type Scope } from './api-keys.js';
import type { AccessCache, CachedKey, CachedSession } from './access-cache.js';
import { csrfTokenMatches, hashSessionToken } from './sessions.js';

export interface Principal {
  /** What authenticated the request: an API key, or the console's session cookie. */
  via: 'api-key' | 'session';
  /** The key's or the session's id: rate limits and idempotency keys are scoped to it. */
  credentialId: string;
  profileId: string;
  /** A key's scopes; a session has every scope (`*`): the profile's full rights where it is a member. */
  scopes: string[];
  /** Set on organization routes once membership is proven. */
  organizationId?: string;
  role?: string;
}

/** last_used_at is written at most once a minute per key, so authentication stays a read. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface AuthenticateInput {
  key: string;
  ip: string;
  scope?: Scope;
  organizationId?: string;
}

export interface AuthenticateSessionInput {
  token: string;
  organizationId?: string;
  /** State-changing requests: the `x-csrf-token` presented, checked before membership. */
  csrf?: { presented: string | undefined };
}

/** The key by its hash: run before every authenticated request, so built once. */
const keyQuery = prepareQuery<{ hash: string }>()((db, p) =>
  db
    .selectFrom('api_keys as k')
    .select(['k.id', 'k.profile_id', 'k.scopes', 'k.allowed_ips', 'k.revoked_at', 'k.last_used_at'])
    .where('k.key_hash', '=', p('hash')),
);

/** The key and its profile's role in the organization of the route (null: not a member). */
const keyWithMembershipQuery = prepareQuery<{ hash: string; organizationId: string }>()((db, p) =>
  db
    .selectFrom('api_keys as k')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.profile_id', '=', 'k.profile_id').on('m.organization_id', '=', p('organizationId')),
    )
    .select(['k.id', 'k.profile_id', 'k.scopes', 'k.allowed_ips', 'k.revoked_at', 'k.last_used_at', 'm.role'])
    .where('k.key_hash', '=', p('hash')),
);

/** The session by its token's hash, with the profile's role in the organization of the route (null: not a member). */
const sessionQuery = prepareQuery<{ hash: string; organizationId: string | null }>()((db, p) =>
  db
    .selectFrom('sessions as s')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.profile_id', '=', 's.profile_id').on('m.organization_id', '=', p('organizationId')),
    )
    .select(['s.id', 's.profile_id', 's.last_used_at', 's.expires_at', 's.max_expires_at', 'm.role'])
    .where('s.token_hash', '=', p('hash')),
);

export interface SessionLifetimes {
  /** A session unused this long ends; each use (recorded at most once a minute) pushes its end back. */
  idleTtlMs: number;
}

export class AccessService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly onBackgroundError: (err: unknown) => void,
    private readonly clock: Clock,
    private readonly sessions: SessionLifetimes,
    /** Keys, sessions and memberships read before, forgotten when they change (access-cache.ts). */
    private readonly cache: AccessCache,
  ) {}

  async authenticate(input: AuthenticateInput): Promise<Principal> {
    const hash = hashApiKey(input.key);
    const { key, role } = await this.keyAndRole(hash, input.organizationId);
    if (!key || key.revoked) throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key');

    if (!ipAllowed(input.ip, key.allowedIps)) {
      throw new AppError('IP_NOT_ALLOWED', `This API key may not be used from ${input.ip}`);
    }
    if (input.scope && !hasScope(key.scopes, input.scope)) {
      throw new AppError('FORBIDDEN', `This API key lacks the ${input.scope} scope`);
    }
    const principal: Principal = { via: 'api-key', credentialId: key.id, profileId: key.profileId, scopes: key.scopes };
    if (input.organizationId) {
      if (!role) await this.rejectNonMember(input.organizationId);
      principal.organizationId = input.organizationId;
      principal.role = role ?? undefined;
    }
    this.touch(key);
    return principal;
  }

  /**
   * A console session, as its profile with every scope: unknown, signed out or expired → 401; a
   * state-changing request without the session's CSRF token → 403; then membership as for a key.
   */
  async authenticateSession(input: AuthenticateSessionInput): Promise<Principal> {
    const hash = hashSessionToken(input.token);
    const now = this.clock.now().getTime();
    const { session, role } = await this.sessionAndRole(hash, input.organizationId, now);
    if (!session || Date.parse(session.expiresAt) <= now) throw new AppError('UNAUTHORIZED', 'The session has ended; sign in again');
    if (input.csrf && !csrfTokenMatches(input.token, input.csrf.presented)) {
      throw new AppError('FORBIDDEN', 'Missing or wrong x-csrf-token (send the csrfToken from sign-in or GET /auth/session)');
    }
    const principal: Principal = { via: 'session', credentialId: session.id, profileId: session.profileId, scopes: ['*'] };
    if (input.organizationId) {
      if (!role) await this.rejectNonMember(input.organizationId, 'You are');
      principal.organizationId = input.organizationId;
      principal.role = role ?? undefined;
    }
    this.extendSession(session, now);
    return principal;
  }

  /** The key (and the role in the route's organization) from the cache, or in one query that fills it. */
  private async keyAndRole(hash: string, organizationId: string | undefined) {
    const cached = this.cache.key(hash);
    const cachedRole = cached && organizationId ? this.cache.role(cached.profileId, organizationId) : null;
    if (cached && cachedRole !== undefined) return { key: cached, role: cachedRole };
    const generation = this.cache.begin();
    const row = organizationId
      ? (await keyWithMembershipQuery.execute(this.db, { hash, organizationId })).rows[0]
      : (await keyQuery.execute(this.db, { hash })).rows[0];
    if (!row) return { key: undefined, role: null };
    const key: CachedKey = {
      id: row.id,
      profileId: row.profile_id,
      scopes: fromJson<string[]>(row.scopes, []),
      allowedIps: fromJson<string[]>(row.allowed_ips, []),
      revoked: row.revoked_at !== null,
      lastUsedAt: row.last_used_at,
    };
    const role = organizationId ? ((row as { role?: string | null }).role ?? null) : null;
    this.cache.fill(generation, {
      key: [hash, key],
      role: organizationId ? { profileId: key.profileId, organizationId, role } : undefined,
    });
    return { key, role };
  }

  /** The session (and the role) from the cache, or in one query; a cached session that looks ended is read again (another process may have extended it). */
  private async sessionAndRole(hash: string, organizationId: string | undefined, now: number) {
    const cached = this.cache.session(hash);
    const cachedRole = cached && organizationId ? this.cache.role(cached.profileId, organizationId) : null;
    if (cached && Date.parse(cached.expiresAt) > now && cachedRole !== undefined) return { session: cached, role: cachedRole };
    const generation = this.cache.begin();
    const row = (await sessionQuery.execute(this.db, { hash, organizationId: organizationId ?? null })).rows[0];
    if (!row) return { session: undefined, role: null };
    const session: CachedSession = {
      id: row.id,
      profileId: row.profile_id,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
      maxExpiresAt: row.max_expires_at,
    };
    const role = row.role ?? null;
    this.cache.fill(generation, {
      session: [hash, session],
      role: organizationId ? { profileId: session.profileId, organizationId, role } : undefined,
    });
    return { session, role };
  }

  /** An organization that does not exist is 404; one the caller is not a member of is 403. */
  private async rejectNonMember(organizationId: string, who = 'The owner of this API key is'): Promise<never> {
    const org = await this.db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw new AppError('ORGANIZATION_NOT_FOUND', 'Organization not found');
    throw new AppError('FORBIDDEN', `${who} not a member of the organization`);
  }

  /** Sliding expiry, written at most once a minute per session (not awaited), never past the session's maximum. */
  private extendSession(session: CachedSession, now: number): void {
    if (now - Date.parse(session.lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
    const expiresAt = Math.min(now + this.sessions.idleTtlMs, Date.parse(session.maxExpiresAt));
    // The cached copy follows the row, so the next minute's requests neither write nor read.
    session.lastUsedAt = new Date(now).toISOString();
    session.expiresAt = new Date(expiresAt).toISOString();
    this.db
      .updateTable('sessions')
      .set({ last_used_at: session.lastUsedAt, expires_at: session.expiresAt })
      .where('id', '=', session.id)
      .execute()
      .catch(this.onBackgroundError);
  }

  private touch(key: CachedKey): void {
    const now = this.clock.now().getTime();
    if (key.lastUsedAt && now - Date.parse(key.lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
    key.lastUsedAt = new Date(now).toISOString();
    // Not awaited: bookkeeping must not add a write to the request's latency.
    this.db.updateTable('api_keys').set({ last_used_at: key.lastUsedAt }).where('id', '=', key.id).execute().catch(this.onBackgroundError);
  }
}
