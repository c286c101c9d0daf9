/**
 * Console sign-in (DESIGN §8, docs/console.md): checks an e-mail and password, opens a session
 * (only its token's SHA-256 stored), describes the signed-in profile, and signs out. Which requests
 * a session authenticates is the access layer's (access/access.service.ts `authenticateSession`).
 */
import type { Kysely } from 'kysely';
import type { AccessService } from '../../access/access.service.js';
import type { AccessChanges } from '../../access/access-changes.js';
import type { SignInThrottle } from '../../access/sign-in-throttle.js';
import { verifyAgainstDecoy, verifyPassword } from '../../access/passwords.js';
import { csrfTokenFor, generateSessionToken, hashSessionToken } from '../../access/sessions.js';
import type { SessionsConfig } from '../../config.js';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { TenancyService } from '../organizations/index.js';
import { permissionsOf } from '../../access/permissions.js';

export interface SessionsDeps {
  db: Kysely<DB>;
  clock: Clock;
  access: AccessService;
  /** Told when a session ends, so no process's access cache keeps it. */
  accessChanges: Pick<AccessChanges, 'changed'>;
  tenancy: TenancyService;
  sessions: Pick<SessionsConfig, 'idleTtlMs' | 'maxLifetimeMs'>;
  /** Failed sign-ins per (e-mail, client address) and per client address. */
  throttle: SignInThrottle;
}

/** One message for an unknown e-mail, a profile without a password and a wrong password: nothing tells which. */
const WRONG_CREDENTIALS = 'Wrong e-mail or password';

export class SessionsService {
  constructor(private readonly deps: SessionsDeps) {}

  /**
   * A new session for the profile with this e-mail and password, tried from `address` (the client's,
   * for the throttle: 429 once that address failed too often); `replacing` (a cookie already held) is signed out.
   */
  async signIn(input: { email: string; password: string; address: string; replacing?: string }) {
    const { db, clock, sessions, throttle } = this.deps;
    const attempt = await throttle.attempt(input.email, input.address);
    const profile = await db
      .selectFrom('profiles')
      .select(['id', 'password_hash'])
      .where('email', '=', input.email.trim().toLowerCase())
      .executeTakeFirst();
    // Unknown e-mail or no password: the same scrypt work against a decoy, so the answer's timing tells nothing either.
    const matches = profile?.password_hash
      ? await verifyPassword(input.password, profile.password_hash)
      : await verifyAgainstDecoy(input.password);
    if (!profile || !matches) throw new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
    await throttle.succeeded(attempt);

    const { token, hash } = generateSessionToken();
    const now = clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    const replaced = await db.transaction().execute(async (trx) => {
      const ended = input.replacing
        ? await trx.deleteFrom('sessions').where('token_hash', '=', hashSessionToken(input.replacing)).returning('profile_id').execute()
        : [];
      await trx
        .insertInto('sessions')
        .values({
          id: newId(),
          profile_id: profile.id,
          token_hash: hash,
          created_at: iso(now),
          last_used_at: iso(now),
          expires_at: iso(now + Math.min(sessions.idleTtlMs, sessions.maxLifetimeMs)),
          max_expires_at: iso(now + sessions.maxLifetimeMs),
        })
        .execute();
      return ended.map((row) => row.profile_id);
    });
    if (replaced.length > 0) await this.deps.accessChanges.changed(replaced);
    return { token, maxAgeMs: sessions.maxLifetimeMs, session: await this.describe(profile.id, token) };
  }

  /** The signed-in profile, its organizations and the CSRF token; 401 when the session has ended. */
  async current(token: string) {
    const principal = await this.deps.access.authenticateSession({ token });
    return this.describe(principal.profileId, token);
  }

  /**
   * Ends the session (its row deleted). A state-changing call like any other: without the CSRF token
   * 403. A session that has already ended is nothing to end: true when one was.
   */
  async signOut(token: string, csrf: string | undefined): Promise<boolean> {
    let profileId: string;
    try {
      ({ profileId } = await this.deps.access.authenticateSession({ token, csrf: { presented: csrf } }));
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHORIZED') return false;
      throw err;
    }
    await this.deps.db.deleteFrom('sessions').where('token_hash', '=', hashSessionToken(token)).execute();
    await this.deps.accessChanges.changed([profileId]);
    return true;
  }

  private async describe(profileId: string, token: string) {
    const { tenancy } = this.deps;
    const [profile, organizations] = await Promise.all([tenancy.getProfile(profileId), tenancy.organizationsOf(profileId)]);
    // Each membership with what its role may do: the console offers only that (its menus).
    const withPermissions = organizations.map((o) => ({ ...o, permissions: permissionsOf(o.role) }));
    return { profile, organizations: withPermissions, csrfToken: csrfTokenFor(token) };
  }
}
