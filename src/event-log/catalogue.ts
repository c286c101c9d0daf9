/**
 * The event catalogue: every event type the service records, with the schema of its `data` (what
 * webhooks deliver, the feed returns and the stream pushes). The schemas are the one statement of
 * each payload: the TypeScript types are derived from them (`EventPayloads`), so `EventLog.record`
 * takes only a listed type with a payload of its shape (a misspelt type or field does not compile);
 * the OpenAPI document publishes them as `webhooks` (modules/webhooks/webhooks-openapi.ts) and
 * docs/webhooks.md lists them (`npx tsx scripts/event-docs.ts` writes that list; a test compares).
 *
 * Casing: an event's own keys are snake_case, like the spec's `message.status_updated`
 * (`message_id`). A record it embeds (`customer`, `note`) is the REST API's record as the API
 * returns it (event-records.ts). Each schema has an example; test/events/event-schemas.test.ts
 * validates every stored event of an API-driven run against its schema.
 *
 * Adding an event: add its type to EVENT_TYPES and its schema to EVENT_SCHEMAS (with an example),
 * then regenerate the list in docs/webhooks.md. Webhook filters are checked for form, not against
 * this list (docs/webhooks.md).
 */
import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import type { MessageStatus, MessageType } from '../channels/provider.js';
import {
  CustomerRecord,
  EXAMPLE_CUSTOMER,
  EXAMPLE_IDS as ID,
  EXAMPLE_NOTE,
  EXAMPLE_TIME,
  FieldValueRecord,
  Id,
  Instant,
  NoteRecord,
  Nullable,
  OneOf,
} from './event-records.js';
import { CAMPAIGN_EVENT_SCHEMAS, CAMPAIGN_EVENT_TYPES } from './campaign-events.js';
import { MESSAGE_NEWS_EVENT_SCHEMAS, MESSAGE_NEWS_EVENT_TYPES } from './message-news-events.js';

export type { CustomerPayload, FieldValuePayload, NotePayload } from './event-records.js';

export const EVENT_TYPES = [
  // messages
  'message.status_updated',
  'message.received',
  ...MESSAGE_NEWS_EVENT_TYPES, // reactions, edits, deletes, echoes (message-news-events.ts)
  // chats
  'chat.created',
  'chat.status_changed', // ChatLifecycle (chats/chat-lifecycle.service.ts)
  'chat.assigned', // ChatLifecycle (chats/chat-lifecycle.service.ts)
  'chat.read', // ChatsService.markRead (an agent opened the chat)
  'chat.note_created', // ChatNotesService.create (a private note, chat-notes/)
  'chat.sla_breached', // SlaTimers (sla/): a deadline passed unmet
  // channels
  'channel.health_changed', // channel-records/channel-health.ts: a vendor's signal changed the channel's health
  // customers (CRM)
  'customer.created',
  'customer.updated',
  'customer.stage_changed',
  'customer.tag_added',
  'customer.tag_removed',
  'customer.field_value_set',
  'customer.note_created',
  'customer.note_updated',
  'customer.note_deleted',
  'customer.erased', // privacy/person-erasure.ts: the audit trace of an erasure, ids only
  // flows (flows/flow-runner.ts, flows/flow-run-control.ts)
  'flow.started',
  'flow.completed',
  'flow.failed',
  // scheduled messages (scheduled-messages/, DESIGN.md §10)
  'scheduled_message.sent',
  'scheduled_message.cancelled',
  // satisfaction (csat/, DESIGN.md §12)
  'chat.rated',
  ...CAMPAIGN_EVENT_TYPES, // opt-out and campaigns (campaign-events.ts)
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** A chat's state (DESIGN.md §6). */
export const CHAT_STATES = ['pending', 'in_progress', 'await_closing', 'closed'] as const;
export type ChatStatus = (typeof CHAT_STATES)[number];

/** A flow run's state (DESIGN.md §7). */
export type FlowRunStatus = 'running' | 'waiting' | 'completed' | 'failed' | 'cancelled';
const FLOW_RUN_STATES = ['running', 'waiting', 'completed', 'failed', 'cancelled'] as const satisfies readonly FlowRunStatus[];

const APPLIED_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const satisfies readonly Exclude<MessageStatus, 'pending'>[];
const RECEIVED_TYPES = ['text', 'image', 'video', 'audio', 'document', 'location', 'template', 'unknown'] as const satisfies readonly (
  MessageType | 'unknown'
)[];

/** An event's payload schema: strict (what is listed is all that is sent today), described, with an example that must fit it. */
function payload<P extends TProperties>(description: string, properties: P, example: Static<TObject<P>>): TObject<P> {
  return Type.Object(properties, { description, additionalProperties: false, examples: [example] });
}

const ChatState = OneOf(CHAT_STATES);
const tagChange = {
  customer_id: Id,
  tag_id: Id,
  chat_id: Nullable(Id),
  actor_profile_id: Nullable(Id),
};
const noteChange = (verb: string) =>
  payload(
    `A note was ${verb}: the note as the note endpoints return it`,
    { customer_id: Id, note: NoteRecord },
    { customer_id: ID.customer, note: EXAMPLE_NOTE },
  );
const flowRun = (description: string, example: { status: FlowRunStatus; error?: string }) =>
  payload(
    description,
    {
      run_id: Id,
      flow_id: Id,
      chat_id: Id,
      status: OneOf(FLOW_RUN_STATES),
      error: Type.Optional(Type.String({ description: 'Why the run failed (`CODE: message`); only on a failed run' })),
    },
    { run_id: ID.run, flow_id: ID.flow, chat_id: ID.chat, ...example },
  );

export const EVENT_SCHEMAS = {
  ...MESSAGE_NEWS_EVENT_SCHEMAS,
  ...CAMPAIGN_EVENT_SCHEMAS,
  'message.status_updated': payload(
    "A status change applied to an outbound message (the spec's event; webhooks send exactly these three fields)",
    {
      message_id: Id,
      status: OneOf(APPLIED_STATUSES),
      timestamp: Type.String({ format: 'date-time', description: 'When the provider says it happened' }),
    },
    { message_id: ID.message, status: 'delivered', timestamp: EXAMPLE_TIME },
  ),
  'message.received': payload(
    "A message a contact sent, stored in the contact's active chat",
    {
      message_id: Id,
      chat_id: Id,
      customer_id: Id,
      channel_id: Id,
      from: Type.String({ description: "The sender's contact as stored (E.164 for phone channels)" }),
      type: OneOf(RECEIVED_TYPES),
      content: Type.Record(Type.String(), Type.Unknown(), { description: 'As the message endpoints return it for this type' }),
      timestamp: Instant,
    },
    {
      message_id: ID.message,
      chat_id: ID.chat,
      customer_id: ID.customer,
      channel_id: ID.channel,
      from: '+5511999990000',
      type: 'text',
      content: { text: 'Hi, is the annual plan still on sale?' },
      timestamp: EXAMPLE_TIME,
    },
  ),
  'chat.created': payload(
    'A chat opened for a contact on a channel (by an inbound message, a send or POST chats); always `pending`',
    { chat_id: Id, channel_id: Id, customer_id: Id, contact: Type.String(), status: ChatState },
    { chat_id: ID.chat, channel_id: ID.channel, customer_id: ID.customer, contact: '+5511999990000', status: 'pending' },
  ),
  'chat.status_changed': payload(
    'A chat status change (DESIGN.md §6) and why: `reason` is the command or rule (`attended`, `auto_closed`, `customer_replied`, …)',
    { chat_id: Id, from: ChatState, to: ChatState, reason: Type.String() },
    { chat_id: ID.chat, from: 'pending', to: 'in_progress', reason: 'attended' },
  ),
  'chat.assigned': payload(
    "A chat's assignee or team changed",
    { chat_id: Id, assignee_profile_id: Nullable(Id), previous_assignee_profile_id: Nullable(Id), team_id: Nullable(Id) },
    { chat_id: ID.chat, assignee_profile_id: ID.profile, previous_assignee_profile_id: null, team_id: ID.team },
  ),
  'chat.read': payload(
    'An agent opened the chat and its unread customer messages (`marked_read` of them) became read',
    { chat_id: Id, profile_id: Id, marked_read: Type.Integer({ minimum: 1 }) },
    { chat_id: ID.chat, profile_id: ID.profile, marked_read: 2 },
  ),
  'chat.sla_breached': payload(
    'A chat missed an SLA target (`first_response`: no agent reply by `due_at`; `resolution`: not closed by `due_at`); fired once per target',
    {
      chat_id: Id,
      target: OneOf(['first_response', 'resolution'] as const),
      due_at: Instant,
      team_id: Nullable(Id),
      assignee_profile_id: Nullable(Id),
    },
    { chat_id: ID.chat, target: 'first_response', due_at: EXAMPLE_TIME, team_id: null, assignee_profile_id: ID.profile },
  ),
  'chat.note_created': payload(
    'A member wrote a private note in the chat (never sent to the customer); `mentioned_profile_ids` are the members its `@name`s named',
    { chat_id: Id, note_id: Id, author_profile_id: Id, mentioned_profile_ids: Type.Array(Id) },
    { chat_id: ID.chat, note_id: ID.note, author_profile_id: ID.profile, mentioned_profile_ids: [ID.profile] },
  ),
  'customer.created': payload(
    'A customer was created: the customer record as the API returns it',
    { customer: CustomerRecord },
    { customer: EXAMPLE_CUSTOMER },
  ),
  'customer.updated': payload(
    'A customer changed: the record after the change, and `changed` naming the fields as the API does (`name`, `contacts`, `selectedTags`, `stageId`, …)',
    { customer: CustomerRecord, changed: Type.Array(Type.String()) },
    { customer: EXAMPLE_CUSTOMER, changed: ['name', 'selectedTags'] },
  ),
  'customer.stage_changed': payload(
    'A customer moved to another funnel stage (or out of the funnel: `to_stage_id` null)',
    {
      customer_id: Id,
      from_stage_id: Nullable(Id),
      to_stage_id: Nullable(Id),
      stage_order: Nullable(Type.Number()),
      notes: Nullable(Type.String()),
      chat_id: Nullable(Id),
      moved_by_profile_id: Nullable(Id),
    },
    {
      customer_id: ID.customer,
      from_stage_id: ID.stage,
      to_stage_id: ID.nextStage,
      stage_order: 2,
      notes: 'Asked for a quote',
      chat_id: ID.chat,
      moved_by_profile_id: ID.profile,
    },
  ),
  'customer.tag_added': payload('A tag was put on a customer', tagChange, {
    customer_id: ID.customer,
    tag_id: ID.tag,
    chat_id: ID.chat,
    actor_profile_id: ID.profile,
  }),
  'customer.tag_removed': payload(
    'A tag was taken off a customer; `reason` is present only when the tag itself was deleted',
    { ...tagChange, reason: Type.Optional(OneOf(['tag_deleted'] as const)) },
    { customer_id: ID.customer, tag_id: ID.tag, chat_id: null, actor_profile_id: ID.profile },
  ),
  'customer.field_value_set': payload(
    "A customer's custom field value was set (null when cleared), as endpoint 17 answers it",
    { customer_id: Id, ...FieldValueRecord.properties },
    { customer_id: ID.customer, slug: 'company_size', field_definition_id: ID.field, value: 40 },
  ),
  'customer.note_created': noteChange('created'),
  'customer.note_updated': noteChange('updated'),
  'customer.note_deleted': payload('A note was deleted', { customer_id: Id, note_id: Id }, { customer_id: ID.customer, note_id: ID.note }),
  'customer.erased': payload(
    'A customer was erased on request (LGPD): their data and the events about them are gone; this trace keeps only the id',
    { customer_id: Id },
    { customer_id: ID.customer },
  ),
  'channel.health_changed': payload(
    "A vendor's signal changed a channel's health (DESIGN.md §9): Meta's `value.errors`, WAHA `session.status`, Evolution `connection.update`, Z-API/W-API disconnections, the sandbox's `health` callback",
    {
      channel_id: Id,
      health: OneOf(['ok', 'throttled', 'disconnected', 'banned'] as const),
      previous: OneOf(['ok', 'throttled', 'disconnected', 'banned'] as const),
      code: Nullable(Type.String({ description: "The vendor's code (e.g. 130429, SCAN_QR_CODE, close)" })),
      message: Nullable(Type.String({ description: "The vendor's own words" })),
      at: Type.String({ format: 'date-time', description: 'When the vendor says it happened' }),
    },
    {
      channel_id: ID.channel,
      health: 'throttled',
      previous: 'ok',
      code: '130429',
      message: 'Rate limit hit',
      at: EXAMPLE_TIME,
    },
  ),
  'flow.started': flowRun('A flow run started for a chat (DESIGN.md §7)', { status: 'running' }),
  'flow.completed': flowRun('A flow run reached its end', { status: 'completed' }),
  'flow.failed': flowRun('A flow run failed (a step refused, the step limit was reached, …); a cancelled run writes no event', {
    status: 'failed',
    error: 'TEMPLATE_NOT_FOUND: No approved template named welcome',
  }),
  'scheduled_message.sent': payload(
    'A scheduled message came due and its outbound message was handed to the send path (`message_id`; its delivery follows as `message.status_updated`)',
    { scheduled_message_id: Id, chat_id: Id, message_id: Id, send_at: Instant },
    { scheduled_message_id: ID.run, chat_id: ID.chat, message_id: ID.message, send_at: EXAMPLE_TIME },
  ),
  'scheduled_message.cancelled': payload(
    'A scheduled message will not be sent: `reason` is `cancelled_by_user` (DELETE; `profile_id` who), `customer_replied` (the customer wrote after it was scheduled) or `opted_out`',
    {
      scheduled_message_id: Id,
      chat_id: Id,
      reason: OneOf(['cancelled_by_user', 'customer_replied', 'opted_out'] as const),
      profile_id: Nullable(Id),
    },
    { scheduled_message_id: ID.run, chat_id: ID.chat, reason: 'customer_replied', profile_id: null },
  ),
  'chat.rated': payload(
    'The customer rated a closed chat (1–5) by answering the satisfaction question (settings.csat): `message_id` is their message, stored in that chat; no new chat was opened',
    { chat_id: Id, customer_id: Id, rating: Type.Integer({ minimum: 1, maximum: 5 }), message_id: Id },
    { chat_id: ID.chat, customer_id: ID.customer, rating: 5, message_id: ID.message },
  ),
} satisfies { [T in EventType]: TObject };

/** Each event type's `data`, derived from its schema. */
export type EventPayloads = { [T in EventType]: Static<(typeof EVENT_SCHEMAS)[T]> };

// The list and the schemas name the same types; a type in one and not the other fails here.
type Unlisted = Exclude<keyof typeof EVENT_SCHEMAS, EventType>;
const _listMatchesSchemas: [Unlisted] extends [never] ? true : Unlisted = true;
