/** Helpers of the governor's tests: a real official channel on the governed Cloud fake, sends, the governor's view, message rows. */
import assert from 'node:assert/strict';
import type { SeededOrganization, TestService } from '../support/harness.js';
import { post, waitFor } from '../messages/support.js';
import { call } from '../chats/support.js';

export const SECOND = 1000;
export const HOUR = 3_600_000;

/** A real (non-sandbox) whatsapp_official channel at the fake, with governor settings. */
export async function cloudChannel(svc: TestService, org: SeededOrganization, baseUrl: string, settings: Record<string, unknown> = {}) {
  const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
    kind: 'whatsapp_official',
    name: 'Cloud API (governed)',
    config: { accessToken: 'EAAB-governor', phoneNumberId: '109876500077', appSecret: 'app-secret', verifyToken: 'verify', baseUrl },
    settings: { enforceWhatsAppWindow: false, ...settings },
  });
  assert.equal(created.statusCode, 201, created.body);
  return created.json().data.id as string;
}

export async function sendText(svc: TestService, org: SeededOrganization, channelId: string, to: string, text = 'hello') {
  return post(svc, '/v1/messages/send', { channel_id: channelId, to, type: 'text', content: { text } }, org.bearer);
}

export async function sendTemplate(svc: TestService, org: SeededOrganization, channelId: string, to: string) {
  return post(
    svc,
    '/v1/messages/send',
    { channel_id: channelId, to, type: 'template', content: { name: 'promo', language: 'pt_BR' } },
    org.bearer,
  );
}

export async function approvedTemplate(svc: TestService, org: SeededOrganization, channelId: string) {
  return svc.services.templates.create(org.organizationId, {
    channelId,
    name: 'promo',
    language: 'pt_BR',
    status: 'approved',
    components: [{ type: 'BODY', text: 'Olá' } as { type: string }],
  });
}

export function governorView(svc: TestService, org: { organizationId: string }, channelId: string, keyHeader: Record<string, string>) {
  return call(svc, 'GET', `/api/${org.organizationId}/channels/${channelId}/governor`, keyHeader);
}

export async function row(svc: TestService, id: string) {
  return svc.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Waits until the message left `pending`; answers its row. */
export async function settledRow(svc: TestService, id: string, timeoutMs = 8000) {
  return waitFor(
    () => row(svc, id),
    (r) => r.status !== 'pending',
    timeoutMs,
  );
}

/**
 * Sends per second at the provider, as the least-squares slope of the arrivals over their order.
 * The first-to-last span would be as late as the last arrival: on a loaded machine one release that
 * goes late (the worker descheduled for half a second) read as a budget 5 % short, though every
 * other send kept its slot. A governor that paces too slowly or too fast moves every arrival, and so
 * the slope, as much as the span.
 */
export function arrivalRate(times: number[]): number {
  const n = times.length;
  const meanIndex = (n - 1) / 2;
  const meanTime = times.reduce((sum, t) => sum + t, 0) / n;
  let covariance = 0;
  let variance = 0;
  times.forEach((t, i) => {
    covariance += (i - meanIndex) * (t - meanTime);
    variance += (i - meanIndex) ** 2;
  });
  // covariance / variance is milliseconds per send.
  return (1000 * variance) / covariance;
}
