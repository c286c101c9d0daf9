/** The records the console reads, as the public API returns them (docs/conversations.md, docs/crm.md). */
export type ChatStatus = 'pending' | 'in_progress' | 'await_closing' | 'closed';
export type MessageStatus = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface Chat {
  id: string;
  channelId: string;
  customerId: string;
  contact: string;
  status: ChatStatus;
  teamId: string | null;
  assigneeProfileId: string | null;
  collaboratorProfileIds: string[];
  lastInboundAt: string | null;
  whatsappWindowExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

export interface ChatRow extends Chat {
  customerName: string;
  lastMessage: { id: string; direction: 'inbound' | 'outbound'; type: string; status: string; preview: string; createdAt: string } | null;
  unreadCount: number;
}

export interface Message {
  id: string;
  chatId: string;
  direction: 'inbound' | 'outbound';
  type: string;
  status: MessageStatus;
  content: Record<string, unknown>;
  senderProfileId: string | null;
  tempId: string | null;
  createdAt: string;
  error: { code: string; message: string } | null;
}

export interface Contact {
  id: string;
  type: string;
  value: string;
  label: string | null;
}
export interface Tag {
  id: string;
  name: string;
  color: string;
}
export interface Customer {
  id: string;
  name: string;
  email: string | null;
  document: string | null;
  salePrice: number | null;
  stageId: string | null;
  stageOrder: number | null;
  contacts: Contact[];
  tags: Tag[];
  customFields: { slug: string; field_definition_id: string; value: unknown }[];
  createdAt: string;
  updatedAt: string;
}
export interface Note {
  id: string;
  customerId: string;
  title: string;
  content: string | null;
  authorProfileId: string | null;
  createdAt: string;
  updatedAt: string;
}
export interface Channel {
  id: string;
  kind: string;
  name: string;
  status: string;
  active: boolean;
  templates: boolean;
}
export interface Team {
  id: string;
  name: string;
  memberProfileIds: string[];
}
export interface Stage {
  id: string;
  name: string;
  funnel: string;
  position: number;
}
export interface FieldDefinition {
  id: string;
  slug: string;
  name: string;
  type: string;
  options?: string[] | null;
}
export interface Template {
  id: string;
  channelId: string;
  name: string;
  language: string;
  status: string;
  components: unknown;
}
export interface Member {
  profileId: string;
  name: string;
  email: string;
  role: string;
}
export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason?: string | null;
}
export interface WebhookDelivery {
  id: string;
  eventType?: string;
  status: string;
  attempts?: { status?: number | null; error?: string | null; at?: string; attemptedAt?: string }[];
  createdAt: string;
  [key: string]: unknown;
}
export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface Page<T> {
  data: T[];
  nextCursor: string | null;
}

export interface SessionOrganization {
  id: string;
  name: string;
  role: string;
}
export interface Session {
  profile: { id: string; name: string; email: string };
  organizations: SessionOrganization[];
  csrfToken: string;
}
