/**
 * The event catalogue: every event type the service records, with the shape of its `data` (what
 * webhooks deliver and the feed returns). `EventLog.record` takes only a listed type with its payload,
 * so a misspelt type or a payload of the wrong shape does not compile.
 *
 * The payloads are the fields exactly as the modules write them today, casing included: the message
 * and chat events use snake_case, the CRM's customer events camelCase (DESIGN.md §4 fixes
 * `message.status_updated`; making the rest consistent is a change of the webhook contract and not
 * this file's business). The shapes are spelt out here, not imported from the modules that write
 * them: those modules import the event log, and the catalogue is the contract integrators read.
 * test/unit/event-catalogue.test.ts checks that the records embedded in payloads (customer, note,
 * field value) stay exactly the modules' own types.
 *
 * Adding an event: add its type to EVENT_TYPES and its payload to EventPayloads, then list it in
 * docs/webhooks.md. Webhook filters are checked for form, not against this list (docs/webhooks.md).
 */
import type { MessageStatus, MessageType } from '../channels/provider.js';

export const EVENT_TYPES = [
  // messages
  'message.status_updated',
  'message.received',
  // chats
  'chat.created',
  'chat.status_changed', // ChatLifecycle (chats/chat-lifecycle.service.ts)
  'chat.assigned', // ChatLifecycle (chats/chat-lifecycle.service.ts)
  'chat.read', // ChatsService.markRead (an agent opened the chat)
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
  // flows: written by the flows feature (not yet)
  'flow.started',
  'flow.completed',
  'flow.failed',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** A chat's state (DESIGN.md §6). */
export type ChatStatus = 'pending' | 'in_progress' | 'await_closing' | 'closed';

/** A flow run's state (DESIGN.md §7). */
export type FlowRunStatus = 'running' | 'waiting' | 'completed' | 'failed' | 'cancelled';

/** The customer record as the customer endpoints return it (modules/customers/customer-record.ts). */
export type CustomerPayload = {
  id: string;
  name: string;
  email: string | null;
  document: string | null;
  country: string | null;
  person_type: string | null;
  salePrice: number | null;
  stageId: string | null;
  stageOrder: number | null;
  contacts: { id: string; type: string; value: string; label: string | null }[];
  tags: { id: string; name: string; color: string }[];
  customFields: { slug: string; field_definition_id: string; value: unknown }[];
  createdAt: string;
  updatedAt: string;
};

/** A note as the note endpoints return it (modules/notes). */
export type NotePayload = {
  id: string;
  customerId: string;
  title: string;
  content: string | null;
  authorProfileId: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A custom field value as written (modules/custom-fields); `value` is null when cleared. */
export type FieldValuePayload = {
  slug: string;
  field_definition_id: string;
  value: unknown;
};

/** The flow events' common payload (DESIGN.md §7). */
export type FlowRunPayload = {
  runId: string;
  flowId: string;
  chatId: string;
  status: FlowRunStatus;
  error?: string;
};

/**
 * Each event type's `data`. Payloads are type aliases (not interfaces) so that they are also plain
 * records (`Record<string, unknown>`) for the code that handles any event.
 */
export interface EventPayloads {
  /** A status change applied to an outbound message (DESIGN.md §4); webhooks send exactly these three fields. */
  'message.status_updated': {
    message_id: string;
    status: Exclude<MessageStatus, 'pending'>;
    /** When the provider says it happened. */
    timestamp: string;
  };
  /** A message a contact sent us, stored in the contact's active chat. */
  'message.received': {
    message_id: string;
    chat_id: string;
    customer_id: string;
    channel_id: string;
    /** The sender's contact as stored. */
    from: string;
    type: MessageType | 'unknown';
    content: Record<string, unknown>;
    timestamp: string;
  };
  /** A chat opened for a contact on a channel (today by an inbound or sent message, always `pending`). */
  'chat.created': {
    chat_id: string;
    channel_id: string;
    customer_id: string;
    contact: string;
    status: ChatStatus;
  };
  /** Every chat status change (DESIGN.md §6), written by ChatLifecycle with the change. */
  'chat.status_changed': {
    chatId: string;
    from: ChatStatus;
    to: ChatStatus;
    reason: string;
  };
  /**
   * Every assignee or team change, written by ChatLifecycle (DESIGN.md §6 names the event, not its
   * fields; these follow `chat.status_changed`).
   */
  'chat.assigned': {
    chatId: string;
    assigneeProfileId: string | null;
    previousAssigneeProfileId: string | null;
    teamId: string | null;
  };
  /** An agent opened the chat and its unread customer messages (`markedRead` of them) became read. */
  'chat.read': { chatId: string; profileId: string; markedRead: number };
  'customer.created': { customer: CustomerPayload };
  /** `changed` names the fields as the API does (`name`, `contacts`, `selectedTags`, `stageId`, …). */
  'customer.updated': { customer: CustomerPayload; changed: string[] };
  'customer.stage_changed': {
    customerId: string;
    fromStageId: string | null;
    toStageId: string | null;
    stageOrder: number | null;
    notes: string | null;
    chatId: string | null;
    movedByProfileId: string | null;
  };
  'customer.tag_added': { customerId: string; tagId: string; chatId: string | null; actorProfileId: string | null };
  /** `reason` is present only when the tag itself was deleted. */
  'customer.tag_removed': {
    customerId: string;
    tagId: string;
    chatId: string | null;
    actorProfileId: string | null;
    reason?: 'tag_deleted';
  };
  'customer.field_value_set': { customerId: string } & FieldValuePayload;
  'customer.note_created': { customerId: string; note: NotePayload };
  'customer.note_updated': { customerId: string; note: NotePayload };
  'customer.note_deleted': { customerId: string; noteId: string };
  /** Written by the flows feature (not yet), as are the next two (DESIGN.md §7). */
  'flow.started': FlowRunPayload;
  'flow.completed': FlowRunPayload;
  'flow.failed': FlowRunPayload;
}

// The list and the payload map name the same types; a type in one and not the other fails here.
type Unlisted = Exclude<keyof EventPayloads, EventType> | Exclude<EventType, keyof EventPayloads>;
const _listMatchesPayloads: [Unlisted] extends [never] ? true : Unlisted = true;
