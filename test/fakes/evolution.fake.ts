/**
 * A local Evolution API v2 (providers.md §2): POST /message/{sendText|sendMedia|sendWhatsAppAudio|
 * sendLocation}/{instance} with an `apikey` header, answering 201 with the stored message
 * (`key.id`, status PENDING) or Evolution's error shape; plus builders for its webhook bodies.
 */
import { fakeId, startHttpFake, type HttpFake } from './http-fake.js';

const ROUTES = new Set(['sendText', 'sendMedia', 'sendWhatsAppAudio', 'sendLocation']);

export interface EvolutionFake extends HttpFake {
  /** Numbers Evolution reports as not on WhatsApp (400 with exists:false). */
  notOnWhatsApp: Set<string>;
}

export async function startEvolutionFake(opts: { apiKey: string; instance: string }): Promise<EvolutionFake> {
  const notOnWhatsApp = new Set<string>();
  const fake = await startHttpFake((req) => {
    const [, group, route, instance] = req.path.split('/');
    if (req.method !== 'POST' || group !== 'message' || !ROUTES.has(route!) || instance !== opts.instance) {
      return { status: 404, body: { status: 404, error: 'Not Found', response: { message: ['Cannot POST ' + req.path] } } };
    }
    if (req.headers.apikey !== opts.apiKey)
      return { status: 401, body: { status: 401, error: 'Unauthorized', response: { message: 'Unauthorized' } } };
    const number = req.json?.number;
    if (typeof number !== 'string')
      return { status: 400, body: { status: 400, error: 'Bad Request', response: { message: ['number is required'] } } };
    if (notOnWhatsApp.has(number)) {
      return {
        status: 400,
        body: { status: 400, error: 'Bad Request', response: { message: [{ exists: false, jid: `${number}@s.whatsapp.net`, number }] } },
      };
    }
    return {
      status: 201,
      body: {
        key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id: fakeId('3EB0') },
        pushName: '',
        status: 'PENDING',
        message: route === 'sendText' ? { conversation: req.json.text } : {},
        messageType: route === 'sendText' ? 'conversation' : 'mediaMessage',
        messageTimestamp: 1718000000,
        instanceId: '6f1c0000-uuid',
        source: 'unknown',
      },
    };
  });
  return Object.assign(fake, { notOnWhatsApp });
}

export function evolutionWebhook(event: string, data: unknown, apikey: string) {
  return {
    event,
    instance: 'store-01',
    data,
    destination: 'https://svc/hooks/evo',
    date_time: '2025-06-10T12:00:00.000Z',
    sender: '5511900000000@s.whatsapp.net',
    server_url: 'http://evo:8080',
    apikey,
  };
}
