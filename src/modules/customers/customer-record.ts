/**
 * The customer record returned by every customer endpoint (DESIGN.md §4 "Records returned"):
 * the row plus its contacts, tags and custom field values, loaded in four queries for any number
 * of customers (a list page costs the same as one record; it brings its rows, so three).
 */
import type { Selectable } from 'kysely';
import type { CustomersTable } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
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
export async function loadCustomerRecords(db: Executor, organizationId: string, ids: string[]): Promise<CustomerRecord[]> {
  if (ids.length === 0) return [];
  const [rows, related] = await Promise.all([
    db.selectFrom('customers').selectAll().where('organization_id', '=', organizationId).where('id', 'in', ids).execute(),
    loadRelated(db, organizationId, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRecord(row, related)] : [];
  });
}

/** The records of customer rows already read (a list page), in their order. */
export async function recordsOfRows(db: Executor, organizationId: string, rows: Selectable<CustomersTable>[]): Promise<CustomerRecord[]> {
  if (rows.length === 0) return [];
  const related = await loadRelated(
    db,
    organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toRecord(row, related));
}

type Related = Awaited<ReturnType<typeof loadRelated>>;

function loadRelated(db: Executor, organizationId: string, ids: string[]) {
  return Promise.all([
    db
      .selectFrom('customer_contacts')
      .select(['id', 'customer_id', 'type', 'value', 'label'])
      .where('organization_id', '=', organizationId)
      .where('customer_id', 'in', ids)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('customer_tags as ct')
      .innerJoin('tags as t', 't.id', 'ct.tag_id')
      .select(['ct.customer_id', 't.id', 't.name', 't.color'])
      .where('ct.organization_id', '=', organizationId)
      .where('ct.customer_id', 'in', ids)
      .orderBy('t.name')
      .execute(),
    db
      .selectFrom('custom_field_values as v')
      .innerJoin('custom_field_definitions as d', 'd.id', 'v.field_definition_id')
      .select(['v.customer_id', 'd.slug', 'v.field_definition_id', 'v.value'])
      .where('v.organization_id', '=', organizationId)
      .where('v.customer_id', 'in', ids)
      .orderBy('d.slug')
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

export async function loadCustomerRecord(db: Executor, organizationId: string, id: string): Promise<CustomerRecord> {
  const [record] = await loadCustomerRecords(db, organizationId, [id]);
  if (!record) throw notFound('CUSTOMER_NOT_FOUND', 'Customer');
  return record;
}
