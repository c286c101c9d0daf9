/** Helpers of the chat create tests: the endpoint over real HTTP, and what it left in the database. */
import type { SeededOrganization, TestService } from '../support/harness.js';
import { post } from '../messages/support.js';

export function createChat(svc: TestService, org: SeededOrganization, body: unknown, headers: Record<string, string> = org.keyHeader) {
  return post(svc, `/api/${org.organizationId}/chat/create`, body, headers);
}

export async function chatRow(svc: TestService, chatId: string) {
  return svc.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
}

export async function customerOf(svc: TestService, org: SeededOrganization, customerId: string) {
  return svc.services.customers.get(org.organizationId, customerId);
}

export async function counts(svc: TestService, organizationId: string) {
  const count = async (table: 'chats' | 'customers' | 'messages' | 'customer_contacts' | 'events') =>
    Number(
      (
        await svc.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organization_id', '=', organizationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    chats: await count('chats'),
    customers: await count('customers'),
    messages: await count('messages'),
    contacts: await count('customer_contacts'),
    events: await count('events'),
  };
}

export async function eventsOf(svc: TestService, organizationId: string, type: string) {
  const rows = await svc.db
    .selectFrom('events')
    .select('payload')
    .where('organization_id', '=', organizationId)
    .where('type', '=', type)
    .orderBy('seq')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as Record<string, any>);
}

/** A second member of the organization (for assignment tests). */
export async function addMember(svc: TestService, org: SeededOrganization, name: string): Promise<string> {
  const profile = await svc.services.tenancy.createProfile({ name, email: `${name.toLowerCase()}-${org.organizationId}@example.com` });
  await svc.services.tenancy.addMember(org.organizationId, { profileId: profile.id, role: 'agent' });
  return profile.id;
}
