/**
 * Inbound media into our files (DESIGN.md §9 "Media", issue 22 item 5) through the real callback
 * route and the real adapters: Meta by media id through the Graph API (the Cloud API fake), a
 * gateway (Z-API) by the URL in its callback; the message then names our file and our signed link,
 * `message.media_updated` fires; a download over FILE_MAX_BYTES is refused for good, a failing one
 * is retried with backoff.
 */
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { describeEachDatabase, json, type TestService } from '../support/harness.js';
import { post, waitFor } from './support.js';
import { metaSigned } from '../fakes/provider-test-kit.js';
import { cloudWebhook, startWhatsAppCloudFake, type WhatsAppCloudFake } from '../fakes/whatsapp-cloud.fake.js';
import { startHttpFake, type HttpFake } from '../fakes/http-fake.js';
import { zapiReceived } from '../fakes/zapi.fake.js';
import { JobLeaseLost } from '../../src/jobs/types.js';

const PHONE_ID = '114896151713920';
const TOKEN = 'EAAB-media';
const SECRET = 'media-app-secret';
// A 1×1 PNG: its type is sniffed from these bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function createChannel(svc: TestService, organizationId: string, kind: string, config: Record<string, unknown>) {
  const res = await svc.admin('POST', `/organizations/${organizationId}/channels`, { kind, name: kind, config, settings: {} });
  assert.equal(res.statusCode, 201, res.body);
  return json(res).data as { id: string; webhookUrl: string };
}

async function deliver(svc: TestService, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await post(svc, url.replace(/^https?:\/\/[^/]+/, ''), body, headers);
  assert.equal(res.status, 200, res.text);
}

/** The inbound message once its media job has written the content (a file, or an error). */
async function settled(svc: TestService, providerMessageId: string, done = (c: any) => c.fileId || c.mediaError) {
  const row = await waitFor(
    () => svc.db.selectFrom('messages').selectAll().where('provider_message_id', '=', providerMessageId).executeTakeFirst(),
    (r) => Boolean(r && done(JSON.parse(r.content))),
  );
  assert.ok(row, 'the message was stored');
  return { row, content: JSON.parse(row.content) };
}

async function mediaEvents(svc: TestService) {
  const rows = await svc.db.selectFrom('events').selectAll().where('type', '=', 'message.media_updated').orderBy('seq').execute();
  return rows.map((r) => JSON.parse(r.payload));
}

/** A CDN that holds each download until the test releases it. */
type HeldCdn = Awaited<ReturnType<typeof heldCdn>>;
async function heldCdn() {
  const held: http.ServerResponse[] = [];
  let onAsked = () => {};
  const asked = new Promise<void>((resolve) => (onAsked = resolve));
  const server = http.createServer((_req, res) => (held.push(res), onAsked()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/held.png`,
    asked,
    get requests() {
      return held.length;
    },
    release(body: Buffer) {
      for (const res of held) res.writeHead(200, { 'content-type': 'image/png' }).end(body);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describeEachDatabase('inbound media into our files', (env) => {
  let cloud: WhatsAppCloudFake;
  let cdn: HttpFake;
  let cdnFailures = 0;
  before(async () => {
    cloud = await startWhatsAppCloudFake({ accessToken: TOKEN, phoneNumberId: PHONE_ID });
    cdn = await startHttpFake((req) => {
      if (req.path === '/flaky.png' && cdnFailures-- > 0) return { status: 503, body: 'busy' };
      if (req.path === '/big.bin')
        return { status: 200, body: Buffer.alloc(4096, 1), headers: { 'content-type': 'application/octet-stream' } };
      if (req.path.endsWith('.png')) return { status: 200, body: PNG, headers: { 'content-type': 'image/png' } };
      return { status: 404, body: 'no such file' };
    });
  });
  after(async () => {
    await cloud.close();
    await cdn.close();
  });

  /** A service whose Z-API channel just received an image from `held`, its download waiting there. */
  async function imageOnItsWay(held: HeldCdn, messageId: string, image: Record<string, unknown> = {}) {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 20 } });
    const org = await svc.seedOrganization();
    const instanceId = `ZI-${messageId}`;
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_zapi', { instanceId, instanceToken: 'zt', baseUrl: cdn.url });
    await deliver(svc, channel.webhookUrl, zapiReceived(instanceId, { messageId, image: { imageUrl: held.url, ...image } }));
    await held.asked;
    return { svc, org };
  }

  it('Meta: a media id is resolved through the Graph API with the token, stored as our file, and the message names it', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_official', {
      accessToken: TOKEN,
      phoneNumberId: PHONE_ID,
      appSecret: SECRET,
      baseUrl: cloud.url,
      allowPrivateBaseUrl: true,
    });
    cloud.media.set('1013859600285441', { bytes: PNG, mimeType: 'image/png' });
    // The shape of Meta's image message: https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples#media-messages
    const image = { id: '1013859600285441', mime_type: 'image/png', sha256: 'x', caption: 'my receipt' };
    const body = cloudWebhook(
      {
        contacts: [{ profile: { name: 'Maria' }, wa_id: '5511987654321' }],
        messages: [{ from: '5511987654321', id: 'wamid.MEDIA1', timestamp: '1718000000', type: 'image', image }],
      },
      PHONE_ID,
    );
    const signed = metaSigned(body, SECRET);
    await deliver(svc, channel.webhookUrl, signed.body, signed.headers);
    const { row, content } = await settled(svc, 'wamid.MEDIA1');
    assert.equal(content.mediaId, '1013859600285441');
    assert.equal(content.caption, 'my receipt');
    assert.match(content.url, new RegExp(`/files/${content.fileId}/content\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    const file = await svc.db.selectFrom('files').selectAll().where('id', '=', content.fileId).executeTakeFirstOrThrow();
    assert.equal(file.organization_id, org.organizationId);
    assert.equal(file.mime_type, 'image/png');
    assert.equal(file.size_bytes, PNG.length);
    // Our file's bytes, through the organization's API.
    const bytes = await svc.app.inject({
      method: 'GET',
      url: `/api/${org.organizationId}/files/${content.fileId}/content`,
      headers: org.keyHeader,
    });
    assert.equal(bytes.statusCode, 200);
    assert.deepEqual(bytes.rawPayload, PNG);
    // Both Graph calls carried the channel's token: the lookup, then the download.
    const gets = cloud.requests.filter((r) => r.method === 'GET');
    assert.deepEqual(
      gets.map((r) => [r.path, r.headers.authorization]),
      [
        ['/v21.0/1013859600285441', `Bearer ${TOKEN}`],
        ['/lookaside/1013859600285441', `Bearer ${TOKEN}`],
      ],
    );
    const [event] = await mediaEvents(svc);
    assert.deepEqual([event.message_id, event.chat_id, event.file_id, event.error], [row.id, row.chat_id, content.fileId, null]);
    // Another organization cannot read the file.
    const other = await svc.seedOrganization();
    const foreign = await svc.app.inject({
      method: 'GET',
      url: `/api/${other.organizationId}/files/${content.fileId}/content`,
      headers: other.keyHeader,
    });
    assert.equal(foreign.statusCode, 404);
  });

  it('a gateway (Z-API): the URL of the callback is downloaded; the vendor URL no longer named by the message', async () => {
    const svc = await env.start({ listen: true, workerOptions: { idlePollMs: 50 } });
    const org = await svc.seedOrganization();
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_zapi', {
      instanceId: 'ZI-M',
      instanceToken: 'zt',
      baseUrl: cdn.url,
    });
    const vendorUrl = `${cdn.url}/photo.png`;
    await deliver(
      svc,
      channel.webhookUrl,
      zapiReceived('ZI-M', { messageId: '3EB0MEDIA', image: { imageUrl: vendorUrl, mimeType: 'image/png', caption: 'look' } }),
    );
    const { content } = await settled(svc, '3EB0MEDIA');
    assert.ok(content.fileId);
    assert.notEqual(content.url, vendorUrl);
    assert.ok(!JSON.stringify(content).includes(cdn.url), 'no vendor URL left in the content');
    assert.equal(content.caption, 'look');
  });

  it('an edit of the caption during the download is kept: the file is written onto the content as it is then', async () => {
    const held = await heldCdn();
    try {
      const { svc } = await imageOnItsWay(held, '3EB0EDIT', { mimeType: 'image/png', caption: 'first' });
      // The customer edits the caption while the file is on its way (as message-news applies an edit).
      const row = await svc.db
        .selectFrom('messages')
        .select(['id', 'content'])
        .where('provider_message_id', '=', '3EB0EDIT')
        .executeTakeFirstOrThrow();
      await svc.db
        .updateTable('messages')
        .set({ content: JSON.stringify({ ...JSON.parse(row.content), caption: 'edited' }) })
        .where('id', '=', row.id)
        .execute();
      held.release(PNG);
      const { content } = await settled(svc, '3EB0EDIT');
      assert.ok(content.fileId, JSON.stringify(content));
      assert.equal(content.caption, 'edited', 'the edit made during the download');
    } finally {
      await held.close();
    }
  });

  it('a person erased during the download leaves no file behind: neither the row nor the stored bytes', async () => {
    const held = await heldCdn();
    try {
      const { svc, org } = await imageOnItsWay(held, '3EB0ERASE');
      const { customer_id } = await svc.db
        .selectFrom('messages as m')
        .innerJoin('chats as c', 'c.id', 'm.chat_id')
        .select('c.customer_id')
        .where('m.provider_message_id', '=', '3EB0ERASE')
        .executeTakeFirstOrThrow();
      const erased = await svc.app.inject({
        method: 'DELETE',
        url: `/api/${org.organizationId}/customers/${customer_id}?erase=true`,
        headers: org.keyHeader,
      });
      assert.equal(erased.statusCode, 200, erased.body);
      held.release(PNG);
      // The download ends and stores its file (the organization's folder appears), the message is
      // found gone, and the file goes with it: the row at once, the bytes by the job after.
      const folder = path.join(svc.config.files.dir, org.organizationId);
      const left = async () => ({
        folder: await readdir(folder).catch(() => undefined),
        rows: await svc.db.selectFrom('files').select('id').where('organization_id', '=', org.organizationId).execute(),
        jobs: await svc.db.selectFrom('jobs').select('type').where('type', 'in', ['messages.fetch_media', 'files.remove']).execute(),
      });
      const end = await waitFor(left, (now) => now.folder?.length === 0 && now.rows.length === 0 && now.jobs.length === 0);
      assert.deepEqual(end.folder, [], 'the download stored its file, whose bytes are gone again');
      assert.deepEqual(end.rows, [], 'no file row of the erased person');
      assert.deepEqual(end.jobs, [], 'the download and the removal of its bytes both ran');
      assert.ok(held.requests > 0, 'the download did run');
    } finally {
      await held.close();
    }
  });

  it('a file stored for a content update that does not commit goes again (a lease lost to another worker)', async () => {
    const held = await heldCdn();
    try {
      const { svc, org } = await imageOnItsWay(held, '3EB0LEASE');
      const message = await svc.db
        .selectFrom('messages')
        .select('id')
        .where('provider_message_id', '=', '3EB0LEASE')
        .executeTakeFirstOrThrow();
      // The same job run a second time, by a worker whose lease another one took over: its end finds
      // the job held by someone else, and its content update rolls back.
      const job = {
        id: 'taken-over',
        type: 'messages.fetch_media',
        organizationId: org.organizationId,
        payload: { messageId: message.id },
        attempt: 1,
        maxAttempts: 5,
      };
      const lost = svc.services.inboundMedia.runFetchJob(job, {
        signal: new AbortController().signal,
        completeIn: async () => {
          throw new JobLeaseLost(job.id);
        },
      });
      await waitFor(
        async () => held.requests,
        (n) => n >= 2,
      );
      held.release(PNG);
      await assert.rejects(lost, JobLeaseLost);
      const { content } = await settled(svc, '3EB0LEASE');
      const files = await svc.db.selectFrom('files').select('id').where('organization_id', '=', org.organizationId).execute();
      assert.deepEqual(
        files.map((f) => f.id),
        [content.fileId],
        'the file of the run that committed, and no other',
      );
    } finally {
      await held.close();
    }
  });

  it('a download failing with 503 is retried with backoff until it succeeds; one over FILE_MAX_BYTES fails for good', async () => {
    const svc = await env.start({ listen: true, env: { FILE_MAX_BYTES: '1024' }, workerOptions: { idlePollMs: 50, retryBaseMs: 20 } });
    const org = await svc.seedOrganization();
    const channel = await createChannel(svc, org.organizationId, 'whatsapp_zapi', {
      instanceId: 'ZI-R',
      instanceToken: 'zt',
      baseUrl: cdn.url,
    });
    cdnFailures = 2;
    await deliver(svc, channel.webhookUrl, zapiReceived('ZI-R', { messageId: '3EB0FLAKY', image: { imageUrl: `${cdn.url}/flaky.png` } }));
    const { content } = await settled(svc, '3EB0FLAKY', (c) => Boolean(c.fileId));
    assert.ok(content.fileId);
    assert.equal(content.mediaError, undefined, 'the error of the failed tries is gone');
    const events = await mediaEvents(svc);
    assert.deepEqual(
      events.map((e) => e.error?.code ?? 'ok'),
      ['MEDIA_UNAVAILABLE', 'MEDIA_UNAVAILABLE', 'ok'],
    );

    await deliver(svc, channel.webhookUrl, zapiReceived('ZI-R', { messageId: '3EB0BIG', document: { documentUrl: `${cdn.url}/big.bin` } }));
    const big = await settled(svc, '3EB0BIG');
    assert.equal(big.content.mediaError.code, 'MEDIA_TOO_LARGE');
    assert.equal(big.content.fileId, undefined);
    assert.equal(big.content.url, undefined, 'the vendor URL is not kept to be shown');
    const jobs = await svc.db.selectFrom('jobs').select('type').where('type', '=', 'messages.fetch_media').execute();
    assert.equal(jobs.length, 0, 'a permanent failure ends the job');
    const files = await svc.db.selectFrom('files').select('id').where('organization_id', '=', org.organizationId).execute();
    assert.equal(files.length, 1);
  });
});
