/**
 * The agents' queue without chats nobody answered (DESIGN §11 "The list"): `GET …/chats?status=pending
 * &customerWrote=true` pages the chats of a state in which the customer has written. A send or a
 * campaign opens thousands of chats the customer never wrote in; through the plain
 * (organization_id, status, id) index a page would skip every one of them. This partial index holds
 * only the chats with a customer message, so the page is a range read whatever was sent.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index chats_org_status_wrote_idx on chats (organization_id, status, id) where last_inbound_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index chats_org_status_wrote_idx`.execute(db);
}
