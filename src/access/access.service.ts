/**
 * Who is calling: resolves an API key (and, for organization routes, the caller's membership) in one
 * query. Used by http/auth.ts; never imports Fastify.
 */
import type { Kysely } from 'kysely';
import { prepareQuery } from '../db/prepared.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { fromJson } from '../lib/json.js';
import { hashApiKey, hasScope, ipAllowed, type Scope } from './api-keys.js';

export interface Principal {
  apiKeyId: string;
  profileId: string;
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

export class AccessService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly onBackgroundError: (err: unknown) => void,
  ) {}

  async authenticate(input: AuthenticateInput): Promise<Principal> {
    const hash = hashApiKey(input.key);
    const row = input.organizationId
      ? (await keyWithMembershipQuery.execute(this.db, { hash, organizationId: input.organizationId })).rows[0]
      : (await keyQuery.execute(this.db, { hash })).rows[0];
    if (!row || row.revoked_at !== null) throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key');

    const allowedIps = fromJson<string[]>(row.allowed_ips, []);
    if (!ipAllowed(input.ip, allowedIps)) {
      throw new AppError('IP_NOT_ALLOWED', `This API key may not be used from ${input.ip}`);
    }
    const scopes = fromJson<string[]>(row.scopes, []);
    if (input.scope && !hasScope(scopes, input.scope)) {
      throw new AppError('FORBIDDEN', `This API key lacks the ${input.scope} scope`);
    }
    const principal: Principal = { apiKeyId: row.id, profileId: row.profile_id, scopes };
    if (input.organizationId) {
      const role = (row as { role?: string | null }).role;
      if (!role) await this.rejectNonMember(input.organizationId);
      principal.organizationId = input.organizationId;
      principal.role = role ?? undefined;
    }
    this.touch(row.id, row.last_used_at);
    return principal;
  }

  /** An organization that does not exist is 404; one the caller is not a member of is 403. */
  private async rejectNonMember(organizationId: string): Promise<never> {
    const org = await this.db.selectFrom('organizations').select('id').where('id', '=', organizationId).executeTakeFirst();
    if (!org) throw new AppError('ORGANIZATION_NOT_FOUND', 'Organization not found');
    throw new AppError('FORBIDDEN', 'The owner of this API key is not a member of the organization');
  }

  private touch(keyId: string, lastUsedAt: string | null): void {
    const now = Date.now();
    if (lastUsedAt && now - Date.parse(lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
    // Not awaited: bookkeeping must not add a write to the request's latency.
    this.db
      .updateTable('api_keys')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', keyId)
      .execute()
      .catch(this.onBackgroundError);
  }
}
