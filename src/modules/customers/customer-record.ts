/**
 * The customer record returned by every customer endpoint (DESIGN.md §4 "Records returned"):
 * the row plus its contacts, tags and custom field values, loaded in four queries for any number
 * of customers (a list page costs the same as one record; it brings its rows, so three).
 */
import type { Selectable } from 'kysely';
import type { CustomersTable } from '../../db/schema.js';
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
  createdAt: string;
  updatedAt: string;
}

/** Loads the records of `ids` in the order given; ids of another organization are skipped. */
export async function loadCustomerRecords(q: TenantQueries, ids: string[]): Promise<CustomerRecord[]> {
  if (ids.length === 0) return [];
  const [rows, related] = await Promise.all([q.selectFrom('customers').selectAll().where('id', 'in', ids).execute(), loadRelated(q, ids)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRecord(row, related)] : [];
  });
}

/** The records of customer rows already read (a list page), in their order. */
export async function recordsOfRows(q: TenantQueries, rows: Selectable<CustomersTable>[]): Promise<CustomerRecord[]> {
  if (rows.length === 0) return [];
  const related = await loadRelated(
    q,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRecord(row, related));
}

type Related = Awaited<ReturnType<typeof loadRelated>>;

// The joins name their tables in full (no aliases), so the tenant starter's filter applies to the first.
function loadRelated(q: TenantQueries, ids: string[]) {
  return Promise.all([
    q
      .selectFrom('customer_contacts')
      .select(['id', 'customer_id', 'type', 'value', 'label'])
      .where('customer_id', 'in', ids)
      .orderBy('id')
      .execute(),
    q
      .selectFrom('customer_tags')
      .innerJoin('tags', 'tags.id', 'customer_tags.tag_id')
      .select(['customer_tags.customer_id', 'tags.id', 'tags.name', 'tags.color'])
      .where('customer_tags.customer_id', 'in', ids)
      .orderBy('tags.name')
      .execute(),
    q
      .selectFrom('custom_field_values')
      .innerJoin('custom_field_definitions', 'custom_field_definitions.id', 'custom_field_values.field_definition_id')
      .select([
        'custom_field_values.customer_id',
        'custom_field_definitions.slug',
        'custom_field_values.field_definition_id',
        'custom_field_values.value',
      ])
      .where('custom_field_values.customer_id', 'in', ids)
      .orderBy('custom_field_definitions.slug')
      .execute(),
  ]);
}

function toRecord(row: Selectable<CustomersTable>, [contacts, tags, fields]: Related): CustomerRecord {
  const id = row.id;
  return {
    id,
    name: row.name,
    email: row.email,
    document: row.document,
    country: row.country,
    person_type: row.person_type,
    salePrice: row.sale_price,
    stageId: row.stage_id,
    stageOrder: row.stage_order,
    contacts: contacts
      .filter((c) => c.customer_id === id)
      .map(({ id: contactId, type, value, label }) => ({ id: contactId, type, value, label })),
    tags: tags.filter((t) => t.customer_id === id).map(({ id: tagId, name, color }) => ({ id: tagId, name, color })),
    customFields: fields
      .filter((f) => f.customer_id === id)
      .map((f) => ({ slug: f.slug, field_definition_id: f.field_definition_id, value: fromJson<unknown>(f.value, null) })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function loadCustomerRecord(q: TenantQueries, id: string): Promise<CustomerRecord> {
  const [record] = await loadCustomerRecords(q, [id]);
  if (!record) throw notFound('CUSTOMER_NOT_FOUND', 'Customer');
  return record;
}
