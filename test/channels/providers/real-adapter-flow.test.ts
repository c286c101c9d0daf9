/**
 * End to end through the started service with a real adapter behind the registry: a
 * whatsapp_official channel pointed at the local Cloud API fake. Proves the wiring the unit tests
 * cannot: the send stores the vendor's id, a permanent refusal keeps the vendor's reason, a signed
 * callback moves the status, an unsigned one changes nothing, and the GET handshake answers Meta.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeEachDatabase, json } from '../../support/harness.js';
import { messageRow, post, waitFor } from '../../messages/support.js';
import { metaSigned } from '../../fakes/provider-test-kit.js';
import { cloudStatus, cloudWebhook, startWhatsAppCloudFake, type WhatsAppCloudFake } from '../../fakes/whatsapp-cloud.fake.js';

const TOKEN = 'EAAB-e2e-token';
const PHONE_ID = '109876543210';
const SECRET = 'e2e-app-secret';

describeEachDatabase('a real provider adapter behind the send endpoint and the callback route', (env) => {
  let cloud: WhatsAppCloudFake;
  before(async () => {
    cloud = await startWhatsAppCloudFake({ accessToken: TOKEN, phoneNumberId: PHONE_ID });
  });
  after(() => cloud.close());

  // These tests are about the adapter, so the 24-hour window is off unless a test turns it on.
  async function officialChannel(settings: Record<string, unknown> = { enforceWhatsAppWindow: false }) {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_official',
      name: 'Cloud API (fake)',
      config: { accessToken: TOKEN, phoneNumberId: PHONE_ID, appSecret: SECRET, verifyToken: 'e2e-verify', baseUrl: cloud.url },
      settings,
    });
    assert.equal(created.statusCode, 201, created.body);
    return { svc, org, channelId: json(created).data.id as string };
  }

  it('a real official channel enforces the 24-hour window by default: free-form to a contact who never wrote is 422, nothing stored or sent', async () => {
    const { svc, org, channelId } = await officialChannel({});
    const before = cloud.requests.length;
    const refused = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '+55 11 98765-4321', type: 'text', content: { text: 'Hello' } },
      org.bearer,
    );
    assert.equal(refused.status, 422, refused.text);
    assert.equal(refused.json.error.code, 'WHATSAPP_WINDOW_CLOSED');
    assert.match(refused.json.error.message, /template/);
    assert.equal(cloud.requests.length, before, 'nothing reached the provider');
    const stored = await svc.db.selectFrom('messages').select('id').where('channel_id', '=', channelId).execute();
    assert.equal(stored.length, 0);
  });

  it('sends through the adapter, then a signed status callback moves the message; an unsigned one does not', async () => {
    const { svc, org, channelId } = await officialChannel();
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '+55 11 98765-4321', type: 'text', content: { text: 'Hello' } },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.json.data.status, 'sent');
    const request = cloud.last();
    assert.equal(request.json.to, '5511987654321');
    assert.equal(request.json.biz_opaque_callback_data, sent.json.data.id);
    const row = await messageRow(svc, sent.json.data.id);
    assert.match(String(row?.provider_message_id), /^wamid\./);

    const forged = cloudWebhook({ statuses: [cloudStatus(String(row?.provider_message_id), 'read')] });
    const unsigned = await post(svc, `/channels/${channelId}/webhook`, forged, { 'x-hub-signature-256': 'sha256=' + '0'.repeat(64) });
    assert.equal(unsigned.status, 401, 'refused at the route, before anything is stored');
    assert.equal(unsigned.json.error.code, 'UNAUTHORIZED');
    assert.equal((await svc.db.selectFrom('provider_callbacks').select('id').execute()).length, 0);
    assert.equal((await messageRow(svc, sent.json.data.id))?.status, 'sent', 'the forged read changed nothing');

    const body = cloudWebhook({ statuses: [cloudStatus(String(row?.provider_message_id), 'delivered')] });
    const signed = metaSigned(body, SECRET);
    const res = await post(svc, `/channels/${channelId}/webhook`, signed.body, signed.headers);
    assert.equal(res.status, 200);
    const after = await waitFor(
      () => messageRow(svc, sent.json.data.id),
      (m) => m?.status === 'delivered',
    );
    assert.equal(after?.status, 'delivered');
  });

  it('applies a status whose vendor timestamp is out of range once, without its time, instead of retrying the job', async () => {
    const { svc, org, channelId } = await officialChannel();
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '+55 11 98765-4321', type: 'text', content: { text: 'Hello' } },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    const row = await messageRow(svc, sent.json.data.id);
    const body = cloudWebhook({
      statuses: [cloudStatus(String(row?.provider_message_id), 'delivered', { timestamp: '99999999999999999' })],
    });
    const signed = metaSigned(body, SECRET);
    const res = await post(svc, `/channels/${channelId}/webhook`, signed.body, signed.headers);
    assert.equal(res.status, 200);
    const callbackId = res.json.data.id as string;
    const done = await waitFor(
      () => svc.db.selectFrom('provider_callbacks').select('processed_at').where('id', '=', callbackId).executeTakeFirst(),
      (r) => r?.processed_at != null,
    );
    assert.ok(done?.processed_at, 'processed on the first attempt');
    assert.equal((await messageRow(svc, sent.json.data.id))?.status, 'delivered');
    const jobs = await svc.db
      .selectFrom('jobs')
      .select(['status', 'attempts', 'last_error'])
      .where('type', '=', 'channels.process_callback')
      .execute();
    assert.deepEqual(jobs, [], 'no job left to retry');
  });

  it("keeps the vendor's reason when it refuses for good (131047 outside the window)", async () => {
    const { svc, org, channelId } = await officialChannel();
    cloud.windowClosed.add('5511912345678');
    const sent = await post(
      svc,
      '/v1/messages/send',
      { channel_id: channelId, to: '5511912345678', type: 'text', content: { text: 'Hello' } },
      org.bearer,
    );
    assert.equal(sent.status, 201, sent.text);
    const row = await waitFor(
      () => messageRow(svc, sent.json.data.id),
      (m) => m?.status === 'failed',
    );
    assert.equal(row?.status, 'failed');
    assert.equal(row?.error_code, '131047');
    assert.match(String(row?.error_message), /24 hours/);
  });

  it("answers Meta's verification handshake from the channel's verify token", async () => {
    const { svc, channelId } = await officialChannel();
    const ok = await fetch(`${svc.url}/channels/${channelId}/webhook?hub.mode=subscribe&hub.verify_token=e2e-verify&hub.challenge=98765`);
    assert.equal(ok.status, 200);
    assert.equal(await ok.text(), '98765');
    const denied = await fetch(`${svc.url}/channels/${channelId}/webhook?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=98765`);
    assert.equal(denied.status, 403);
  });
});
