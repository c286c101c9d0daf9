/**
 * Table types for Kysely. Conventions (both dialects):
 * - ids are UUID v7 strings (time-ordered, so they double as creation-order cursors);
 * - timestamps are ISO-8601 UTC strings (`timestamptz` on PostgreSQL, text on SQLite);
 * - JSON columns hold serialized JSON strings (`jsonb` on PostgreSQL, text on SQLite);
 * - flags are integers 0/1.
 * Every tenant table carries `organization_id`; organizations, profiles and api_keys are the
 * global identity tables (a profile is a member of many organizations).
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = string;
type Json = string;
type Flag = number;

export interface OrganizationsTable {
  id: string;
  name: string;
  plan: string;
  settings: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilesTable {
  id: string;
  name: string;
  email: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MembershipsTable {
  organization_id: string;
  profile_id: string;
  role: string;
  created_at: Timestamp;
}

export interface ApiKeysTable {
  id: string;
  profile_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  scopes: Json;
  allowed_ips: Json;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface ChannelsTable {
  id: string;
  organization_id: string;
  kind: string;
  name: string;
  config: Json;
  settings: Json;
  status: string;
  active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StagesTable {
  id: string;
  organization_id: string;
  name: string;
  funnel: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamsTable {
  id: string;
  organization_id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  organization_id: string;
  team_id: string;
  profile_id: string;
}

export interface CustomFieldDefinitionsTable {
  id: string;
  organization_id: string;
  slug: string;
  name: string;
  type: string;
  options: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TemplatesTable {
  id: string;
  organization_id: string;
  channel_id: string;
  name: string;
  language: string;
  status: string;
  components: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FlowsTable {
  id: string;
  organization_id: string;
  name: string;
  steps: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookEndpointsTable {
  id: string;
  organization_id: string;
  url: string;
  secret: string;
  events: Json;
  enabled: Flag;
  disabled_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomersTable {
  id: string;
  organization_id: string;
  name: string;
  email: string | null;
  document: string | null;
  country: string | null;
  person_type: string | null;
  sale_price: number | null;
  stage_id: string | null;
  stage_order: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerContactsTable {
  id: string;
  organization_id: string;
  customer_id: string;
  type: string;
  /** Normalized value (E.164 digits, lower-case e-mail, …) as shown to clients. */
  value: string;
  /** Duplicate-detection key: equal for values that are the same contact (e.g. BR ninth digit). */
  match_key: string;
  label: string | null;
  created_at: Timestamp;
}

export interface TagsTable {
  id: string;
  organization_id: string;
  name: string;
  color: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerTagsTable {
  organization_id: string;
  customer_id: string;
  tag_id: string;
  chat_id: string | null;
  created_at: Timestamp;
}

export interface NotesTable {
  id: string;
  organization_id: string;
  customer_id: string;
  title: string;
  content: string | null;
  author_profile_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomFieldValuesTable {
  organization_id: string;
  customer_id: string;
  field_definition_id: string;
  value: Json;
  updated_at: Timestamp;
}

export interface StageHistoryTable {
  id: string;
  organization_id: string;
  customer_id: string;
  from_stage_id: string | null;
  to_stage_id: string | null;
  stage_order: number | null;
  notes: string | null;
  chat_id: string | null;
  moved_by_profile_id: string | null;
  created_at: Timestamp;
}

export interface ChatsTable {
  id: string;
  organization_id: string;
  channel_id: string;
  customer_id: string;
  /** The contact value on this channel (normalized), e.g. E.164 digits for WhatsApp. */
  contact: string;
  status: string;
  team_id: string | null;
  assignee_profile_id: string | null;
  collaborator_profile_ids: Json;
  response_flow_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  closed_at: Timestamp | null;
}

export interface MessagesTable {
  id: string;
  organization_id: string;
  chat_id: string;
  channel_id: string;
  direction: string;
  recipient: string;
  type: string;
  content: Json;
  status: string;
  provider_message_id: string | null;
  error_code: string | null;
  error_message: string | null;
  sequence_id: string | null;
  sequence_index: number | null;
  temp_id: string | null;
  sender_profile_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * Set while an outbound message is pending and no job owns its sending: when a worker's sweep
   * must hand it to a `messages.send` job (its request did not finish). Null otherwise.
   */
  send_due_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface EventsTable {
  /** Monotonic cursor for `GET /events?after=`. */
  seq: Generated<number>;
  id: string;
  organization_id: string;
  type: string;
  payload: Json;
  created_at: Timestamp;
  /** PostgreSQL: the database clock at insert; the catch-up feed waits until a row has settled (migration 0004-webhooks-events-inserted-at). */
  inserted_at: Generated<Timestamp | null>;
}

export interface WebhookDeliveriesTable {
  id: string;
  organization_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  next_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The event's `events.seq` (migration 0004-webhooks). */
  event_seq: number | null;
  /** The subject the event is about (message, chat or customer id): deliveries about one subject go in order. */
  ordering_key: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  organization_id: string;
  delivery_id: string;
  attempted_at: Timestamp;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
}

export interface ProviderCallbacksTable {
  id: string;
  organization_id: string;
  channel_id: string;
  method: string;
  headers: Json;
  query: Json;
  body: string;
  received_at: Timestamp;
  processed_at: Timestamp | null;
}

export interface IdempotencyKeysTable {
  /** The API key that used the idempotency key: keys are scoped to it. */
  api_key_id: string;
  key: string;
  /** Which endpoint (method + route) the key was used on. */
  scope: string;
  organization_id: string | null;
  request_hash: string;
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface JobsTable {
  id: string;
  organization_id: string | null;
  type: string;
  payload: Json;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DB {
  organizations: OrganizationsTable;
  profiles: ProfilesTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  channels: ChannelsTable;
  stages: StagesTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  custom_field_definitions: CustomFieldDefinitionsTable;
  templates: TemplatesTable;
  flows: FlowsTable;
  webhook_endpoints: WebhookEndpointsTable;
  customers: CustomersTable;
  customer_contacts: CustomerContactsTable;
  tags: TagsTable;
  customer_tags: CustomerTagsTable;
  notes: NotesTable;
  custom_field_values: CustomFieldValuesTable;
  stage_history: StageHistoryTable;
  chats: ChatsTable;
  messages: MessagesTable;
  events: EventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  provider_callbacks: ProviderCallbacksTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
}
