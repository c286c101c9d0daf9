/**
 * The records the console reads, named after the operations that answer them in the service's
 * OpenAPI document (api-schema.d.ts, generated: never copied by hand). Only UI types are written here.
 */
import type { operations } from './api-schema.js';

type Operation = keyof operations;
/** The JSON body an operation answers with `status`. */
export type ResponseBody<Op extends Operation, Status extends number = 200> =
  operations[Op]['responses'] extends Record<Status, { content: { 'application/json': infer Body } }> ? Body : never;
/** Its `data` (the `{ success, data }` envelope). */
export type ResponseData<Op extends Operation, Status extends number = 200> =
  ResponseBody<Op, Status> extends { data: infer D } ? D : never;

export type ChatRow = ResponseData<'getChat'>;
export type ChatStatus = ChatRow['status'];
export type Message = ResponseData<'listChatMessages'>[number];
export type MessageStatus = Message['status'];
export type Customer = ResponseData<'getCustomer'>;
export type Tag = ResponseData<'listTags'>[number];
export type Note = ResponseData<'listNotes'>[number];
export type Channel = ResponseData<'listChannels'>[number];
export type Team = ResponseData<'listTeams'>[number];
export type Stage = ResponseData<'listStages'>[number];
export type FieldDefinition = ResponseData<'listCustomFields'>[number];
export type Template = ResponseData<'listTemplates'>[number];
export type Member = ResponseData<'listMembers'>[number];
export type WebhookEndpoint = ResponseData<'listWebhooks'>[number];
export type WebhookDelivery = ResponseData<'listWebhookDeliveries'>[number];
export type ApiKey = ResponseData<'listMyApiKeys'>[number];
export type Session = ResponseData<'getSession'>;
export type SessionOrganization = Session['organizations'][number];

/** One event of the organization's live stream (lib/event-stream.ts). */
export interface StreamEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/** The inbox's filter: a status tab, and optionally "mine", a team, a channel. */
export interface ChatFilter {
  status: ChatStatus;
  assigneeProfileId?: string;
  teamId?: string;
  channelId?: string;
  /** Only chats without an assignee. */
  unassigned?: boolean;
  /** Only chats in which the customer has written (the Pending tab: the agents' queue). */
  customerWrote?: boolean;
}

/** A page read by cursor (UI: what the list stores keep of an answer). */
export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}
