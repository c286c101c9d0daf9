/**
 * Each organization's default country (`settings.defaultCountry`, how a national number such as
 * "(11) 98765-4321" is read), kept in the process: a lookup or a customer write with such a number
 * read the organization first, and on PostgreSQL that was one of a lookup's three round trips.
 *
 * Forgotten as the access cache's entries are (access-changes.ts): at once in the process that
 * changed the organization's settings or deleted it (tenancy.service.ts), on PostgreSQL in every
 * process by the trigger of migration 0049 before that change's answer leaves, on SQLite in another
 * process by `PRAGMA data_version`. Not used while changes cannot be heard (`live` false), and read
 * again after a minute in any case. A read that started before a change and ends after it is not kept
 * (kept-answers.ts).
 */
import type { AccessChanges } from './access-changes.js';
import { KeptAnswers } from './kept-answers.js';

export class DefaultCountries {
  private readonly answers: KeptAnswers<string>;

  constructor(changes: AccessChanges) {
    this.answers = new KeptAnswers(changes);
  }

  /** The organization's default country: kept, or `read` (which throws for an unknown organization, and nothing is kept). */
  of(organizationId: string, read: () => Promise<string>): Promise<string> {
    return this.answers.of(organizationId, read, () => ({ organizationId }));
  }
}
