/**
 * The duplicate rule (DESIGN.md §4): within an organization a contact (type + match key), an
 * e-mail and a document belong to one customer, unless the request allows duplicates. An e-mail
 * is one value whether it is a customer's primary e-mail or one of its e-mail contacts. The 409
 * names what the request sent that collided (contact, e-mail or document) and the other customer.
 */
import { sql } from 'kysely';
import { AppError, type ErrorCode } from '../../errors.js';
import { isPostgres, type Executor } from '../../db/executor.js';
import type { TenantQueries } from '../../db/tenant.js';
import { customerIdByContact, customerIdByEmail } from './contact-queries.js';

export interface ContactClaim {
  type: string;
  matchKey: string;
  /** Where the request named it, e.g. `contacts.1.value`. */
  field: string;
}

export interface UniqueClaims {
  contacts: ContactClaim[];
  email?: string | null;
  document?: string | null;
}

function duplicate(code: Extract<ErrorCode, `DUPLICATE_${string}`>, field: string, what: string, existingCustomerId: string): AppError {
  return new AppError(
    code,
    `Another customer already has this ${what}`,
    [{ field, message: `belongs to customer ${existingCustomerId}` }],
    {
      existingCustomerId,
    },
  );
}

/** Throws 409 for the first claimed value that another customer (not `exceptCustomerId`) holds. */
export async function assertNoDuplicates(q: TenantQueries, claims: UniqueClaims, exceptCustomerId?: string): Promise<void> {
  for (const contact of claims.contacts) {
    const holder =
      contact.type === 'email'
        ? await customerIdByEmail(q, contact.matchKey, exceptCustomerId)
        : await customerIdByContact(q, contact.type, contact.matchKey, exceptCustomerId);
    if (holder) throw duplicate('DUPLICATE_CONTACT', contact.field, `${contact.type} contact`, holder);
  }
  if (claims.email) {
    const holder = await customerIdByEmail(q, claims.email, exceptCustomerId);
    if (holder) throw duplicate('DUPLICATE_EMAIL', 'email', 'e-mail', holder);
  }
  if (claims.document) {
    let query = q.selectFrom('customers').select('id').where('document', '=', claims.document);
    if (exceptCustomerId) query = query.where('id', '!=', exceptCustomerId);
    const holder = await query.limit(1).executeTakeFirst();
    if (holder) throw duplicate('DUPLICATE_DOCUMENT', 'document', 'document', holder.id);
  }
}

/**
 * Serializes concurrent claims of the same values on PostgreSQL (transaction-scoped advisory
 * locks, taken in a fixed order so two claimants never deadlock); without it two requests could
 * both see "free" and both insert. SQLite has a single writer, so the check is already serial.
 */
export async function lockClaimedValues({ trx, organizationId }: { trx: Executor; organizationId: string }, keys: string[]): Promise<void> {
  if (!isPostgres(trx)) return;
  for (const key of [...new Set(keys)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${`${organizationId}:${key}`}))`.execute(trx);
  }
}

export function claimKeys(claims: UniqueClaims): string[] {
  return [
    ...claims.contacts.map((c) => (c.type === 'email' ? `email:${c.matchKey}` : `contact:${c.type}:${c.matchKey}`)),
    ...(claims.email ? [`email:${claims.email}`] : []),
    ...(claims.document ? [`document:${claims.document}`] : []),
  ];
}
