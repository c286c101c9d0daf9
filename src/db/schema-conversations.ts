/** Table types of conversations: chats, their messages, files and message sequences (see schema.ts for the conventions). */
import type { ColumnType } from 'kysely';
import type { Timestamp, Json } from './column-kinds.js';

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
  /** The customer's last message in this chat: WhatsApp's free-form window closes 24 h after it. */
  last_inbound_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The flow started at chat create, its `flowVariables` and `contextMessage` (for the flow runner). */
  flow_id: ColumnType<string | null, string | null | undefined, string | null>;
  flow_variables: ColumnType<Json | null, Json | null | undefined, Json | null>;
  context_message: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the organization's away message went into this chat (once per chat; business-hours/). */
  away_message_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Report facts (migration 0035, docs/reports.md): the customer's first message in the chat. */
  first_customer_message_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The first agent reply after the customer's first message, and who wrote it. */
  first_agent_reply_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  first_agent_reply_profile_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The first time the chat, waiting to close, came back because the customer wrote. */
  reopened_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Satisfaction (DESIGN §12): when the rating question went at close, the customer's 1–5 and when. */
  csat_requested_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  rating: ColumnType<number | null, number | null | undefined, number | null>;
  rated_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** SLA (DESIGN §12; sla/): the deadlines set when the customer first wrote, and when each was breached. */
  sla_first_response_due_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  sla_resolution_due_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  sla_first_response_breached_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  sla_resolution_breached_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
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
  /** The message of the same chat this one quotes (passed to providers that support quoting). */
  reply_to_message_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Meta's `pricing` and `conversation` of a status (migration 0026), JSON; set by status callbacks only. */
  pricing: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** When a voice message was played (Meta `played`, Z-API `PLAYED`). */
  played_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The vendor's whole error of a failed message (every error it listed), JSON. */
  error_details: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** Outbound: `api`, `console`, `flow`, `sequence`, `campaign`, `phone` (DESIGN.md §9); null inbound and before 0025. */
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** `[{ emoji, from, profileId?, at }]`, one per reactor (message-news.ts); null when none. */
  reactions: ColumnType<Json | null, Json | null | undefined, Json | null>;
  /** `[{ content, at }]`: the earlier contents of an edited message, oldest first. */
  edits: ColumnType<Json | null, Json | null | undefined, Json | null>;
  edited_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** `bulk` or `conversational` (migration 0033), decided once when stored: governor/traffic.ts. */
  traffic: ColumnType<string, string | undefined, string>;
  /** While the governor holds the pending message: when it is released, and why (governor/). */
  held_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  held_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The campaign it was sent for (`source: 'campaign'`; migration 0034). */
  campaign_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FilesTable {
  id: string;
  organization_id: string;
  /** The file name as uploaded (or taken from the URL). */
  name: string;
  /** Sniffed from the content, not trusted from the client. */
  mime_type: string;
  size_bytes: number;
  sha256: string;
  /** Where the storage keeps the bytes (a path under the data directory for the local store). */
  storage_key: string;
  created_at: Timestamp;
}

export interface MessageSequencesTable {
  id: string;
  organization_id: string;
  chat_id: string;
  channel_id: string;
  /** `[{ messageId, delayAfterMs }]` in step order: what each step's job needs to schedule the next. */
  steps: Json;
  created_at: Timestamp;
}

/** A message scheduled into a chat (DESIGN.md §10; modules/scheduled-messages/). */
export interface ScheduledMessagesTable {
  id: string;
  organization_id: string;
  chat_id: string;
  customer_id: string;
  channel_id: string;
  /** A message type of the send endpoint; `template` when scheduled with `templateId`. */
  type: string;
  /** The content to send (a template's resolved at scheduling time). */
  content: Json;
  template_id: string | null;
  variables: Json | null;
  send_at: Timestamp;
  cancel_if_customer_replies: number;
  /** scheduled · sent · cancelled · failed */
  status: string;
  /** Why it was cancelled or failed (`customer_replied`, `cancelled_by_user`, `opted_out`, `OUTSIDE_WINDOW`, …). */
  reason: string | null;
  error_message: string | null;
  /** The outbound message it became (once `sent`). */
  message_id: string | null;
  created_by_profile_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** A run of an automation flow for one chat (DESIGN.md §7; modules/flows/flow-runner.ts). */
export interface FlowRunsTable {
  id: string;
  organization_id: string;
  flow_id: string;
  chat_id: string;
  /** running · waiting · completed · failed · cancelled */
  status: string;
  /** The flow's steps when the run started: editing the flow does not change a run under way. */
  steps: Json;
  variables: Json;
  /** The index of the next step to execute (or of the step being waited in). */
  current_step: number;
  /** Steps executed so far; also the run's version: every advance is conditional on it. */
  steps_taken: number;
  /** Step indexes executed since the last wait: a jump back into one is a loop without a wait. */
  visited: Json;
  /** `timer` (a wait step) or `reply` (wait_for_reply) while `waiting`. */
  waiting_for: string | null;
  wait_until: Timestamp | null;
  /** The message a send step stored and is delivering: a retried step delivers it, never a second one. */
  pending_message_id: string | null;
  /** The one job that may move the run now (a step job, a wait's timer); null once it ended. */
  job_id: string | null;
  error: string | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

/** One executed step of a run (its log). */
export interface FlowRunStepsTable {
  run_id: string;
  /** The run's `steps_taken` when the step began. */
  seq: number;
  organization_id: string;
  step_index: number;
  type: string;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  error: string | null;
}

/** A saved reply of an organization (DESIGN §11; modules/canned-responses/). */
export interface CannedResponsesTable {
  id: string;
  organization_id: string;
  /** Lower case, unique in the organization: what follows `/` in the composer. */
  shortcut: string;
  title: string;
  /** The reply, with `{{customer.name}}`-style placeholders filled for a chat on request. */
  content: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A private note in a chat's timeline (DESIGN §11; modules/chat-notes/): members only. */
export interface ChatNotesTable {
  id: string;
  organization_id: string;
  chat_id: string;
  author_profile_id: string | null;
  content: string;
  /** JSON array of the profile ids an `@name` in the content named. */
  mentions: Json;
  created_at: Timestamp;
}

/**
 * Chats counted per organization and UTC hour by the instant each figure of the conversations report
 * counts them at (migration 0046, kept by triggers on chats): rows are +/- deltas, an hour's sum is
 * its count, and the report folds an hour's rows into one when they pile up.
 */
export interface ReportChatHoursTable {
  organization_id: string;
  /** `YYYY-MM-DDTHH`, UTC. */
  hour: string;
  opened: ColumnType<number, number | undefined, number>;
  closed: ColumnType<number, number | undefined, number>;
  reopened: ColumnType<number, number | undefined, number>;
  sla_first_response_breached: ColumnType<number, number | undefined, number>;
  sla_resolution_breached: ColumnType<number, number | undefined, number>;
}

/** A campaign (DESIGN.md §10; modules/campaigns/). */
export interface CampaignsTable {
  id: string;
  organization_id: string;
  name: string;
  channel_id: string;
  /** The audience as given: `{ tagIds?, stageIds?, customerIds?, excludeTagIds?, fields? }`. */
  audience: Json;
  /** `{ templateId, variables? }` or `{ type, content }`. */
  message: Json;
  /** draft · scheduled · running · paused · completed · cancelled */
  status: string;
  schedule_at: Timestamp | null;
  reply_window_hours: number;
  /** The estimate computed at start (what it was priced at then). */
  estimate: Json | null;
  created_by_profile_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** One recipient of a campaign: queued → sent (its message exists) | failed | skipped (reason). */
export interface CampaignRecipientsTable {
  id: string;
  organization_id: string;
  campaign_id: string;
  customer_id: string;
  /** The contact it goes to on the campaign's channel; null when the customer has none (skipped noContact). */
  contact: string | null;
  status: string;
  /** Why it was skipped: optedOut · noContact · capped · duplicate. */
  reason: string | null;
  message_id: string | null;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A customer a campaign's CSV upload created or updated (migration 0043); joins the audience at start. */
export interface CampaignCsvCustomersTable {
  organization_id: string;
  campaign_id: string;
  customer_id: string;
  created_at: Timestamp;
}

/** The operator's price table (one row, id `default`; modules/campaigns/price-table.ts). */
export interface PriceTableTable {
  id: string;
  table: Json;
  updated_at: Timestamp;
}
