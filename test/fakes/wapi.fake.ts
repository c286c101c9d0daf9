/**
 * A local W-API (providers.md §5, ⚠ reconstructed): POST /v1/message/{action}?instanceId=… with a
 * Bearer instance token, answering `{error:false, messageId}` or `{error:true, message}`; plus
 * builders for its webhook bodies.
 */
import { fakeId, startHttpFake, type HttpFake } from './http-fake.js';

const ACTIONS = new Set(['send-text', 'send-image', 'send-video', 'send-audio', 'send-document', 'send-location']);

export interface WapiFake extends HttpFake {
  /** Answer the next sends with a 200 that still says `error: true`. */
  refuseWith200: boolean;
}

export async function startWapiFake(opts: { instanceId: string; token: string }): Promise<WapiFake> {
  const fake = (await startHttpFake((req) => {
    const action = req.path.replace(/^\/v1\/message\//, '');
    if (req.method !== 'POST' || !ACTIONS.has(action)) return { status: 404, body: { error: true, message: 'Rota não encontrada' } };
    if (req.headers.authorization !== `Bearer ${opts.token}`) return { status: 401, body: { error: true, message: 'Token inválido' } };
    if (req.query.instanceId !== opts.instanceId) return { status: 404, body: { error: true, message: 'Instância não encontrada' } };
    if (typeof req.json?.phone !== 'string' || req.json.phone === '') {
      return { status: 400, body: { error: true, message: 'O número de telefone ou ID do grupo é obrigatório.' } };
    }
    if (fake.refuseWith200) return { status: 200, body: { error: true, message: 'Instância desconectada' } };
    return { status: 200, body: { error: false, instanceId: opts.instanceId, messageId: fakeId('3EB0') } };
  })) as WapiFake;
  fake.refuseWith200 = false;
  return fake;
}

export function wapiReceived(instanceId: string, extra: Record<string, unknown> = {}) {
  return {
    event: 'webhookReceived',
    instanceId,
    connectedPhone: '5511900000000',
    isGroup: false,
    messageId: '3A9F0E1D2C3B4A5968',
    fromMe: false,
    moment: 1718000000,
    chat: { id: '5511987654321', profilePicture: 'https://example.com/p.jpg' },
    sender: { id: '5511987654321', pushName: 'Maria Souza', senderLid: '81896604192873@lid' },
    msgContent: { conversation: 'hi' },
    ...extra,
  };
}
