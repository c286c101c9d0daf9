/**
 * The send targets a process resolved, kept: each send read the channel, its organization and the
 * caller's membership first (one statement, on PostgreSQL one of a send's round trips), and these
 * change rarely next to how often a busy integration sends.
 *
 * Kept per (profile, channel), as resolved: a member's target only (an unknown channel, another
 * organization's or an unusable one throws and is not kept, so a stranger's guesses fill nothing).
 * Forgotten as the access cache's entries are (access/access-changes.ts):
 * - the channel (its kind, config, settings, status, active flag or health) changed or deleted:
 *   `channel:<id>`, from the trigger of migration 0050 on PostgreSQL and a temporary trigger on
 *   SQLite (db/sqlite-change-notices.ts), whoever made the change;
 * - the organization's plan, send limit or settings changed, or it was deleted: `organization:<id>`;
 * - the profile's rights changed (a membership removed, a role changed): `profile:<id>`.
 * On SQLite another process's commit empties it (`data_version`). Not used while changes cannot be
 * heard (`live` false), read again after TTL_MS in any case, and a read that started before a
 * change and ends after it is not kept (`generation`, as in access/access-cache.ts).
 */
import { TTL_MS } from '../../access/access-cache.js';
import type { AccessChanges, Forget } from '../../access/access-changes.js';

/** Targets kept at most; past it, the oldest goes. */
const MAX_ENTRIES = 10_000;

interface Kept<T> {
  target: T;
  profileId: string;
  organizationId: string;
  channelId: string;
  at: number;
}

export class SendTargets<T extends { organizationId: string; channelId: string }> {
  private readonly entries = new Map<string, Kept<T>>();
  private generation = 0;

  constructor(private readonly changes: AccessChanges) {
    changes.subscribe((forget) => this.forget(forget));
  }

  /** The profile's target on the channel: kept, or `resolve`d (a throw is passed on and nothing is kept). */
  async of(profileId: string, channelId: string, resolve: () => Promise<T>): Promise<T> {
    const key = `${profileId} ${channelId}`;
    const now = Date.now();
    if (this.changes.live) {
      const entry = this.entries.get(key);
      if (entry && now - entry.at < TTL_MS) return entry.target;
    }
    const generation = this.generation;
    const target = await resolve();
    // `live` first: on SQLite it is what notices another process's commit (and forgets, moving the generation on).
    if (this.changes.live && generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { target, profileId, organizationId: target.organizationId, channelId: target.channelId, at: now });
    }
    return target;
  }

  private forget(forget: Forget): void {
    this.generation++;
    if (forget === 'all') return this.entries.clear();
    const concerned = (entry: Kept<T>) =>
      'profileId' in forget
        ? entry.profileId === forget.profileId
        : 'organizationId' in forget
          ? entry.organizationId === forget.organizationId
          : entry.channelId === forget.channelId;
    for (const [key, entry] of this.entries) if (concerned(entry)) this.entries.delete(key);
  }
}
