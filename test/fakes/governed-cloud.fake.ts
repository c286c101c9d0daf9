/**
 * A WhatsApp Cloud API fake for the governor's tests: it timestamps every send it receives (real
 * time, as a provider sees it) and answers Meta's error codes when told to: `answerNext(recipient,
 * code)` makes the next send to that recipient fail with the Graph error Meta documents for the
 * code (130429 throughput, 131056 pair rate, 131049 marketing cap, 131047 outside the window).
 * https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes
 */
import { fakeId, startHttpFake, type HttpFake } from './http-fake.js';
import { graphError } from './whatsapp-cloud.fake.js';

export type MetaCode = 130429 | 131056 | 131049 | 131047;

const META_ERRORS: Record<MetaCode, { status: number; message: string; details: string }> = {
  130429: { status: 400, message: '(#130429) Rate limit hit', details: 'Cloud API message throughput has been reached.' },
  131056: {
    status: 400,
    message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
    details: 'Too many messages sent from the sender phone number to the same recipient phone number in a short period of time.',
  },
  131049: {
    status: 400,
    message: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  131047: {
    status: 400,
    message: '(#131047) Re-engagement message',
    details: 'More than 24 hours have passed since the recipient last replied to the sender number.',
  },
};

export interface ReceivedSend {
  to: string;
  type: string;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface GovernedCloudFake extends HttpFake {
  /** Sends answered with success, in arrival order. */
  received: ReceivedSend[];
  /** Every send that arrived, errors included. */
  arrived: ReceivedSend[];
  answerNext(recipient: string, code: MetaCode): void;
}

export async function startGovernedCloudFake(): Promise<GovernedCloudFake> {
  const received: ReceivedSend[] = [];
  const arrived: ReceivedSend[] = [];
  const scripted = new Map<string, MetaCode[]>();
  const fake = await startHttpFake((req) => {
    const at = Date.now();
    if (req.method !== 'POST' || !req.path.endsWith('/messages')) return { status: 404, body: graphError(100, 'Unknown path') };
    const body = req.json;
    const send = { to: String(body?.to), type: String(body?.type), at };
    arrived.push(send);
    const code = scripted.get(send.to)?.shift();
    if (code) {
      const error = META_ERRORS[code];
      return {
        status: error.status,
        body: graphError(code, error.message, { error_data: { messaging_product: 'whatsapp', details: error.details } }),
      };
    }
    received.push(send);
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: send.to, wa_id: send.to }], messages: [{ id: fakeId('wamid.GOV') }] },
    };
  });
  return Object.assign(fake, {
    received,
    arrived,
    answerNext(recipient: string, code: MetaCode) {
      scripted.set(recipient, [...(scripted.get(recipient) ?? []), code]);
    },
  });
}
