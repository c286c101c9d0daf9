/**
 * Checks that an id named in a request is a row of the caller's organization. A row of another
 * organization is answered exactly like a missing one. Ids named in a path are 404; ids named in a
 * body of a create/update (stage, tags) are invalid input, 400, as the spec says for `stageId`.
 */
import { AppError, notFound, validationError } from '../../errors.js';
import type { DefaultCountries } from '../../access/default-countries.js';
import type { Executor } from '../../db/executor.js';
import { prepareQuery } from '../../db/prepared.js';
import type { TenantQueries } from '../../db/tenant.js';
import { fromJson } from '../../lib/json.js';
import { COUNTRY_NOT_NEEDED, DEFAULT_COUNTRY, needsDefaultCountry } from '../shared/index.js';

export async function requireCustomer(q: TenantQueries, customerId: string): Promise<void> {
  const row = await q.selectFrom('customers').select('id').where('id', '=', customerId).executeTakeFirst();
  if (!row) throw notFound('CUSTOMER_NOT_FOUND', 'Customer');
}

export async function requireChat(q: TenantQueries, chatId: string): Promise<void> {
  const row = await q.selectFrom('chats').select('id').where('id', '=', chatId).executeTakeFirst();
  if (!row) throw notFound('CHAT_NOT_FOUND', 'Chat');
}

export async function requireStageInBody(q: TenantQueries, stageId: string, field = 'stageId'): Promise<void> {
  const row = await q.selectFrom('stages').select('id').where('id', '=', stageId).executeTakeFirst();
  if (!row) throw validationError([{ field, message: 'is not a stage of this organization' }], 'Invalid stage');
}

export async function stageExists(q: TenantQueries, stageId: string): Promise<boolean> {
  const row = await q.selectFrom('stages').select('id').where('id', '=', stageId).executeTakeFirst();
  return row !== undefined;
}

export async function requireTagsInBody(q: TenantQueries, tagIds: string[], field = 'selectedTags'): Promise<void> {
  if (tagIds.length === 0) return;
  const rows = await q.selectFrom('tags').select('id').where('id', 'in', tagIds).execute();
  const known = new Set(rows.map((r) => r.id));
  const details = tagIds.flatMap((id, i) =>
    known.has(id) ? [] : [{ field: `${field}.${i}`, message: 'is not a tag of this organization' }],
  );
  if (details.length > 0) throw validationError(details, 'Unknown tag');
}

/** The organization's settings.defaultCountry, used to read bare national phone numbers. */
/** Read on every lookup and contact write: built once (db/prepared.ts). */
const organizationById = prepareQuery<{ id: string }>()((db, p) => db.selectFrom('organizations').selectAll().where('id', '=', p('id')));

export async function organizationDefaultCountry(db: Executor, organizationId: string): Promise<string> {
  const [row] = (await organizationById.execute(db, { id: organizationId })).rows;
  if (!row) throw new AppError('ORGANIZATION_NOT_FOUND', 'Organization not found');
  return fromJson<{ defaultCountry?: string }>(row.settings, {}).defaultCountry ?? DEFAULT_COUNTRY;
}

/**
 * The organization's default country, kept in `countries` (access/default-countries.ts): what a
 * request outside a transaction uses (a lookup, a customer or a field value written), so the
 * organization is read once, not on every request.
 */
export function keptDefaultCountry(db: Executor, organizationId: string, countries: DefaultCountries): Promise<string> {
  return countries.of(organizationId, () => organizationDefaultCountry(db, organizationId));
}

/**
 * The organization's default country (kept: `keptDefaultCountry`) if reading any of these contacts
 * needs it (`needsDefaultCountry`); otherwise COUNTRY_NOT_NEEDED, and the organization is not read.
 */
export async function defaultCountryFor(
  db: Executor,
  organizationId: string,
  contacts: { type?: string; value: string }[],
  countries: DefaultCountries,
): Promise<string> {
  return contacts.some((contact) => needsDefaultCountry(contact.value, contact.type))
    ? keptDefaultCountry(db, organizationId, countries)
    : COUNTRY_NOT_NEEDED;
}
