/**
 * Each organization's default country (`settings.defaultCountry`, how a national number such as
 * "(11) 98765-4321" is read), kept in the process: a lookup or a customer write with such a number
 * read the organization first, and on PostgreSQL that was one of a lookup's three round trips.
 *
 * Forgotten as the access cache's entries are (access-changes.ts): at once in the process that
 * changed the organization's settings or deleted it (tenancy.service.ts), on PostgreSQL in every
 * process by the trigger of migration 0049 before that change's answer leaves, on SQLite in another
 * process by `PRAGMA data_version`. Not used while changes cannot be heard (`live` false), and read
 * again after TTL_MS in any case. A read that started before a change and ends after it is not kept
 * (`generation`, as in access-cache.ts).
 */
import { TTL_MS } from './access-cache.js';
import type { AccessChanges, Forget } from './access-changes.js';

/** Organizations kept at most; past it, the oldest goes. */
const MAX_ENTRIES = 10_000;

export class DefaultCountries {
  private readonly entries = new Map<string, { country: string; at: number }>();
  private generation = 0;

  constructor(private readonly changes: AccessChanges) {
    changes.subscribe((forget) => this.forget(forget));
  }

  /** The organization's default country: kept, or `read` (which throws for an unknown organization, and nothing is kept). */
  async of(organizationId: string, read: () => Promise<string>): Promise<string> {
    const now = Date.now();
    if (this.changes.live) {
      const entry = this.entries.get(organizationId);
      if (entry && now - entry.at < TTL_MS) return entry.country;
    }
    const generation = this.generation;
    const country = await read();
    // `live` first: on SQLite it is what notices another process's commit (and forgets, moving the generation on).
    if (this.changes.live && generation === this.generation) {
      this.entries.delete(organizationId);
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(organizationId, { country, at: now });
    }
    return country;
  }

  private forget(forget: Forget): void {
    this.generation++;
    if (forget === 'all') this.entries.clear();
    else if ('organizationId' in forget) this.entries.delete(forget.organizationId);
  }
}
