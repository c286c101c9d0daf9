/**
 * The customer record returned by every customer endpoint (DESIGN.md §4 "Records returned"):
 * the row plus its contacts, tags and custom field values, loaded in one query for any number of
 * customers (a list page, which brings its rows, reads the related rows of the whole page in one more).
 */
import { sql, type AliasedRawBuilder, type ExpressionBuilder, type Selectable } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { isPostgres } from '../../db/executor.js';
import { everyColumn, prepareQuery } from '../../db/prepared.js';
import type { CustomersTable, DB } from '../../db/schema.js';
import type { TenantQueries } from '../../db/tenant.js';
import { notFound } from '../../errors.js';
import { fromJson } from '../../lib/json.js';

export interface CustomerContact {
  id: string;
  type: string;
  value: string;
  label: string | null;
}

export interface CustomerRecord {
  id: string;
  name: string;
  email: string | null;
  document: string | null;
  country: string | null;
  person_type: string | null;
  salePrice: number | null;
  stageId: string | null;
  stageOrder: number | null;
  contacts: CustomerContact[];
  tags: { id: string; name: string; color: string }[];
  customFields: { slug: string; field_definition_id: string; value: unknown }[];
  /** Opted out of bulk messages (customers/opt-out.ts). */
  optedOut: boolean;
  optedOutAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The customer's columns by name, never `customers.*`: on PostgreSQL a query naming its columns runs
 * as a prepared statement (db/connection.ts `runsNamed`), parsed once per connection and soon
 * planned once, inside a transaction too, where a `select *` cannot be (a column added by a
 * migration would change its result under it). Planning the record's three subqueries at every
 * run halved the lookup's throughput. The compiler checks the list is every column of the table.
 */
const CUSTOMER_COLUMNS = everyColumn<CustomersTable>()([
  'id',
  'organization_id',
  'name',
  'email',
  'document',
  'country',
  'person_type',
  'sale_price',
  'stage_id',
  'stage_order',
  'created_at',
  'updated_at',
  'opted_out',
  'opted_out_at',
]).map((column) => `customers.${column}` as const);

/**
 * One customer with its related rows, the query of every GET of a customer: built once
 * (db/prepared.ts). The organization is a placeholder like the id, never fixed at the first build.
 */
const recordById = prepareQuery<{ organizationId: string; id: string }>()((db, p) =>
  db
    .selectFrom('customers')
    .select(CUSTOMER_COLUMNS)
    .select((eb) => relatedOf(isPostgres(db), eb))
    .where('customers.organization_id', '=', p('organizationId'))
    .where('customers.id', '=', p('id')),
);

/** The related rows of one customer already read (a search's single answer). */
const relatedById = prepareQuery<{ organizationId: string; id: string }>()((db, p) =>
  db
    .selectFrom('customers')
    .select('customers.id')
    .select((eb) => relatedOf(isPostgres(db), eb))
    .where('customers.organization_id', '=', p('organizationId'))
    .where('customers.id', '=', p('id')),
);

/** Loads the records of `ids` in the order given; ids of another organization are skipped. */
export async function loadCustomerRecords(q: TenantQueries, ids: string[]): Promise<CustomerRecord[]> {
  if (ids.length === 0) return [];
  const rows =
    ids.length === 1
      ? (await recordById.execute(q.executor, { organizationId: q.organizationId, id: ids[0]! })).rows
      : await q
          .selectFrom('customers')
          .select(CUSTOMER_COLUMNS)
          .select((eb) => relatedOf(q.postgres, eb))
          .where('customers.id', 'in', ids)
          .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRecord(row, row)] : [];
  });
}

/** The records of customer rows already read (a list page), in their order: their related rows in one query. */
export async function recordsOfRows(q: TenantQueries, rows: Selectable<CustomersTable>[]): Promise<CustomerRecord[]> {
  if (rows.length === 0) return [];
  const related =
    rows.length === 1
      ? (await relatedById.execute(q.executor, { organizationId: q.organizationId, id: rows[0]!.id })).rows
      : await q
          .selectFrom('customers')
          .select('customers.id')
          .select((eb) => relatedOf(q.postgres, eb))
          .where(
            'customers.id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
  const byId = new Map(related.map((r) => [r.id, r]));
  return rows.map((row) => toRecord(row, byId.get(row.id) ?? { contacts: '[]', tags: '[]', custom_fields: '[]' }));
}

/** A record's related rows, each list as JSON text (one column each; both drivers hand JSON back as text). */
interface RelatedJson {
  contacts: string;
  tags: string;
  custom_fields: string;
}

/**
 * Contacts (by id), tags (by name) and custom field values (by slug) of the outer query's customer,
 * each aggregated into a JSON array by a correlated subquery on its (organization_id, customer_id, …)
 * index: json_agg on PostgreSQL, json_group_array on SQLite (Kysely's helpers). A field value is
 * JSON itself: carried as its text, so it is parsed once, as before, whatever the dialect stores.
 */
function relatedOf(postgres: boolean, eb: ExpressionBuilder<DB, 'customers'>) {
  const jsonArrayFrom = postgres ? postgresJsonArrayFrom : sqliteJsonArrayFrom;
  const valueText = postgres ? sql<string>`v.value::text` : sql<string>`v.value`;
  return [
    jsonArrayFrom(
      eb
        .selectFrom('customer_contacts as cc')
        .select(['cc.id', 'cc.type', 'cc.value', 'cc.label'])
        .whereRef('cc.organization_id', '=', 'customers.organization_id')
        .whereRef('cc.customer_id', '=', 'customers.id')
        .orderBy('cc.id'),
    ).as('contacts'),
    jsonArrayFrom(
      eb
        .selectFrom('customer_tags as ct')
        .innerJoin('tags as t', 't.id', 'ct.tag_id')
        .select(['t.id', 't.name', 't.color'])
        .whereRef('ct.organization_id', '=', 'customers.organization_id')
        .whereRef('ct.customer_id', '=', 'customers.id')
        .orderBy('t.name'),
    ).as('tags'),
    jsonArrayFrom(
      eb
        .selectFrom('custom_field_values as v')
        .innerJoin('custom_field_definitions as d', 'd.id', 'v.field_definition_id')
        .select(['d.slug', 'v.field_definition_id', valueText.as('value')])
        .whereRef('v.organization_id', '=', 'customers.organization_id')
        .whereRef('v.customer_id', '=', 'customers.id')
        .orderBy('d.slug'),
    ).as('custom_fields'),
  ] as unknown as [AliasedRawBuilder<string, 'contacts'>, AliasedRawBuilder<string, 'tags'>, AliasedRawBuilder<string, 'custom_fields'>];
}

function toRecord(row: Selectable<CustomersTable>, related: RelatedJson): CustomerRecord {
  const fields = JSON.parse(related.custom_fields) as { slug: string; field_definition_id: string; value: string }[];
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    document: row.document,
    country: row.country,
    person_type: row.person_type,
    salePrice: row.sale_price,
    stageId: row.stage_id,
    stageOrder: row.stage_order,
    contacts: JSON.parse(related.contacts) as CustomerContact[],
    tags: JSON.parse(related.tags) as CustomerRecord['tags'],
    customFields: fields.map((f) => ({
      slug: f.slug,
      field_definition_id: f.field_definition_id,
      value: fromJson<unknown>(f.value, null),
    })),
    optedOut: row.opted_out === 1,
    optedOutAt: row.opted_out_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function loadCustomerRecord(q: TenantQueries, id: string): Promise<CustomerRecord> {
  const [record] = await loadCustomerRecords(q, [id]);
  if (!record) throw notFound('CUSTOMER_NOT_FOUND', 'Customer');
  return record;
}
