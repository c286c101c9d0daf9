/**
 * Answers read from the database, kept in the process until what they were read from changes: the
 * one mechanism behind the default countries (default-countries.ts) and the kept channels
 * (kept-channels.ts), each of which says what it keeps and which changes forget it.
 *
 * - An entry carries tags (the profile, organization and channel it depends on); a change heard
 *   through AccessChanges (access-changes.ts) forgets every entry tagged with what changed, and
 *   `'all'` forgets everything.
 * - Nothing is used while changes cannot be heard (`live` false), and an entry is read again after
 *   TTL_MS in any case (a safety net, not the invalidation).
 * - A read that started before a change and ends after it is not kept: every forget moves
 *   `generation` on, and a fill with an older generation is dropped (as in access-cache.ts).
 * - Only answers are kept: a read that throws or answers undefined keeps nothing, so a stranger's
 *   guesses fill nothing. At most MAX_ENTRIES; past it, the oldest goes.
 * - An answer is shared by every later request, so it is frozen (itself and the objects it holds
 *   directly, such as a channel's config and settings; not deeper): a caller that changed it would
 *   change it for the next one, and now fails instead.
 */
import { TTL_MS } from './access-cache.js';
import type { AccessChanges, Forget } from './access-changes.js';

const MAX_ENTRIES = 10_000;

/** What an answer depends on: a change to any of these forgets it. */
export interface AnswerTags {
  profileId?: string;
  organizationId?: string;
  channelId?: string;
}

interface Entry<V> {
  value: V;
  tags: AnswerTags;
  at: number;
}

export class KeptAnswers<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private generation = 0;

  constructor(private readonly changes: AccessChanges) {
    changes.subscribe((forget) => this.forget(forget));
  }

  /** The answer kept under `key`, or `read` (then kept with the tags `tagsOf` gives it). */
  async of<R extends V | undefined>(key: string, read: () => Promise<R>, tagsOf: (value: V) => AnswerTags): Promise<R> {
    const now = Date.now();
    if (this.changes.live) {
      const entry = this.entries.get(key);
      if (entry && now - entry.at < TTL_MS) return entry.value as R;
    }
    const generation = this.generation;
    const value = frozen(await read());
    // `live` first: on SQLite it is what notices another process's commit (and forgets, moving the generation on).
    if (value !== undefined && this.changes.live && generation === this.generation) {
      this.entries.delete(key);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value, tags: tagsOf(value), at: now });
    }
    return value;
  }

  private forget(forget: Forget): void {
    this.generation++;
    if (forget === 'all') return this.entries.clear();
    const [tag, id] =
      'profileId' in forget
        ? (['profileId', forget.profileId] as const)
        : 'organizationId' in forget
          ? (['organizationId', forget.organizationId] as const)
          : (['channelId', forget.channelId] as const);
    for (const [key, entry] of this.entries) if (entry.tags[tag] === id) this.entries.delete(key);
  }
}

/** The answer and the objects it holds directly, frozen (see above). */
function frozen<R>(value: R): R {
  if (value === null || typeof value !== 'object') return value;
  for (const held of Object.values(value)) if (held !== null && typeof held === 'object') Object.freeze(held);
  return Object.freeze(value);
}
