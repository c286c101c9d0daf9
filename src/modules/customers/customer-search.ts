/**
 * The customer list (a read beyond the spec, docs/crm.md): filters, free-text search and cursor
 * pagination by id (UUID v7, so newest first is id descending). A contact filter goes through the
 * contact index (organization_id, type, match_key): the lookup stays flat at any size.
 */
import { sql, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { prepareQuery, type PreparedQuery } from '../../db/prepared.js';
import type { CustomersTable, DB } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import { tenantQueries, type TenantQueries } from '../../db/tenant.js';
import { CONTACT_TYPES, isContactType, normalizeContact, normalizeDocument } from '../shared/index.js';
import { loadCustomerRecords, recordsOfRows, type CustomerRecord } from './customer-record.js';
import { customerMatchIds } from './customer-index.js';
import { customerNeedle, escapeLike } from '../../lib/search-text.js';
import type { DefaultCountries } from '../../access/default-countries.js';
import { defaultCountryFor } from './references.js';

export interface CustomerListQuery {
  /** Free text: part of the name, e-mail, document or any contact (accents and case ignored; a phone's digits), or a whole contact. */
  q?: string;
  /** A contact value, normalized like a stored one (a phone in any format finds the customer). */
  contact?: string;
  contactType?: string;
  tagId?: string;
  stageId?: string;
  /** A member: the customers with a chat (any status) assigned to them (the funnel board's agent filter). */
  assigneeProfileId?: string;
  limit?: number;
  cursor?: string;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** Every (type, match key) the text could be as a contact; values that are not a valid contact of a type are skipped. */
function contactKeys(text: string, defaultCountry: string, onlyType?: string): { type: string; matchKey: string }[] {
  const types = onlyType ? [onlyType] : CONTACT_TYPES;
  return types.flatMap((type) => {
    try {
      return [{ type, matchKey: normalizeContact(type, text, defaultCountry).matchKey }];
    } catch {
      return [];
    }
  });
}

type CustomerRow = ExpressionBuilder<DB & { c: DB['customers'] }, 'c'>;

/** The organization's contact rows that are one of these contacts (type and match key). */
function contactsMatching(q: TenantQueries, keys: { type: string; matchKey: string }[]) {
  return q
    .selectFrom('customer_contacts')
    .where((k) => k.or(keys.map((key) => k.and([k('type', '=', key.type), k('match_key', '=', key.matchKey)]))));
}

/** Conditions "the customer holds one of these contacts" (an e-mail also as its primary e-mail). */
function holdsContact(eb: CustomerRow, q: TenantQueries, keys: { type: string; matchKey: string }[]) {
  if (keys.length === 0) return [];
  const emailKey = keys.find((k) => k.type === 'email')?.matchKey;
  return [eb('c.id', 'in', contactsMatching(q, keys).select('customer_id')), ...(emailKey ? [eb('c.email', '=', emailKey)] : [])];
}

/**
 * The lookup by contact and nothing else, an integration's most frequent read ("who is this
 * number?"): the ids of the customers holding the contact, built once per list of contact types it
 * tries (db/prepared.ts; the organization and the match keys are placeholders, the types are part of
 * the query's shape). The records are then read by id (`loadCustomerRecords`: one query for one
 * customer, the usual answer).
 *
 * Why two steps rather than one `customers … where id in (…) order by id desc`: SQLite runs that
 * form by building a temporary list of the subquery's ids and sorting the result, and with `order
 * by` on the contact table its planner walks the whole (organization_id, customer_id) index
 * instead. Measured on SQLite at 1,000 customers: 80 µs for the one-query form plus 27 µs for the
 * related rows, against about 15 µs for the ids and 13 µs for the record by id. The ids are few
 * (the holders of one contact), so they are ordered here. On PostgreSQL the one-query form saves a
 * round trip but was measured slower (432-572 against 683-992 lookups a second, same runs): the
 * server plans the larger statement on every run (0.7 ms of planning for 0.2 ms of execution).
 */
const holdersByTypes = new Map<string, PreparedQuery<Record<string, unknown>, { id: string }>>();

function contactHolders(types: string[]) {
  const shape = types.join(',');
  let holders = holdersByTypes.get(shape);
  if (!holders) {
    holders = prepareQuery<Record<string, unknown>>()((db, p) => {
      const q = tenantQueries(db, p('organizationId') as string);
      const keys = types.map((type, i) => ({ type, matchKey: p(`key${i}`) as string }));
      const byContact = contactsMatching(q, keys).select('customer_id as id');
      // An e-mail is also found as a customer's primary e-mail (as `holdsContact` does for a search).
      const email = types.indexOf('email');
      return email < 0
        ? byContact
        : byContact.union(
            q
              .selectFrom('customers')
              .select('id')
              .where('email', '=', p(`key${email}`) as string),
          );
    });
    holdersByTypes.set(shape, holders);
  }
  return holders;
}

/**
 * The customers a search text finds, as one list of ids: the index's matches, the holders of the
 * document and of the contacts it could be. Read as a list first, then the customers by id: as
 * conditions OR-ed beside the list's order, PostgreSQL walked every customer newest first, testing
 * each against the matches (108 ms for one match among 100,000 customers, and the whole table when
 * the text matches nobody; docs/capacity.md).
 */
async function candidates(
  db: Executor,
  q: TenantQueries,
  organizationId: string,
  needle: string,
  documentKey: string | undefined,
  keys: { type: string; matchKey: string }[],
) {
  const emailKey = keys.find((k) => k.type === 'email')?.matchKey;
  const sources = [
    await customerMatchIds(db, organizationId, needle),
    ...(documentKey ? [q.selectFrom('customers').select('id').where('document', '=', documentKey)] : []),
    ...(keys.length > 0 ? [contactsMatching(q, keys).select('customer_id as id')] : []),
    ...(emailKey ? [q.selectFrom('customers').select('id').where('email', '=', emailKey)] : []),
  ];
  // `select u.id from (…) as u union …`: SQLite refuses parenthesized selects as a compound's parts.
  return sql.join(
    sources.map((source, i) => sql`select ${sql.ref(`u${i}.id`)} from ${source} as ${sql.id(`u${i}`)}`),
    sql` union `,
  );
}

export async function listCustomers(
  db: Executor,
  organizationId: string,
  query: CustomerListQuery,
  countries: DefaultCountries,
): Promise<{ data: CustomerRecord[]; nextCursor: string | null }> {
  const limit = Math.min(Math.max(query.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const contactType = query.contactType && isContactType(query.contactType) ? query.contactType : undefined;
  const defaultCountry = await defaultCountryFor(
    db,
    organizationId,
    [
      ...(query.contact !== undefined ? [{ type: contactType, value: query.contact }] : []),
      ...(query.q !== undefined ? [{ value: query.q }] : []),
    ],
    countries,
  );
  const q = tenantQueries(db, organizationId);

  // The list names the customers table `c` (its filters are written against it), so its own filter is explicit.
  let select = db.selectFrom('customers as c').selectAll('c').where('c.organization_id', '=', organizationId);
  if (query.stageId) select = select.where('c.stage_id', '=', query.stageId);
  if (query.tagId) {
    const tagId = query.tagId;
    select = select.where('c.id', 'in', q.selectFrom('customer_tags').select('customer_id').where('tag_id', '=', tagId));
  }
  if (query.assigneeProfileId) {
    // Tenant-scoped: a member of another organization assigns no chat here, so the answer is empty.
    const assignee = query.assigneeProfileId;
    select = select.where('c.id', 'in', q.selectFrom('chats').select('customer_id').where('assignee_profile_id', '=', assignee));
  }
  if (query.contact !== undefined) {
    const keys = contactKeys(query.contact, defaultCountry, contactType);
    if (keys.length === 0) return { data: [], nextCursor: null };
    if (query.q === undefined && !query.stageId && !query.tagId && !query.assigneeProfileId && !query.cursor) {
      const params: Record<string, unknown> = { organizationId };
      keys.forEach((key, i) => (params[`key${i}`] = key.matchKey));
      const { rows } = await contactHolders(keys.map((key) => key.type)).execute(db, params);
      // Newest first, as every page of the list: ids are UUID v7, so their text order is their age.
      const ids = [...new Set(rows.map((row) => row.id))].sort().reverse();
      const page = ids.slice(0, limit);
      return { data: await loadCustomerRecords(q, page), nextCursor: ids.length > limit ? (page.at(-1) ?? null) : null };
    }
    select = select.where((eb) => eb.or(holdsContact(eb, q, keys)));
  }
  if (query.q !== undefined && query.q.trim() !== '') {
    const text = query.q.trim();
    const keys = contactKeys(text, defaultCountry);
    let documentKey: string | undefined;
    try {
      documentKey = normalizeDocument(text);
    } catch {
      documentKey = undefined;
    }
    // The index answers substrings of 3 characters or more; shorter text matches a name's start.
    const needle = customerNeedle(text);
    if (needle) select = select.where(sql<SqlBool>`c.id in (${await candidates(db, q, organizationId, needle, documentKey, keys)})`);
    else {
      const byName = sql<SqlBool>`lower(c.name) like ${`${escapeLike(text.toLowerCase())}%`} escape '\\'`;
      select = select.where((eb) =>
        eb.or([byName, ...(documentKey ? [eb('c.document', '=', documentKey)] : []), ...holdsContact(eb, q, keys)]),
      );
    }
  }
  if (query.cursor) select = select.where('c.id', '<', query.cursor);
  const rows = await select
    .orderBy('c.id', 'desc')
    .limit(limit + 1)
    .execute();
  return pageOf(q, rows, limit);
}

/** A page of `limit` records from rows read with one more, which tells whether another page follows. */
async function pageOf(q: TenantQueries, rows: Selectable<CustomersTable>[], limit: number) {
  const page = rows.slice(0, limit);
  const data = await recordsOfRows(q, page);
  return { data, nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
}
