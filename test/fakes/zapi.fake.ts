/**
 * A local Z-API (providers.md §4): POST /instances/{id}/token/{token}/{action} with `Client-Token`,
 * JSON only (415 otherwise), answering `{zaapId, messageId, id}`; the document extension must be in
 * the path and coordinates must be strings. Plus builders for its callback bodies.
 */
import { fakeId, startHttpFake, type HttpFake } from './http-fake.js';

const ACTIONS = /^(send-text|send-image|send-video|send-audio|send-location|send-document\/[a-z0-9]+)$/;

export async function startZapiFake(opts: { instanceId: string; instanceToken: string; clientToken: string }): Promise<HttpFake> {
  const prefix = `/instances/${opts.instanceId}/token/${opts.instanceToken}/`;
  return startHttpFake((req) => {
    if (!req.path.startsWith(prefix)) return { status: 404, body: { error: 'Instance not found' } };
    const action = req.path.slice(prefix.length);
    if (!ACTIONS.test(action))
      return { status: 404, body: { error: 'NOT_FOUND', message: 'Unable to find matching target resource method' } };
    if (req.method !== 'POST') return { status: 405, body: { error: 'Method Not Allowed' } };
    if (!String(req.headers['content-type']).startsWith('application/json'))
      return { status: 415, body: { error: 'Unsupported Media Type' } };
    if (req.headers['client-token'] !== opts.clientToken) return { status: 400, body: { error: 'your client-token is not configured' } };
    const body = req.json ?? {};
    if (typeof body.phone !== 'string' || !/^\d+$/.test(body.phone)) return { status: 400, body: { error: 'phone is required' } };
    if (
      action === 'send-location' &&
      (typeof body.latitude !== 'string' || typeof body.longitude !== 'string' || !body.title || !body.address)
    ) {
      return { status: 400, body: { error: 'title, address, latitude and longitude (strings) are required' } };
    }
    const id = fakeId('3EB0');
    return { status: 200, body: { zaapId: fakeId('39A1'), messageId: id, id } };
  });
}

export function zapiReceived(instanceId: string, extra: Record<string, unknown>) {
  return {
    type: 'ReceivedCallback',
    instanceId,
    messageId: '3A9F0E1D2C3B4A5968',
    phone: '5511987654321',
    fromMe: false,
    momment: 1718000000000,
    status: 'RECEIVED',
    chatName: 'Maria Souza',
    senderName: 'Maria Souza',
    senderPhoto: null,
    photo: 'https://example.com/p.jpg',
    connectedPhone: '5511900000000',
    isGroup: false,
    isNewsletter: false,
    participantPhone: null,
    senderLid: '81896604192873@lid',
    referenceMessageId: null,
    isEdit: false,
    waitingMessage: false,
    ...extra,
  };
}

export function zapiStatus(instanceId: string, status: string, ids: string[]) {
  return {
    type: 'MessageStatusCallback',
    instanceId,
    status,
    ids,
    momment: 1718000100000,
    phoneDevice: 0,
    phone: '5511987654321',
    isGroup: false,
  };
}
