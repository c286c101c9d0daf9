/**
 * The changed fields of a resource: a snapshot of its stored row before the request and after it,
 * compared field by field; only the fields that differ are kept, secrets masked whole as in every
 * answer (lib/masking.ts). The snapshot reads the resource's table by id, so it records the real
 * stored values whatever the route's answer shows.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { MASKED } from '../../lib/masking.js';

/** The table that stores each audited resource type (keyed by `id`, unless a loader below says otherwise). */
const TABLES: Record<string, keyof DB> = {
  customer: 'customers',
  contact: 'customer_contacts',
  note: 'notes',
  tag: 'tags',
  stage: 'stages',
  team: 'teams',
  'custom-field': 'custom_field_definitions',
  template: 'templates',
  flow: 'flows',
  'flow-run': 'flow_runs',
  webhook: 'webhook_endpoints',
  channel: 'channels',
  chat: 'chats',
  'api-key': 'api_keys',
  organization: 'organizations',
  profile: 'profiles',
  'event-sink': 'event_sinks',
  file: 'files',
};

/** Column and config names whose values are secrets (the channels' rule, plus stored hashes). */
const SECRET_KEY = /token|secret|password|^pass$|apikey|api_key|key$|hash/i;
/** Bookkeeping that changes with every write and tells nothing. */
const IGNORED = new Set(['updated_at']);

export type Snapshot = Record<string, unknown>;
export type Changes = Record<string, { before: unknown; after: unknown }>;

export function hasSnapshot(resourceType: string): boolean {
  return resourceType in TABLES || resourceType === 'member';
}

/** The stored state of one resource, or undefined when it does not exist (yet, or any more). */
export async function snapshot(
  db: Kysely<DB>,
  resourceType: string,
  id: string,
  organizationId: string | null,
): Promise<Snapshot | undefined> {
  if (resourceType === 'member') {
    if (!organizationId) return undefined;
    const row = await sql<Snapshot>`select * from memberships where organization_id = ${organizationId} and profile_id = ${id}`.execute(db);
    return row.rows[0];
  }
  const table = TABLES[resourceType];
  if (!table) return undefined;
  const row = (await sql<Snapshot>`select * from ${sql.table(table)} where id = ${id}`.execute(db)).rows[0];
  if (!row || resourceType !== 'customer') return row;
  // A customer's contacts, tags and field values are changed through its own routes: they are its
  // state. Read by the organization and the customer, which their indexes lead with: by the customer
  // alone each read scanned the whole table (7 ms for the contacts of a customer among 100,000).
  // The contacts are sorted here: asked for in SQL, SQLite walked the organization's contact-match
  // index for the order instead.
  const org = row.organization_id as string;
  const contacts = await sql<{ type: string; value: string }>`select type, value from customer_contacts
    where organization_id = ${org} and customer_id = ${id}`.execute(db);
  const tags = await sql<{ tag_id: string }>`select tag_id from customer_tags
    where organization_id = ${org} and customer_id = ${id} order by tag_id`.execute(db);
  const fields = await sql<Snapshot>`select field_definition_id, value from custom_field_values
    where organization_id = ${org} and customer_id = ${id} order by field_definition_id`.execute(db);
  return { ...row, contacts: contacts.rows.sort(byTypeThenValue), tags: tags.rows.map((t) => t.tag_id), field_values: fields.rows };
}

function byTypeThenValue(a: { type: string; value: string }, b: { type: string; value: string }): number {
  return a.type < b.type ? -1 : a.type > b.type ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
}

/** JSON columns arrive as text on SQLite (and sometimes PostgreSQL): read them so their secrets can be masked. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[[{]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function masked(key: string, value: unknown): unknown {
  if (SECRET_KEY.test(key) && value !== null && value !== undefined && typeof value !== 'object') return MASKED;
  if (Array.isArray(value)) return value.map((item) => masked(key, item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, masked(k, v)]));
  }
  return value;
}

function normalized(key: string, value: unknown): unknown {
  const v = parsed(value);
  return masked(key, v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v);
}

/** The fields that differ between two snapshots (a creation: every field set; a deletion: every field it had). */
export function diff(before: Snapshot | undefined, after: Snapshot | undefined): Changes | null {
  if (!before && !after) return null;
  const changes: Changes = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (IGNORED.has(key)) continue;
    const b = before ? normalized(key, before[key]) : null;
    const a = after ? normalized(key, after[key]) : null;
    const rawB = before ? before[key] : null;
    const rawA = after ? after[key] : null;
    // Compare the raw values: two different secrets both show masked, yet the change is recorded.
    if (JSON.stringify(normalizedRaw(rawB)) === JSON.stringify(normalizedRaw(rawA))) continue;
    if ((b === null || b === undefined) && (a === null || a === undefined)) continue;
    changes[key] = { before: b ?? null, after: a ?? null };
  }
  return changes;
}

function normalizedRaw(value: unknown): unknown {
  const v = parsed(value);
  return v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v;
}
