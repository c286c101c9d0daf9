/** Every API call the console makes, one plain function each (the routes are in the service's /docs). */
import { getData, query, request, send } from './api-client';
import type {
  ApiKey,
  Channel,
  ChatRow,
  ChatStatus,
  Customer,
  FieldDefinition,
  Member,
  Message,
  Note,
  Page,
  Session,
  Stage,
  Tag,
  Team,
  Template,
  WebhookDelivery,
  WebhookEndpoint,
} from './types';

/** The session answers `{ profile, organizations, csrfToken }`, in the envelope or bare. */
function sessionOf(body: unknown): Session {
  type RawOrganization = { id?: string; organizationId?: string; name?: string; role?: string };
  const raw = ((body as { data?: unknown }).data ?? body) as Omit<Session, 'organizations'> & { organizations: RawOrganization[] };
  return {
    ...raw,
    organizations: raw.organizations.map((o) => ({
      id: o.id ?? o.organizationId ?? '',
      name: o.name ?? 'Organization',
      role: o.role ?? 'member',
    })),
  };
}

export const auth = {
  signIn: async (email: string, password: string) => sessionOf(await request('POST', '/auth/sign-in', { email, password })),
  session: async () => sessionOf(await request('GET', '/auth/session')),
  signOut: () => request('POST', '/auth/sign-out'),
  apiKeys: () => getData<ApiKey[]>('/auth/api-keys'),
  createApiKey: (name: string) => send<ApiKey & { key: string }>('POST', '/auth/api-keys', { name }),
  revokeApiKey: (id: string) => send<ApiKey>('DELETE', `/auth/api-keys/${id}`),
};

export interface ChatFilter {
  status: ChatStatus;
  assigneeProfileId?: string;
  teamId?: string;
  channelId?: string;
}

export function orgApi(org: string) {
  const base = `/api/${org}`;
  return {
    chats: async (filter: ChatFilter, cursor?: string | null, limit = 50): Promise<Page<ChatRow>> => {
      const res = await request<Page<ChatRow>>('GET', `${base}/chats${query({ ...filter, cursor, limit })}`);
      return { data: res.data, nextCursor: res.nextCursor };
    },
    chat: (chatId: string) => getData<ChatRow>(`${base}/chats/${chatId}`),
    latestMessages: (chatId: string, cursor?: string | null) =>
      request<Page<Message>>('GET', `${base}/chats/${chatId}/messages${query({ order: 'desc', limit: 50, cursor })}`),
    reply: (chatId: string, body: { type?: string; content?: string; url?: string; name?: string; tempId: string }) =>
      send<Message>('POST', `${base}/chats/${chatId}/messages`, body),
    markRead: (chatId: string) => send<{ markedRead: number }>('POST', `${base}/chats/${chatId}/read`),
    setStatus: (chatId: string, status: ChatStatus) => send<ChatRow>('PUT', `${base}/chats/${chatId}/status`, { status }),
    setAssignee: (chatId: string, profileId: string | null, teamId?: string | null) =>
      send<ChatRow>('PUT', `${base}/chats/${chatId}/assignee`, teamId === undefined ? { profileId } : { profileId, teamId }),
    addCollaborator: (chatId: string, profileId: string) => send<ChatRow>('POST', `${base}/chats/${chatId}/collaborators`, { profileId }),
    sendTemplate: (chatId: string, templateId: string, variables: string[]) =>
      request<{ messageId: string }>('POST', `${base}/chat/${chatId}/send-template`, { templateId, variables }),
    uploadFile: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return send<{ id: string; name: string; mimeType: string }>('POST', `${base}/files`, form);
    },
    sendAttachment: (chatId: string, fileId: string, caption: string, tempId: string) =>
      request('POST', `${base}/chat/${chatId}/message-sequence`, {
        steps: [{ ...(caption ? { content: caption } : {}), attachment_ids: [fileId], tempId }],
      }),
    fileUrl: (fileId: string) => `${base}/files/${fileId}/content`,

    customer: (id: string) => getData<Customer>(`${base}/customers/${id}`),
    customers: (params: { stageId?: string; cursor?: string | null; limit?: number }) =>
      request<Page<Customer>>('GET', `${base}/customers${query({ ...params, limit: params.limit ?? 200 })}`),
    moveStage: (id: string, stageId: string | null) => send<Customer>('PUT', `${base}/customers/${id}/stage`, { stageId }),
    addTag: (id: string, tagId: string) => send('POST', `${base}/customers/${id}/tags`, { tagId }),
    removeTag: (id: string, tagId: string) => send('DELETE', `${base}/customers/${id}/tags/${tagId}`),
    setField: (id: string, slug: string, value: unknown) => send('POST', `${base}/customers/${id}/field-values`, { slug, value }),
    notes: (id: string) => getData<Note[]>(`${base}/customers/${id}/notes`),
    addNote: (id: string, title: string, content: string) => send<Note>('POST', `${base}/customers/${id}/notes`, { title, content }),
    editNote: (id: string, noteId: string, title: string, content: string) =>
      send<Note>('PUT', `${base}/customers/${id}/notes/${noteId}`, { title, content }),
    deleteNote: (id: string, noteId: string) => send('DELETE', `${base}/customers/${id}/notes/${noteId}`),

    channels: () => getData<Channel[]>(`${base}/channels`),
    teams: () => getData<Team[]>(`${base}/teams`),
    stages: () => getData<Stage[]>(`${base}/stages`),
    fields: () => getData<FieldDefinition[]>(`${base}/custom-fields`),
    templates: (channelId: string) => getData<Template[]>(`${base}/templates${query({ channelId, status: 'approved' })}`),
    members: () => getData<Member[]>(`${base}/members`),

    tags: () => getData<Tag[]>(`${base}/tags`),
    createTag: (name: string, color: string) => send<Tag>('POST', `${base}/tags`, { name, color }),
    deleteTag: (id: string) => send('DELETE', `${base}/tags/${id}`),
    webhooks: () => getData<WebhookEndpoint[]>(`${base}/webhooks`),
    createWebhook: (url: string) => send<WebhookEndpoint & { secret: string }>('POST', `${base}/webhooks`, { url }),
    deleteWebhook: (id: string) => send('DELETE', `${base}/webhooks/${id}`),
    deliveries: (id: string) => request<Page<WebhookDelivery>>('GET', `${base}/webhooks/${id}/deliveries${query({ limit: 20 })}`),
    replay: (id: string, deliveryId: string) => send('POST', `${base}/webhooks/${id}/deliveries/${deliveryId}/retry`),
  };
}

export type OrgApi = ReturnType<typeof orgApi>;
