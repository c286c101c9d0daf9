/**
 * Console sign-in throttling (DESIGN §14, docs/security.md "The HTTP edge"). Failed sign-ins are
 * counted per (e-mail, client address) pair and per client address, never per e-mail alone: guesses
 * from one address throttle that address's tries at that e-mail (SIGN_IN_RATE_LIMIT_EMAIL), so nobody
 * can lock an agent out from elsewhere, and a looser cap per address across e-mails
 * (SIGN_IN_RATE_LIMIT_IP) slows password spraying. Each count runs in a fixed window from its first
 * failure (15 minutes), on the injected clock.
 *
 * The counts are rows of `sign_in_throttles` (migration 0022), so every process of a deployment
 * shares them whatever its shape. An attempt is counted before the password is checked, by one
 * upsert that answers the new count, so concurrent guesses cannot all slip under the limit; a
 * successful sign-in then takes its count back (and clears its pair). Keys are SHA-256 hashes: the
 * table holds neither e-mails nor addresses. The housekeeping deletes ended windows.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SessionsConfig } from '../config.js';
import type { DB } from '../db/schema.js';
import { RateLimitedError } from '../errors.js';
import type { Clock } from '../lib/clock.js';

export type SignInLimits = Pick<SessionsConfig, 'signInLimitPerEmail' | 'signInLimitPerIp' | 'signInWindowMs'>;

/** The counts an attempt was charged to, to take back when it succeeds. */
export interface CountedAttempt {
  pairKey: string;
  addressKey: string;
}

function keyOf(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

export class SignInThrottle {
  constructor(private readonly deps: { db: Kysely<DB>; clock: Clock; limits: SignInLimits }) {}

  /**
   * Counts an attempt at `email` from `address` as a failure until `succeeded` says otherwise.
   * Throws 429 (RateLimitedError, with the seconds until the window ends) when the address, or the
   * pair, is over its limit; an address refused does not count against the pair.
   */
  async attempt(email: string, address: string): Promise<CountedAttempt> {
    const { limits } = this.deps;
    const counted = { pairKey: `pair:${keyOf(email.trim().toLowerCase(), address)}`, addressKey: `address:${keyOf(address)}` };
    await this.count(counted.addressKey, limits.signInLimitPerIp, 'Too many failed sign-ins from this address');
    await this.count(counted.pairKey, limits.signInLimitPerEmail, 'Too many failed sign-ins for this e-mail from this address');
    return counted;
  }

  /** The attempt signed in: its pair starts afresh and the address's count is taken back. */
  async succeeded(counted: CountedAttempt): Promise<void> {
    const { db } = this.deps;
    await db.deleteFrom('sign_in_throttles').where('key', '=', counted.pairKey).execute();
    await db
      .updateTable('sign_in_throttles')
      .set({ failures: sql`failures - 1` })
      .where('key', '=', counted.addressKey)
      .where('failures', '>', 0)
      .execute();
  }

  private async count(key: string, limit: number, message: string): Promise<void> {
    const now = this.deps.clock.now();
    const nowIso = now.toISOString();
    const endsAt = new Date(now.getTime() + this.deps.limits.signInWindowMs).toISOString();
    const ended = sql<boolean>`sign_in_throttles.window_ends_at <= ${nowIso}`;
    const row = await this.deps.db
      .insertInto('sign_in_throttles')
      .values({ key, failures: 1, window_ends_at: endsAt })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql`case when ${ended} then 1 else sign_in_throttles.failures + 1 end`,
          window_ends_at: sql`case when ${ended} then ${endsAt} else sign_in_throttles.window_ends_at end`,
        }),
      )
      .returning(['failures', 'window_ends_at'])
      .executeTakeFirstOrThrow();
    if (row.failures > limit) {
      const seconds = Math.max(1, Math.ceil((Date.parse(row.window_ends_at) - now.getTime()) / 1000));
      throw new RateLimitedError(`${message}; retry in ${seconds} seconds`, seconds);
    }
  }
}
