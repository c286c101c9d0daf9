/**
 * Helpers of the chat tests: real HTTP against the started service, a chat made through the send
 * endpoint, simulated customers, official channels on the Cloud API fake.
 */
import assert from 'node:assert/strict';
import type { SeededOrganization, TestService } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';
import { newId } from '../../src/lib/ids.js';

/** A chat of `to` on `channelId`, opened by sending it a first message (the send endpoint answers `chat_id`). */
export async function chatOn(svc: TestService, org: SeededOrganization, channelId: string, to = '5511987654321') {
  const sent = await post(svc, '/v1/messages/send', { channel_id: channelId, to, type: 'text', content: { text: 'Hello' } }, org.bearer);
  assert.equal(sent.status, 201, sent.text);
  return { chatId: sent.json.data.chat_id as string, firstMessageId: sent.json.data.id as string };
}

export const CLOUD = { accessToken: 'EAAB-seq-token', phoneNumberId: '109876500042' };

/** A real (non-sandbox) official WhatsApp channel talking to the Cloud API fake at `baseUrl`. */
export async function officialChannel(svc: TestService, org: SeededOrganization, baseUrl: string, settings: Record<string, unknown> = {}) {
  const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
    kind: 'whatsapp_official',
    name: 'Cloud API',
    config: { ...CLOUD, appSecret: 'app-secret', verifyToken: 'verify', baseUrl },
    settings: { enforceWhatsAppWindow: false, ...settings },
  });
  assert.equal(created.statusCode, 201, created.body);
  return created.json().data.id as string;
}

/** The `sent` events of the given messages, in the order they were recorded. */
export async function sentOrder(svc: TestService, messageIds: string[]) {
  const rows = await svc.db.selectFrom('events').selectAll().where('type', '=', 'message.status_updated').orderBy('seq').execute();
  return rows
    .map((row) => JSON.parse(row.payload) as { message_id: string; status: string; timestamp: string })
    .filter((data) => data.status === 'sent' && messageIds.includes(data.message_id));
}

export async function waitForStatuses(svc: TestService, ids: string[], done: (statuses: string[]) => boolean, timeoutMs = 10_000) {
  return waitFor(
    async () => {
      const rows = await svc.db.selectFrom('messages').select(['id', 'status']).where('id', 'in', ids).execute();
      return ids.map((id) => rows.find((r) => r.id === id)?.status ?? 'missing');
    },
    done,
    timeoutMs,
  );
}

export interface Answer {
  status: number;
  json: any;
  text: string;
  headers: Headers;
}

/** Calls the organization API over HTTP with `headers` (an API key). */
export async function call(
  svc: TestService,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const send = () =>
    fetch(`${svc.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let response: Response;
  try {
    response = await send();
  } catch (err) {
    // A kept-alive socket the server closed as the request went out ("other side closed"): a
    // client sends a GET again on a new one. Anything else is reported with its cause.
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if ((method !== 'GET' && method !== 'HEAD') || (cause?.code !== 'UND_ERR_SOCKET' && cause?.code !== 'ECONNRESET'))
      throw new Error(`${method} ${path}: ${(err as Error).message} (${cause?.code ?? cause?.message ?? 'no cause'})`, { cause: err });
    response = await send();
  }
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text, headers: response.headers };
}

/** A chat API client for one organization and key. */
export function chatApi(svc: TestService, org: { organizationId: string }, keyHeader: Record<string, string>) {
  const base = `/api/${org.organizationId}/chats`;
  return {
    list: (query = '') => call(svc, 'GET', `${base}${query}`, keyHeader),
    get: (chatId: string) => call(svc, 'GET', `${base}/${chatId}`, keyHeader),
    messages: (chatId: string, query = '') => call(svc, 'GET', `${base}/${chatId}/messages${query}`, keyHeader),
    reply: (chatId: string, body: unknown, headers: Record<string, string> = {}) =>
      call(svc, 'POST', `${base}/${chatId}/messages`, { ...keyHeader, ...headers }, body),
    status: (chatId: string, status: unknown) => call(svc, 'PUT', `${base}/${chatId}/status`, keyHeader, { status }),
    assignee: (chatId: string, body: unknown) => call(svc, 'PUT', `${base}/${chatId}/assignee`, keyHeader, body),
    collaborator: (chatId: string, profileId: unknown) => call(svc, 'POST', `${base}/${chatId}/collaborators`, keyHeader, { profileId }),
  };
}

let inboundCounter = 0;

/**
 * A customer writes (DESIGN §5: the sandbox channel's callback), and the worker stores it: answers
 * the chat the message landed in.
 */
export async function customerWrites(svc: TestService, channelId: string, from: string, text = 'hello') {
  const messageId = `in-${Date.now()}-${++inboundCounter}`;
  const res = await post(svc, `/channels/${channelId}/webhook`, {
    event: 'message',
    message_id: messageId,
    from,
    name: `Customer ${from}`,
    type: 'text',
    content: { text },
  });
  assert.equal(res.status, 200, res.text);
  const stored = await waitFor(
    () =>
      svc.db.selectFrom('messages').select(['id', 'chat_id', 'created_at']).where('provider_message_id', '=', messageId).executeTakeFirst(),
    (row) => row !== undefined,
  );
  assert.ok(stored, `inbound message ${messageId} was not stored`);
  return { messageId: stored.id, chatId: stored.chat_id };
}

/** Opens a pending chat by sending to `to` (synchronous: the send endpoint finds or creates it). */
export async function openChat(svc: TestService, org: SeededOrganization, to: string, channelId = org.channels.whatsapp_zapi) {
  const res = await post(svc, '/v1/messages/send', { channel_id: channelId, to, type: 'text', content: { text: 'Hi' } }, org.bearer);
  assert.equal(res.status, 201, res.text);
  return res.json.data.chat_id as string;
}

/** Another member of the organization with its own key (scopes `*` unless given; role agent unless given). */
export async function addMember(svc: TestService, organizationId: string, name: string, scopes = ['*'], role = 'agent') {
  const { tenancy } = svc.services;
  const profile = await tenancy.createProfile({ name, email: `${name.toLowerCase()}-${Date.now()}-${++inboundCounter}@example.com` });
  await tenancy.addMember(organizationId, { profileId: profile.id, role });
  const key = await tenancy.createApiKey(profile.id, { name, scopes });
  return { profileId: profile.id, keyHeader: { 'x-api-key': key.key } };
}

/** The chat events of an organization (type, payload), in order. */
export async function chatEvents(svc: TestService, organizationId: string, chatId?: string) {
  const rows = await svc.db
    .selectFrom('events')
    .select(['type', 'payload'])
    .where('organization_id', '=', organizationId)
    .where('type', 'in', ['chat.status_changed', 'chat.assigned'])
    .orderBy('seq')
    .execute();
  return rows
    .map((row) => ({ type: row.type, data: JSON.parse(row.payload) }))
    .filter((event) => chatId === undefined || event.data.chat_id === chatId);
}

export async function chatRow(svc: TestService, chatId: string) {
  return svc.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
}

/**
 * `n` customers of the organization with the tag and no chat, inserted straight into the tables (as
 * an import would leave them): enough to make a tag broad (src/modules/chats/tag-filter.ts) fast.
 */
export async function tagManyCustomers(svc: TestService, organizationId: string, tagId: string, n: number) {
  const now = new Date().toISOString();
  for (let first = 0; first < n; first += 500) {
    const ids = Array.from({ length: Math.min(500, n - first) }, () => newId());
    await svc.db
      .insertInto('customers')
      .values(ids.map((id, i) => ({ id, organization_id: organizationId, name: `Tagged ${first + i}`, created_at: now, updated_at: now })))
      .execute();
    await svc.db
      .insertInto('customer_tags')
      .values(ids.map((id) => ({ organization_id: organizationId, customer_id: id, tag_id: tagId, chat_id: null, created_at: now })))
      .execute();
  }
}
