/**
 * The customer search index (0037) re-reads a customer's contacts on every write of the customer or
 * of a contact, with `where cc.customer_id = c.id`. The contacts' index is (organization_id,
 * customer_id), so without the organization that subquery read every contact of every
 * organization: a seed of 100,000 customers went quadratic (the campaign bench found it: 1,001
 * contacts in five minutes), and each API write paid one scan of the table. The subquery now names
 * the organization too; the triggers (SQLite) and the refresh function (PostgreSQL) are rebuilt with it.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

const contactsOf = (organizationFilter: boolean, aggregate: 'group_concat' | 'string_agg') =>
  `coalesce((select ${aggregate}(cc.value, ' ') from customer_contacts cc where ${
    organizationFilter ? 'cc.organization_id = c.organization_id and ' : ''
  }cc.customer_id = c.id), '')`;

const sqliteReindexCustomer = (customer: string, organizationFilter: boolean) => `
  delete from customer_search where rowid = (select rowid from customers where id = ${customer});
  insert into customer_search (rowid, body, organization_id, customer_id)
    select c.rowid, c.name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.document, '') || ' ' ||
      ${contactsOf(organizationFilter, 'group_concat')}, c.organization_id, c.id from customers c where c.id = ${customer};`;

const SQLITE_TRIGGERS = (organizationFilter: boolean) => [
  `create trigger customer_search_ai after insert on customers begin ${sqliteReindexCustomer('new.id', organizationFilter)} end`,
  `create trigger customer_search_au after update of name, email, document on customers begin ${sqliteReindexCustomer('new.id', organizationFilter)} end`,
  `create trigger customer_search_contact_ai after insert on customer_contacts begin ${sqliteReindexCustomer('new.customer_id', organizationFilter)} end`,
  `create trigger customer_search_contact_au after update of value on customer_contacts begin ${sqliteReindexCustomer('new.customer_id', organizationFilter)} end`,
  `create trigger customer_search_contact_ad after delete on customer_contacts begin ${sqliteReindexCustomer('old.customer_id', organizationFilter)} end`,
];
const SQLITE_TRIGGER_NAMES = [
  'customer_search_ai',
  'customer_search_au',
  'customer_search_contact_ai',
  'customer_search_contact_au',
  'customer_search_contact_ad',
];

const postgresRefresh = (
  organizationFilter: boolean,
) => `create or replace function customer_search_refresh(target text) returns void language plpgsql as $$
  begin
    insert into customer_search (customer_id, organization_id, body)
      select c.id, c.organization_id, unaccent(lower(
        c.name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.document, '') || ' ' ||
        ${contactsOf(organizationFilter, 'string_agg')}))
      from customers c where c.id = target
    on conflict (customer_id) do update set body = excluded.body;
  end $$`;

async function rebuild(db: Kysely<unknown>, organizationFilter: boolean): Promise<void> {
  if (columnTypes(db).postgres) {
    await sql.raw(postgresRefresh(organizationFilter)).execute(db);
    return;
  }
  for (const name of SQLITE_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  for (const statement of SQLITE_TRIGGERS(organizationFilter)) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}
