/**
 * Search (DESIGN §11): an index of customers (name, e-mail, document, every contact's value) for
 * accent- and case-insensitive substring search, partial phone numbers included, and an index of
 * message text (a text message's text, a media message's caption) for word search.
 *
 * The indexes are kept by triggers on the tables they index, so every path that writes a customer,
 * a contact or a message (there are many: the API, callbacks, flows, imports, erasure) keeps them
 * current without knowing of them, and nothing can forget to.
 *
 * - SQLite: FTS5 tables. Customers use the `trigram` tokenizer (any substring of 3 characters or more
 *   is an index lookup; `remove_diacritics 1` folds accents, and it is case-insensitive), messages
 *   `unicode61` with diacritics removed (words and word prefixes). Each index row's rowid is its
 *   source row's rowid, so a trigger updates or deletes it by key. The indexed id columns are
 *   UNINDEXED: reads join on them, so an index row never answers for another row.
 * - PostgreSQL: plain tables filled by one trigger function each, folded with `unaccent(lower(…))`;
 *   customers under a `pg_trgm` GIN index (substring `like`), messages under a GIN index of their
 *   `simple` tsvector (words and prefixes). Both extensions ship with PostgreSQL and are trusted (an
 *   organization's database owner may create them). They cascade from the rows they index.
 */
import { sql, type Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// The text of a customer `c` (a customers row), for SQLite: name, e-mail, document and every contact.
const SQLITE_CUSTOMER_TEXT = `c.name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.document, '') || ' ' ||
  coalesce((select group_concat(cc.value, ' ') from customer_contacts cc where cc.customer_id = c.id), '')`;

const sqliteReindexCustomer = (customer: string) => `
  delete from customer_search where rowid = (select rowid from customers where id = ${customer});
  insert into customer_search (rowid, body, organization_id, customer_id)
    select c.rowid, ${SQLITE_CUSTOMER_TEXT}, c.organization_id, c.id from customers c where c.id = ${customer};`;

// A message's searchable text: its text, or its caption; nothing once deleted.
export const sqliteMessageText = (m: string) =>
  `case when ${m}.deleted_at is null and json_valid(${m}.content)
     then coalesce(json_extract(${m}.content, '$.text'), json_extract(${m}.content, '$.caption')) end`;

async function sqliteUp(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create virtual table customer_search using fts5(body, organization_id unindexed, customer_id unindexed, tokenize = 'trigram remove_diacritics 1')`,
    `create virtual table message_search using fts5(body, organization_id unindexed, message_id unindexed, chat_id unindexed, tokenize = 'unicode61 remove_diacritics 2')`,
    `create trigger customer_search_ai after insert on customers begin ${sqliteReindexCustomer('new.id')} end`,
    `create trigger customer_search_au after update of name, email, document on customers begin ${sqliteReindexCustomer('new.id')} end`,
    `create trigger customer_search_ad after delete on customers begin delete from customer_search where rowid = old.rowid; end`,
    `create trigger customer_search_contact_ai after insert on customer_contacts begin ${sqliteReindexCustomer('new.customer_id')} end`,
    `create trigger customer_search_contact_au after update of value on customer_contacts begin ${sqliteReindexCustomer('new.customer_id')} end`,
    `create trigger customer_search_contact_ad after delete on customer_contacts begin ${sqliteReindexCustomer('old.customer_id')} end`,
    `create trigger message_search_ai after insert on messages when ${sqliteMessageText('new')} is not null begin
       insert into message_search (rowid, body, organization_id, message_id, chat_id)
         values (new.rowid, ${sqliteMessageText('new')}, new.organization_id, new.id, new.chat_id); end`,
    `create trigger message_search_au after update of content, deleted_at on messages begin
       delete from message_search where rowid = old.rowid;
       insert into message_search (rowid, body, organization_id, message_id, chat_id)
         select new.rowid, ${sqliteMessageText('new')}, new.organization_id, new.id, new.chat_id where ${sqliteMessageText('new')} is not null; end`,
    `create trigger message_search_ad after delete on messages begin delete from message_search where rowid = old.rowid; end`,
    `insert into customer_search (rowid, body, organization_id, customer_id) select c.rowid, ${SQLITE_CUSTOMER_TEXT}, c.organization_id, c.id from customers c`,
    `insert into message_search (rowid, body, organization_id, message_id, chat_id)
       select m.rowid, ${sqliteMessageText('m')}, m.organization_id, m.id, m.chat_id from messages m where ${sqliteMessageText('m')} is not null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgresUp(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create extension if not exists pg_trgm`,
    `create extension if not exists unaccent`,
    `create table customer_search (
       customer_id text primary key references customers(id) on delete cascade,
       organization_id text not null,
       body text not null)`,
    `create index customer_search_body_trgm on customer_search using gin (body gin_trgm_ops)`,
    `create table message_search (
       message_id text primary key references messages(id) on delete cascade,
       organization_id text not null,
       chat_id text not null,
       body text not null)`,
    `create index message_search_body_tsv on message_search using gin (to_tsvector('simple', body))`,
    `create function customer_search_refresh(target text) returns void language plpgsql as $$
     begin
       insert into customer_search (customer_id, organization_id, body)
         select c.id, c.organization_id, unaccent(lower(
           c.name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.document, '') || ' ' ||
           coalesce((select string_agg(cc.value, ' ') from customer_contacts cc where cc.customer_id = c.id), '')))
         from customers c where c.id = target
       on conflict (customer_id) do update set body = excluded.body;
     end $$`,
    `create function customer_search_on_customer() returns trigger language plpgsql as $$
     begin perform customer_search_refresh(new.id); return null; end $$`,
    `create function customer_search_on_contact() returns trigger language plpgsql as $$
     begin
       if tg_op = 'DELETE' then perform customer_search_refresh(old.customer_id);
       else perform customer_search_refresh(new.customer_id); end if;
       return null;
     end $$`,
    `create trigger customer_search_customer after insert or update of name, email, document on customers
       for each row execute function customer_search_on_customer()`,
    `create trigger customer_search_contact after insert or update of value or delete on customer_contacts
       for each row execute function customer_search_on_contact()`,
    `create function message_search_text(m messages) returns text language sql stable as $$
       select case when m.deleted_at is null and jsonb_typeof(m.content) = 'object'
         then unaccent(lower(coalesce(m.content->>'text', m.content->>'caption'))) end $$`,
    `create function message_search_on_message() returns trigger language plpgsql as $$
     declare body text := message_search_text(new);
     begin
       if body is null then delete from message_search where message_id = new.id;
       else insert into message_search (message_id, organization_id, chat_id, body)
              values (new.id, new.organization_id, new.chat_id, body)
            on conflict (message_id) do update set body = excluded.body;
       end if;
       return null;
     end $$`,
    `create trigger message_search_message after insert or update of content, deleted_at on messages
       for each row execute function message_search_on_message()`,
    `insert into customer_search (customer_id, organization_id, body)
       select c.id, c.organization_id, unaccent(lower(
         c.name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.document, '') || ' ' ||
         coalesce((select string_agg(cc.value, ' ') from customer_contacts cc where cc.customer_id = c.id), '')))
       from customers c`,
    `insert into message_search (message_id, organization_id, chat_id, body)
       select m.id, m.organization_id, m.chat_id, message_search_text(m) from messages m where message_search_text(m) is not null`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) await postgresUp(db);
  else await sqliteUp(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (columnTypes(db).postgres) {
    for (const statement of [
      'drop trigger message_search_message on messages',
      'drop trigger customer_search_contact on customer_contacts',
      'drop trigger customer_search_customer on customers',
      'drop function message_search_on_message',
      'drop function message_search_text',
      'drop function customer_search_on_contact',
      'drop function customer_search_on_customer',
      'drop function customer_search_refresh',
      'drop table message_search',
      'drop table customer_search',
    ])
      await sql.raw(statement).execute(db);
    return;
  }
  for (const trigger of [
    'customer_search_ai',
    'customer_search_au',
    'customer_search_ad',
    'customer_search_contact_ai',
    'customer_search_contact_au',
    'customer_search_contact_ad',
    'message_search_ai',
    'message_search_au',
    'message_search_ad',
  ])
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  await sql.raw('drop table message_search').execute(db);
  await sql.raw('drop table customer_search').execute(db);
}
