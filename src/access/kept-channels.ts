/**
 * What a process resolved about a channel, kept: a send read the channel, its organization and the
 * caller's membership first, a provider's callback read the channel (and its organization's
 * settings) first, and on PostgreSQL each such read is one of the request's few round trips, while
 * a channel changes rarely next to how often a busy integration sends or a provider calls back.
 *
 * Each user keeps its own shape (modules/send: the send target per profile; provider-callbacks: the
 * callback's channel and target; chat create: the channel with its organization's default country). Only what was found and usable is kept: a resolve that throws or
 * answers nothing keeps nothing, so a stranger's guesses fill nothing. Forgotten as the access
 * cache's entries are (access-changes.ts):
 * - the channel (its kind, config, settings, status, active flag or health) changed or deleted:
 *   `channel:<id>`, from the trigger of migration 0050 on PostgreSQL and a temporary trigger on
 *   SQLite (db/sqlite-change-notices.ts), whoever made the change;
 * - the organization's plan, send limit or settings changed, or it was deleted: `organization:<id>`;
 * - the profile's rights changed (a membership removed, a role changed): `profile:<id>`.
 * On SQLite another process's commit empties it (`data_version`). Not used while changes cannot be
 * heard (`live` false), read again after a minute in any case, and a read that started before a
 * change and ends after it is not kept (kept-answers.ts).
 */
import type { AccessChanges } from './access-changes.js';
import { KeptAnswers } from './kept-answers.js';

export class KeptChannels<T extends { organizationId: string }> {
  private readonly answers: KeptAnswers<T>;

  constructor(changes: AccessChanges) {
    this.answers = new KeptAnswers(changes);
  }

  /**
   * What `resolve` answers for the channel (as the profile sees it, or within the organization, when
   * the answer depends on them): kept, or resolved. A throw is passed on and nothing is kept, nor is
   * an undefined answer.
   */
  of<R extends T | undefined>(
    asked: { channelId: string; profileId?: string; organizationId?: string },
    resolve: () => Promise<R>,
  ): Promise<R> {
    const { channelId, profileId } = asked;
    return this.answers.of(`${profileId ?? ''} ${asked.organizationId ?? ''} ${channelId}`, resolve, (value) => ({
      channelId,
      organizationId: value.organizationId,
      ...(profileId ? { profileId } : {}),
    }));
  }
}
