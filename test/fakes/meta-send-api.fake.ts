/**
 * A local Meta Send API as Instagram Messaging and Messenger speak it (providers.md §7–8):
 * POST /{version}/{accountOrPageId}/messages with a Bearer token and `{recipient:{id}, message}`,
 * answering `{recipient_id, message_id}` or Graph errors: 190 bad token, 100 bad body, and code 10
 * for a recipient outside the 24-hour window (Instagram: 403 + subcode 2534022; Messenger: 400 +
 * 2018278) unless the send carries a MESSAGE_TAG. Plus builders for the webhook bodies.
 */
import { fakeId, startHttpFake, type HttpFake } from './http-fake.js';
import { graphError } from './whatsapp-cloud.fake.js';

export interface MetaSendApiFake extends HttpFake {
  windowClosed: Set<string>;
}

export async function startMetaSendApiFake(opts: {
  platform: 'instagram' | 'facebook';
  accessToken: string;
  accountId: string;
  apiVersion?: string;
}): Promise<MetaSendApiFake> {
  const windowClosed = new Set<string>();
  const expectedPath = `/${opts.apiVersion ?? 'v21.0'}/${opts.accountId}/messages`;
  const fake = await startHttpFake((req) => {
    if (req.method !== 'POST' || req.path !== expectedPath) return { status: 404, body: graphError(100, 'Unknown path components') };
    if (req.headers.authorization !== `Bearer ${opts.accessToken}`)
      return { status: 401, body: graphError(190, 'Invalid OAuth access token.') };
    const body = req.json;
    const recipient = body?.recipient?.id;
    const message = body?.message;
    if (typeof recipient !== 'string' || !message || (typeof message.text !== 'string' && !message.attachment)) {
      return { status: 400, body: graphError(100, '(#100) Invalid parameter') };
    }
    if (windowClosed.has(recipient) && body.messaging_type !== 'MESSAGE_TAG') {
      return opts.platform === 'instagram'
        ? {
            status: 403,
            body: {
              error: {
                message: 'This message is sent outside of allowed window.',
                type: 'IGApiException',
                code: 10,
                error_subcode: 2534022,
                fbtrace_id: 'A9C5',
              },
            },
          }
        : { status: 400, body: graphError(10, '(#10) This message is sent outside of allowed window.', { error_subcode: 2018278 }) };
    }
    return { status: 200, body: { recipient_id: recipient, message_id: fakeId(opts.platform === 'instagram' ? 'aWdfZAG1' : 'm_') } };
  });
  return Object.assign(fake, { windowClosed });
}

/** `{object, entry:[{id, time, messaging:[item]}]}` as Meta posts it (one item per entry). */
export function messagingWebhook(object: 'instagram' | 'page', accountId: string, ...items: Record<string, unknown>[]) {
  return { object, entry: items.map((item) => ({ id: accountId, time: 1718000000500, messaging: [item] })) };
}
