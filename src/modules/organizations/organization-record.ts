/**
 * The Organization record the admin API shows: its row with the settings' defaults filled in.
 */
import type { Selectable } from 'kysely';
import type { OrganizationsTable } from '../../db/schema.js';
import { fromJson } from '../../lib/json.js';
import { DEFAULT_COUNTRY } from '../shared/index.js';
import type { OrganizationSettings, Plan } from './tenancy.schemas.js';

export interface OrganizationRecord {
  id: string;
  name: string;
  plan: Plan;
  settings: OrganizationSettings;
  /** Its own send limit a minute; null: its plan's. */
  sendLimitPerMinute: number | null;
  createdAt: string;
  updatedAt: string;
}

export const DEFAULT_ORGANIZATION_SETTINGS: OrganizationSettings = { defaultCountry: DEFAULT_COUNTRY, signMessagesByDefault: false };

export function toOrganization(row: Selectable<OrganizationsTable>): OrganizationRecord {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan as Plan,
    settings: { ...DEFAULT_ORGANIZATION_SETTINGS, ...fromJson<Partial<OrganizationSettings>>(row.settings, {}) },
    sendLimitPerMinute: row.send_limit_per_minute ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
