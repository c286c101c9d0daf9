/**
 * What authentication read last time, kept in the process so a request with a known credential
 * costs no query: API keys and sessions by their hash, and a profile's role per organization (null:
 * not a member). Emptied for a profile the moment its rights change (access-changes.ts), and never
 * used while those changes cannot be heard (`live` false). Unknown credentials are not kept (a
 * stranger's guesses must not fill memory); each map is bounded, dropping its oldest entry when full,
 * and an entry is read again after TTL_MS in any case (a safety net, not the invalidation).
 *
 * A read that started before a change and ends after it must not put the old rights back: every
 * forget moves `generation` on, and a fill with an older generation is dropped.
 */
import type { AccessChanges, Forget } from './access-changes.js';

/** A cached entry is read again after this long even if nothing said it changed. */
export const TTL_MS = 60_000;
/** Entries per map at most (keys, sessions, memberships). */
const MAX_ENTRIES = 10_000;

export interface CachedKey {
  id: string;
  profileId: string;
  scopes: string[];
  allowedIps: string[];
  revoked: boolean;
  lastUsedAt: string | null;
}

export interface CachedSession {
  id: string;
  profileId: string;
  lastUsedAt: string;
  expiresAt: string;
  maxExpiresAt: string;
}

class BoundedMap<V extends { profileId: string }> {
  private readonly entries = new Map<string, { value: V; at: number }>();

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at < TTL_MS) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, value: V, now: number): void {
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, at: now });
  }

  forget(forget: Forget): void {
    if (forget === 'all') return this.entries.clear();
    if (!('profileId' in forget)) return; // an organization or a channel: no right held here
    for (const [key, entry] of this.entries) if (entry.value.profileId === forget.profileId) this.entries.delete(key);
  }
}

export class AccessCache {
  private readonly keys = new BoundedMap<CachedKey>();
  private readonly sessions = new BoundedMap<CachedSession>();
  private readonly roles = new BoundedMap<{ profileId: string; role: string | null }>();
  private generation = 0;

  constructor(private readonly changes: AccessChanges) {
    changes.subscribe((forget) => this.forget(forget));
  }

  /** Taken before a read whose result will be cached: `fill` drops the result if rights changed meanwhile. */
  begin(): number {
    return this.generation;
  }

  /** The credential's cached row; looks whether rights changed elsewhere first (`live`), so call `role` right after. */
  key(hash: string): CachedKey | undefined {
    return this.changes.live ? this.keys.get(hash, Date.now()) : undefined;
  }

  /** As `key`, for a session. */
  session(hash: string): CachedSession | undefined {
    return this.changes.live ? this.sessions.get(hash, Date.now()) : undefined;
  }

  /** The profile's role in the organization: a string, null (not a member), undefined (not known); after `key` or `session`. */
  role(profileId: string, organizationId: string): string | null | undefined {
    return this.roles.get(`${profileId} ${organizationId}`, Date.now())?.role;
  }

  fill(
    generation: number,
    entries: {
      key?: [string, CachedKey];
      session?: [string, CachedSession];
      role?: { profileId: string; organizationId: string; role: string | null };
    },
  ): void {
    // `live` first: on SQLite it is what notices another process's commit (and forgets, moving the generation on).
    if (!this.changes.live || generation !== this.generation) return;
    const now = Date.now();
    if (entries.key) this.keys.set(entries.key[0], entries.key[1], now);
    if (entries.session) this.sessions.set(entries.session[0], entries.session[1], now);
    if (entries.role) {
      const { profileId, organizationId, role } = entries.role;
      this.roles.set(`${profileId} ${organizationId}`, { profileId, role }, now);
    }
  }

  private forget(forget: Forget): void {
    this.generation++;
    this.keys.forget(forget);
    this.sessions.forget(forget);
    this.roles.forget(forget);
  }
}
