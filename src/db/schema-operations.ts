/** Table types of the event log, webhook deliveries, provider callbacks, idempotency answers and jobs (see schema.ts for the conventions). */
import type { ColumnType, Generated } from 'kysely';
import type { Flag, Timestamp, Json } from './column-kinds.js';

export interface EventsTable {
  /** Monotonic cursor for `GET /events?after=`. */
  seq: Generated<number>;
  id: string;
  organization_id: string;
  type: string;
  payload: Json;
  created_at: Timestamp;
  /** PostgreSQL: the database clock at insert (migration 0004). No longer read: the feed orders by `xid` (0014); kept for processes of the previous version during an upgrade. */
  inserted_at: Generated<Timestamp | null>;
  /** PostgreSQL: the inserting transaction (xid8, read as text), the first key of the log's order (migration 0014-events-commit-order). Null on SQLite. */
  xid: Generated<string | null>;
}

/** PostgreSQL: an organization some process streams events of; its events notify (event-log/event-listeners.ts). */
export interface EventListenersTable {
  organization_id: string;
  /** The streaming process. */
  listener_id: string;
  /** Refreshed while the process has streams of the organization; an expired row no longer counts. */
  expires_at: Timestamp;
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

/** A signed callback's one-time token, kept while its timestamp is fresh (migration 0021). */
export interface ProviderCallbackTokensTable {
  channel_id: string;
  token: string;
  organization_id: string;
  seen_at: Timestamp;
}

export interface IdempotencyKeysTable {
  /** The API key that used the idempotency key: keys are scoped to it. */
  api_key_id: string;
  key: string;
  /** Which endpoint (method + route) the key was used on. */
  scope: string;
  organization_id: string | null;
  request_hash: string;
  /**
   * `running` (claimed, nothing committed), `committed` (the effect committed with this answer in
   * its transaction; the request may still be finishing) or `done` (answered).
   */
  state: string;
  response_status: number | null;
  response_body: string | null;
  /** Refreshed by the running request's heartbeat: a claim not refreshed for the stale time belongs to a dead process. */
  created_at: Timestamp;
  expires_at: Timestamp;
  /** This claim's own random token: the effect's transaction writes the answer only while the claim is still its own. */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** Higher is claimed first among due jobs (migration 0019); 0 for most, JOB_PRIORITY_TIMER for timers. */
  priority: Generated<number>;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A stream of the event log into a broker (migration 0032, modules/event-sinks). */
export interface EventSinksTable {
  id: string;
  /** `nats`, `rabbitmq` or `kafka`. */
  kind: string;
  /** The broker's address, credentials included (masked in every answer). */
  url: string;
  /** Only this organization's events; null: every organization's. */
  organization_id: string | null;
  /** JSON array of event types to stream; null: all. */
  events: Json | null;
  /** The NATS subject prefix, RabbitMQ exchange or Kafka topic. */
  target: string;
  enabled: Flag;
  /** The place in the log streamed up to: transaction (PostgreSQL; '0' on SQLite) and sequence. */
  cursor_xid: string;
  cursor_seq: number;
  published_count: Generated<number>;
  failure_count: Generated<number>;
  last_published_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  /** The process streaming it and until when, unless it renews (sink-runner.ts). */
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The audit log (migration 0024, modules/audit): who changed what, from where, when. */
export interface AuditLogTable {
  id: string;
  organization_id: string | null;
  /** `session` (a person in the console), `api-key` or `admin` (the ADMIN_TOKEN). */
  actor_type: string;
  profile_id: string | null;
  api_key_id: string | null;
  ip: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  related_ids: string;
  method: string;
  route: string;
  status_code: number;
  /** `{ field: { before, after } }`, changed fields only, secrets masked; null when not recorded or erased. */
  changes: Json | null;
  created_at: Timestamp;
}

/** Where an e-mail channel's IMAP mailbox was read up to, and who reads it (migration 0040, email-inbox/). */
export interface ImapMailboxesTable {
  channel_id: string;
  organization_id: string;
  mailbox: string;
  /** The mailbox's UIDVALIDITY when `last_uid` was taken; another value means the UIDs were renumbered. */
  uid_validity: string | null;
  /** The last UID taken in (0: none yet). */
  last_uid: Generated<number>;
  lease_owner: string | null;
  lease_expires_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  updated_at: Timestamp;
}

/** A Mailgun complaint or unsubscribe for an address (email-inbox/opt-out-signals.ts). */
export interface EmailOptOutSignalsTable {
  id: string;
  organization_id: string;
  channel_id: string;
  address: string;
  /** `complained` or `unsubscribed`. */
  signal: string;
  occurred_at: Timestamp;
  created_at: Timestamp;
}
