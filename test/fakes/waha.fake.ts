/**
 * A local WAHA (providers.md §3): POST /api/send{Text,Image,Video,Voice,File,Location} with
 * `X-Api-Key`, answering 201 with an engine-native message (`engine` switches WEBJS, NOWEB, or the
 * empty 201 some WEBJS builds gave); plus builders for its webhook envelope and the HMAC it adds.
 */
import { createHmac } from 'node:crypto';
import { fakeId, startHttpFake, type HttpFake } from './http-fake.js';

const ROUTES = new Set(['sendText', 'sendImage', 'sendVideo', 'sendVoice', 'sendFile', 'sendLocation']);

export interface WahaFake extends HttpFake {
  engine: 'WEBJS' | 'WEBJS_OBJECT' | 'NOWEB' | 'EMPTY';
}

export async function startWahaFake(opts: { apiKey: string }): Promise<WahaFake> {
  const fake = (await startHttpFake((req) => {
    const route = req.path.replace(/^\/api\//, '');
    if (req.method !== 'POST' || !ROUTES.has(route))
      return { status: 404, body: { statusCode: 404, message: `Cannot POST ${req.path}`, error: 'Not Found' } };
    if (req.headers['x-api-key'] !== opts.apiKey) return { status: 401, body: { message: 'Unauthorized', statusCode: 401 } };
    const chatId = req.json?.chatId;
    if (typeof chatId !== 'string' || !/@(c\.us|g\.us|lid)$/.test(chatId) || typeof req.json.session !== 'string') {
      return { status: 400, body: { statusCode: 400, message: ['chatId must be a WhatsApp chat id'], error: 'Bad Request' } };
    }
    const id = fakeId('3EB0');
    const serialized = `true_${chatId}_${id}`;
    switch (fake.engine) {
      case 'WEBJS':
        return { status: 201, body: { id: serialized, ack: 0, body: req.json.text ?? '', fromMe: true, to: chatId } };
      case 'WEBJS_OBJECT':
        return { status: 201, body: { id: { fromMe: true, remote: chatId, id, _serialized: serialized }, ack: 0 } };
      case 'NOWEB':
        return {
          status: 201,
          body: {
            key: { remoteJid: chatId.replace('@c.us', '@s.whatsapp.net'), fromMe: true, id },
            message: {},
            messageTimestamp: '1718000000',
            status: 'PENDING',
          },
        };
      case 'EMPTY':
        return { status: 201 };
    }
  })) as WahaFake;
  fake.engine = 'WEBJS';
  return fake;
}

export function wahaWebhook(event: string, payload: Record<string, unknown>) {
  return {
    id: 'evt_01hx',
    timestamp: 1718000000123,
    event,
    session: 'default',
    metadata: {},
    me: { id: '5511900000000@c.us', pushName: 'Store' },
    payload,
    engine: 'WEBJS',
    environment: { version: '2025.6.1', engine: 'WEBJS', tier: 'PLUS' },
  };
}

export function wahaHmac(raw: string, key: string): Record<string, string> {
  return { 'x-webhook-hmac': createHmac('sha512', key).update(raw).digest('hex'), 'x-webhook-hmac-algorithm': 'sha512' };
}
