/**
 * A local WhatsApp Cloud API (providers.md §1): POST /{version}/{phoneNumberId}/messages with a
 * Bearer token, answering `{messaging_product, contacts, messages:[{id:"wamid…"}]}` or Graph errors
 * (190 bad token, 100 invalid parameter, 131047 outside the 24-hour window), plus builders for the
 * webhook bodies Meta posts back. Media: `GET /{version}/{media-id}` answers the media's URL (here
 * `/lookaside/{media-id}` on the fake), which answers the bytes of `media` to the same Bearer token.
 */
import { fakeId, startHttpFake, type FakeAnswer, type HttpFake, type RecordedRequest } from './http-fake.js';

export interface WhatsAppCloudFake extends HttpFake {
  /** Recipients whose 24-hour window is closed: free-form sends get the synchronous 131047. */
  windowClosed: Set<string>;
  /** Media customers sent, by Graph media id. */
  media: Map<string, { bytes: Buffer; mimeType: string }>;
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
  const media = new Map<string, { bytes: Buffer; mimeType: string }>();
  const version = opts.apiVersion ?? 'v21.0';
  const expectedPath = `/${version}/${opts.phoneNumberId}/messages`;
  const authorized = (req: RecordedRequest) => req.headers.authorization === `Bearer ${opts.accessToken}`;
  const fake = await startHttpFake((req) => {
    if (req.method === 'GET') return mediaAnswer(req);
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
  // https://developers.facebook.com/docs/whatsapp/cloud-api/reference/media#retrieve-media-url
  function mediaAnswer(req: RecordedRequest): FakeAnswer {
    if (!authorized(req)) return { status: 401, body: graphError(190, 'Invalid OAuth access token.') };
    const lookup = new RegExp(`^/${version}/([^/]+)$`).exec(req.path);
    const download = /^\/lookaside\/([^/]+)$/.exec(req.path);
    const id = decodeURIComponent((lookup ?? download)?.[1] ?? '');
    const found = media.get(id);
    if (!found) return { status: 404, body: graphError(100, '(#100) Unsupported get request') };
    if (download) return { status: 200, body: found.bytes, headers: { 'content-type': found.mimeType } };
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        url: `${fake.url}/lookaside/${encodeURIComponent(id)}`,
        mime_type: found.mimeType,
        sha256: 'not-checked',
        file_size: found.bytes.length,
        id,
      },
    };
  }
  return Object.assign(fake, { windowClosed, media });
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
