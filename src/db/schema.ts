/**
 * Table types for Kysely. Conventions (both dialects):
 * - ids are UUID v7 strings (time-ordered, so they double as creation-order cursors);
 * - timestamps are ISO-8601 UTC strings (`timestamptz` on PostgreSQL, text on SQLite);
 * - JSON columns hold serialized JSON strings (`jsonb` on PostgreSQL, text on SQLite);
 * - flags are integers 0/1.
 * Every tenant table carries `organization_id`; organizations, profiles, api_keys and sessions are the
 * global identity tables (a profile is a member of many organizations).
 */
import type { ColumnType } from 'kysely';

import type { Flag, Json, Timestamp } from './column-kinds.js';
import type {
  ChatsTable,
  FilesTable,
  FlowRunStepsTable,
  FlowRunsTable,
  MessageSequencesTable,
  MessagesTable,
  ScheduledMessagesTable,
  CampaignsTable,
  CampaignRecipientsTable,
  CampaignCsvCustomersTable,
  PriceTableTable,
  CannedResponsesTable,
  ChatNotesTable,
  ReportChatHoursTable,
} from './schema-conversations.js';
import type {
  EventListenersTable,
  EventsTable,
  IdempotencyKeysTable,
  JobsTable,
  EventSinksTable,
  AuditLogTable,
  EmailOptOutSignalsTable,
  ImapMailboxesTable,
  ProviderCallbackTokensTable,
  ProviderCallbacksTable,
  WebhookAttemptsTable,
  WebhookDeliveriesTable,
} from './schema-operations.js';
import type { GovernorBusinessInitiatedTable, GovernorChannelsTable, GovernorRecipientsTable } from './schema-governor.js';

export type * from './schema-conversations.js';
export type * from './schema-operations.js';
export type * from './schema-governor.js';

export interface OrganizationsTable {
  id: string;
  name: string;
  plan: string;
  settings: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The organization's own send limit a minute; null: its plan's (migration 0016). */
  send_limit_per_minute: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ProfilesTable {
  id: string;
  name: string;
  email: string;
  /** The console password's scrypt hash (access/passwords.ts); null: the profile cannot sign in. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A signed-in console session: the cookie carries the token, the table only its SHA-256. */
export interface SessionsTable {
  id: string;
  profile_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  /** Sliding: pushed back on use, never past max_expires_at. */
  expires_at: Timestamp;
  max_expires_at: Timestamp;
}

/** Failed console sign-ins in a window (access/sign-in-throttle.ts); no organization: identity rows. */
export interface SignInThrottlesTable {
  /** SHA-256 of what is counted: an (e-mail, address) pair or an address. */
  key: string;
  failures: number;
  window_ends_at: Timestamp;
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
  /** What the vendor's own signals say (migration 0026): ok, throttled, disconnected, banned. */
  health: ColumnType<string, string | undefined, string>;
  /** The last signal that set `health`: `{ code, message, at }` (JSON), null before any. */
  health_signal: ColumnType<Json | null, Json | null | undefined, Json | null>;
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
  /** Round-robin cursor: the member the team's last auto-assigned chat went to. */
  last_assigned_profile_id: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Meta's category: marketing · utility · authentication (migration 0034); null when not known. */
  category: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** 1 when the customer opted out of bulk messages (DESIGN.md §10 "Opt-out"; migration 0034). */
  opted_out: ColumnType<number, number | undefined, number>;
  opted_out_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
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

export interface DB {
  organizations: OrganizationsTable;
  profiles: ProfilesTable;
  memberships: MembershipsTable;
  api_keys: ApiKeysTable;
  sessions: SessionsTable;
  sign_in_throttles: SignInThrottlesTable;
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
  files: FilesTable;
  message_sequences: MessageSequencesTable;
  scheduled_messages: ScheduledMessagesTable;
  campaigns: CampaignsTable;
  campaign_recipients: CampaignRecipientsTable;
  campaign_csv_customers: CampaignCsvCustomersTable;
  price_table: PriceTableTable;
  canned_responses: CannedResponsesTable;
  chat_notes: ChatNotesTable;
  report_chat_hours: ReportChatHoursTable;
  flow_runs: FlowRunsTable;
  flow_run_steps: FlowRunStepsTable;
  events: EventsTable;
  event_listeners: EventListenersTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  provider_callbacks: ProviderCallbacksTable;
  provider_callback_tokens: ProviderCallbackTokensTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  event_sinks: EventSinksTable;
  audit_log: AuditLogTable;
  governor_channels: GovernorChannelsTable;
  governor_recipients: GovernorRecipientsTable;
  governor_business_initiated: GovernorBusinessInitiatedTable;
  imap_mailboxes: ImapMailboxesTable;
  email_opt_out_signals: EmailOptOutSignalsTable;
}
