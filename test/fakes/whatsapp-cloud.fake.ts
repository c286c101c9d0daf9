/**
 * A local WhatsApp Cloud API (providers.md §1): POST /{version}/{phoneNumberId}/messages with a
 * Bearer token, answering `{messaging_product, contacts, messages:[{id:"wamid…"}]}` or Graph errors
 * (190 bad token, 100 invalid parameter, 131047 outside the 24-hour window), plus builders for the
 * webhook bodies Meta posts back.
 */
import { fakeId, startHttpFake, type HttpFake } from './http-fake.js';

export interface WhatsAppCloudFake extends HttpFake {
  /** Recipients whose 24-hour window is closed: free-form sends get the synchronous 131047. */
  windowClosed: Set<string>;
}

export function graphError(code: number, message: string, extra: Record<string, unknown> = {}) {
  return { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbCdEf123', ...extra } };
}

export async function startWhatsAppCloudFake(opts: {
  accessToken: string;
  phoneNumberId: string;
  apiVersion?: string;
}): Promise<WhatsAppCloudFake> {
  const windowClosed = new Set<string>();
  const expectedPath = `/${opts.apiVersion ?? 'v21.0'}/${opts.phoneNumberId}/messages`;
  const fake = await startHttpFake((req) => {
    if (req.method !== 'POST' || req.path !== expectedPath) return { status: 404, body: graphError(100, 'Unknown path') };
    if (req.headers.authorization !== `Bearer ${opts.accessToken}`) {
      return { status: 401, body: graphError(190, 'Invalid OAuth access token.') };
    }
    const body = req.json;
    if (body?.messaging_product !== 'whatsapp' || typeof body.to !== 'string' || typeof body.type !== 'string' || !body[body.type]) {
      return { status: 400, body: graphError(100, '(#100) Invalid parameter') };
    }
    if (body.type !== 'template' && windowClosed.has(body.to)) {
      return {
        status: 400,
        body: graphError(131047, '(#131047) Re-engagement message', {
          error_data: {
            messaging_product: 'whatsapp',
            details: 'More than 24 hours have passed since the recipient last replied to the sender number.',
          },
        }),
      };
    }
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: fakeId('wamid.HBgN'), ...(body.type === 'template' ? { message_status: 'accepted' } : {}) }],
      },
    };
  });
  return Object.assign(fake, { windowClosed });
}

/** The webhook envelope Meta posts for one `value` (statuses or messages). */
export function cloudWebhook(value: Record<string, unknown>, phoneNumberId = '109876543210') {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export function cloudStatus(id: string, status: string, extra: Record<string, unknown> = {}) {
  return { id, status, timestamp: '1718000100', recipient_id: '5511987654321', ...extra };
}
