/**
 * A campaign's CSV audience (DESIGN.md §10 "Campaigns", docs/campaigns.md "CSV audience"):
 * `POST …/campaigns/{campaignId}/audience` with a CSV file, only while the campaign is a draft.
 * The header names the columns: `phone` (required), `name`, and custom fields by slug; any other
 * column is refused (400, row 1). Each row creates or updates a customer through the customers
 * service, so the same rules apply as to `POST …/customers` (phone normalization, duplicates,
 * custom field types): a customer whose WhatsApp or phone contact has the row's number is updated
 * (its name and the fields the row fills; blank cells change nothing), otherwise one is created
 * with the number as its WhatsApp contact (named by the number when the row has no name). A row the
 * service refuses is counted invalid with its row number and errors; the others go on. The
 * customers are recorded for the campaign (campaign_csv_customers, migration 0043) and join its
 * audience at the start.
 */
import { AppError, validationError } from '../../errors.js';
import { CsvSyntaxError, parseCsv } from '../../lib/csv.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { normalizeContact } from '../shared/index.js';
import { type CustomersService, organizationDefaultCountry } from '../customers/index.js';
import { tenantQueries } from '../../db/tenant.js';

/** The largest file taken (bytes) and the most data rows. */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;
/** Rows of different numbers imported at once (the customers service's group commit shares their commits). */
const CONCURRENCY = 16;
/** How many invalid rows the answer lists (all are counted). */
const LISTED_INVALID = 100;

export interface CsvImportResult {
  rows: number;
  created: number;
  updated: number;
  invalid: number;
  invalidRows: { row: number; errors: { field: string; message: string }[] }[];
}

export interface CsvImportDeps {
  db: Kysely<DB>;
  clock: Clock;
  customers: CustomersService;
}

export async function importAudienceCsv(
  deps: CsvImportDeps,
  organizationId: string,
  campaignId: string,
  bytes: Buffer,
  profileId: string | null,
): Promise<CsvImportResult> {
  const q = tenantQueries(deps.db, organizationId);
  const campaign = await q.selectFrom('campaigns').select(['status']).where('id', '=', campaignId).executeTakeFirst();
  if (!campaign) throw new AppError('CAMPAIGN_NOT_FOUND', 'Campaign not found');
  if (campaign.status !== 'draft')
    throw new AppError('INVALID_TRANSITION', `The campaign is ${campaign.status}; only a draft takes an audience file`);

  let table;
  try {
    table = parseCsv(bytes.toString('utf8'));
  } catch (err) {
    if (!(err instanceof CsvSyntaxError)) throw err;
    throw validationError(
      err.errors.slice(0, LISTED_INVALID).map((e) => ({ field: `row ${e.row}`, message: e.message })),
      'The file is not well-formed CSV',
    );
  }
  const header = table.header.map((h) => h.toLowerCase());
  if (!header.includes('phone'))
    throw validationError([{ field: 'row 1', message: 'the header has no "phone" column' }], 'The CSV needs a phone column');
  if (table.rows.length > CSV_MAX_ROWS)
    throw validationError(
      [{ field: 'file', message: `has ${table.rows.length} rows; at most ${CSV_MAX_ROWS}` }],
      'The CSV has too many rows',
    );
  const duplicated = header.filter((h, i) => header.indexOf(h) !== i);
  const slugs = header.filter((h) => h !== 'phone' && h !== 'name' && h !== '');
  const known = new Set(
    slugs.length === 0
      ? []
      : (await q.selectFrom('custom_field_definitions').select('slug').where('slug', 'in', slugs).execute()).map((r) => r.slug),
  );
  const unknown = slugs.filter((s) => !known.has(s));
  if (duplicated.length > 0 || unknown.length > 0)
    throw validationError(
      [
        ...duplicated.map((h) => ({ field: 'row 1', message: `the column "${h}" appears twice` })),
        ...unknown.map((h) => ({ field: 'row 1', message: `"${h}" is neither phone, name nor a custom field slug` })),
      ],
      'The CSV header has columns that cannot be read',
    );

  const defaultCountry = await organizationDefaultCountry(deps.db, organizationId);
  const result: CsvImportResult = { rows: table.rows.length, created: 0, updated: 0, invalid: 0, invalidRows: [] };
  const invalid = (row: number, err: AppError) => {
    result.invalid += 1;
    const errors = (err.details ?? [{ field: 'row', message: err.message }]).map((d) => ({
      field: d.field.replace(/^customFields\.\d+\./, ''),
      message: d.message,
    }));
    result.invalidRows.push({ row, errors });
  };
  // Rows of one number run in file order; different numbers run CONCURRENCY at a time, so the
  // customers service's group commit (db/transaction-batcher.ts) shares commits between them.
  const groups = new Map<string, { row: number; fields: string[] }[]>();
  for (const entry of table.rows) {
    const phone = (entry.fields[header.indexOf('phone')] ?? '').trim();
    try {
      if (phone === '') throw validationError([{ field: 'phone', message: 'is empty' }]);
      const { matchKey } = normalizeContact('whatsapp', phone, defaultCountry, 'phone');
      groups.set(matchKey, [...(groups.get(matchKey) ?? []), entry]);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      invalid(entry.row, err);
    }
  }
  const importRow = async (matchKey: string, { row, fields }: { row: number; fields: string[] }) => {
    const cell = (column: string) => (fields[header.indexOf(column)] ?? '').trim();
    const phone = cell('phone');
    const name = cell('name');
    const customFields = slugs.filter((slug) => cell(slug) !== '').map((slug) => ({ slug, value: cell(slug) }));
    try {
      const existing = await q
        .selectFrom('customer_contacts')
        .select('customer_id')
        .where('type', 'in', ['whatsapp', 'phone'])
        .where('match_key', '=', matchKey)
        .orderBy('created_at')
        .executeTakeFirst();
      let customerId: string;
      if (existing) {
        customerId = existing.customer_id;
        if (name !== '' || customFields.length > 0)
          await deps.customers.update(organizationId, customerId, { ...(name ? { name } : {}), customFields }, profileId);
        result.updated += 1;
      } else {
        const created = await deps.customers.create(
          organizationId,
          { name: name || phone, contacts: [{ type: 'whatsapp', value: phone }], customFields },
          profileId,
        );
        customerId = created.id;
        result.created += 1;
      }
      await deps.db
        .insertInto('campaign_csv_customers')
        .values({
          organization_id: organizationId,
          campaign_id: campaignId,
          customer_id: customerId,
          created_at: deps.clock.now().toISOString(),
        })
        .onConflict((oc) => oc.columns(['campaign_id', 'customer_id']).doNothing())
        .execute();
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      invalid(row, err);
    }
  };
  const pending = [...groups];
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      const [matchKey, rows] = next;
      for (const entry of rows) await importRow(matchKey, entry);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  result.invalidRows.sort((a, b) => a.row - b.row);
  result.invalidRows = result.invalidRows.slice(0, LISTED_INVALID);
  return result;
}
