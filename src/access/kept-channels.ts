/**
 * What a process resolved about a channel, kept: a send read the channel, its organization and the
 * caller's membership first, a provider's callback read the channel (and its organization's
 * settings) first, and on PostgreSQL each such read is one of the request's few round trips, while
 * a channel changes rarely next to how often a busy integration sends or a provider calls back.
 *
 * Each user keeps its own shape (modules/send: the send target per profile; provider-callbacks: the
 * callback's channel and target). Only what was found and usable is kept: a resolve that throws or
 * answers nothing keeps nothing, so a stranger's guesses fill nothing. Forgotten as the access
 * cache's entries are (access-changes.ts):
 * - the channel (its kind, config, settings, status, active flag or health) changed or deleted:
 *   `channel:<id>`, from the trigger of migration 0050 on PostgreSQL and a temporary trigger on
 *   SQLite (db/sqlite-change-notices.ts), whoever made the change;
 * - the organization's plan, send limit or settings changed, or it was deleted: `organization:<id>`;
 * - the profile's rights changed (a membership removed, a role changed): `profile:<id>`.
 * On SQLite another process's commit empties it (`data_version`). Not used while changes cannot be
 * heard (`live` false), read again after TTL_MS in any case, and a read that started before a
 * change and ends after it is not kept (`generation`, as in access-cache.ts).
 */
import { TTL_MS } from './access-cache.js';
import type { AccessChanges, Forget } from './access-changes.js';

/** Entries kept at most; past it, the oldest goes. */
const MAX_ENTRIES = 10_000;

interface Kept<T> {
  value: T;
  profileId: string | null;
  organizationId: string;
  channelId: string;
  at: number;
}

export class KeptChannels<T extends { organizationId: string }> {
  private readonly entries = new Map<string, Kept<T>>();
  private generation = 0;

  constructor(private readonly changes: AccessChanges) {
    changes.subscribe((forget) => this.forget(forget));
  }

  /**
   * What `resolve` answers for the channel (as the profile sees it, or within the organization, when
   * the answer depends on them): kept, or resolved. A throw is passed on and nothing is kept, nor is
   * an undefined answer.
   */
  async of<R extends T | undefined>(
    asked: { channelId: string; profileId?: string; organizationId?: string },
    resolve: () => Promise<R>,
  ): Promise<R> {
    const { channelId, profileId = null } = asked;
    const key = `${profileId ?? ''} ${asked.organizationId ?? ''} ${channelId}`;
    const now = Date.now();
    if (this.changes.live) {
      const entry = this.entries.get(key);
      if (entry && now - entry.at < TTL_MS) return entry.value as R;
    }
    const generation = this.generation;
    const value = await resolve();
    // `live` first: on SQLite it is what notices another process's commit (and forgets, moving the generation on).
    if (value !== undefined && this.changes.live && generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, profileId, organizationId: value.organizationId, channelId, at: now });
    }
    return value;
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
