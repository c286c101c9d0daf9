/** Fixtures shared by the CRM tests: stages and custom-field definitions inserted directly, and a small API client. */
import type { InjectOptions } from 'fastify';
import { newId } from '../../src/lib/ids.js';
import { toJson } from '../../src/lib/json.js';
import type { SeededOrganization, TestService } from '../support/harness.js';

export async function insertStage(svc: TestService, organizationId: string, name = 'Lead'): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await svc.db
    .insertInto('stages')
    .values({ id, organization_id: organizationId, name, funnel: 'default', position: 0, created_at: now, updated_at: now })
    .execute();
  return id;
}

/** The organization's `settings.defaultCountry`, written directly (national numbers are read in it). */
export async function setDefaultCountry(svc: TestService, organizationId: string, country: string): Promise<void> {
  await svc.db
    .updateTable('organizations')
    .set({ settings: toJson({ defaultCountry: country }) })
    .where('id', '=', organizationId)
    .execute();
}

export async function insertField(
  svc: TestService,
  organizationId: string,
  slug: string,
  type: string,
  options: unknown[] = [],
): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await svc.db
    .insertInto('custom_field_definitions')
    .values({ id, organization_id: organizationId, slug, name: slug, type, options: toJson(options), created_at: now, updated_at: now })
    .execute();
  return id;
}

export async function insertChat(svc: TestService, org: SeededOrganization, customerId: string): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await svc.db
    .insertInto('chats')
    .values({
      id,
      organization_id: org.organizationId,
      channel_id: org.channels.whatsapp_official,
      customer_id: customerId,
      contact: '5511987654321',
      status: 'pending',
      team_id: null,
      assignee_profile_id: null,
      collaborator_profile_ids: '[]',
      response_flow_id: null,
      created_at: now,
      updated_at: now,
      closed_at: null,
    })
    .execute();
  return id;
}

/** Calls `/api/{org}/…` with the organization's key. */
export function orgApi(svc: TestService, org: SeededOrganization) {
  return (method: InjectOptions['method'], path: string, payload?: unknown) =>
    svc.inject({ method, url: `/api/${org.organizationId}${path}`, headers: org.keyHeader, payload: payload as never });
}

export async function eventsOf(svc: TestService, organizationId: string, type?: string): Promise<{ type: string; data: any }[]> {
  let query = svc.db.selectFrom('events').select(['type', 'payload']).where('organization_id', '=', organizationId);
  if (type) query = query.where('type', '=', type);
  const rows = await query.orderBy('seq').execute();
  return rows.map((r) => ({ type: r.type, data: JSON.parse(r.payload) }));
}
