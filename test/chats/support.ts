/** Helpers of the chat-send tests: a chat made through the send endpoint, official channels on the Cloud API fake. */
import assert from 'node:assert/strict';
import type { SeededOrganization, TestService } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';

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
