/** Valid create bodies for each admin organization resource, for tests that treat them alike. */
import { newId } from '../../src/lib/ids.js';
import type { SeededOrganization, TestService } from '../support/harness.js';

export const RESOURCES = ['stages', 'teams', 'custom-fields', 'templates', 'flows'] as const;
export type ResourcePath = (typeof RESOURCES)[number];

export const NOT_FOUND_CODE: Record<ResourcePath, string> = {
  stages: 'STAGE_NOT_FOUND',
  teams: 'TEAM_NOT_FOUND',
  'custom-fields': 'FIELD_NOT_FOUND',
  templates: 'TEMPLATE_NOT_FOUND',
  flows: 'FLOW_NOT_FOUND',
};

export function createBody(resource: ResourcePath, org: SeededOrganization): Record<string, unknown> {
  switch (resource) {
    case 'stages':
      return { name: 'Lead' };
    case 'teams':
      return { name: 'Support', memberProfileIds: [org.profileId] };
    case 'custom-fields':
      return { slug: 'company_size', name: 'Company size', type: 'select', options: ['small', 'large'] };
    case 'templates':
      return {
        channelId: org.channels.whatsapp_official,
        name: 'order_shipped',
        language: 'pt_BR',
        status: 'approved',
        components: [{ type: 'BODY', text: 'Shipped {{1}}' }],
      };
    case 'flows':
      return {
        name: 'Welcome',
        steps: [
          { type: 'send_message', text: 'Hello' },
          { type: 'wait', seconds: 60 },
        ],
      };
  }
}

/** A tag of the organization, written directly (the tags module is not the admin API's). */
export async function insertTag(svc: TestService, organizationId: string, name = 'vip'): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await svc.db
    .insertInto('tags')
    .values({ id, organization_id: organizationId, name, color: '#000000', created_at: now, updated_at: now })
    .execute();
  return id;
}

/** A customer, written directly, optionally in a stage. */
export async function insertCustomer(svc: TestService, organizationId: string, stageId: string | null = null): Promise<string> {
  const now = new Date().toISOString();
  const id = newId();
  await svc.db
    .insertInto('customers')
    .values({
      id,
      organization_id: organizationId,
      name: 'Ana',
      email: null,
      document: null,
      country: null,
      person_type: null,
      sale_price: null,
      stage_id: stageId,
      stage_order: stageId ? 1 : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export function fields(body: { error: { details?: { field: string }[] } }): string[] {
  return (body.error.details ?? []).map((d) => d.field).sort();
}
