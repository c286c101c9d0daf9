/**
 * Outbound calls with nothing configured (docs/security.md, "Outbound calls and development
 * defaults"), on both databases: with WEBHOOK_ALLOW_PRIVATE_NETWORKS unset and NODE_ENV=development
 * a tenant's webhook endpoints, flow HTTP steps and files by URL reach no loopback address; the
 * tenant is told only that the address is not allowed, the server log says what the name resolved
 * to. The demo organization's deliveries to the dev inspector still arrive, and that exception serves
 * no other organization and no other call. A channel's base URL is checked too, unless an admin
 * allows a private one.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { afterEach, it } from 'node:test';
import { createLogger } from '../../src/runtime.js';
import { seedDemo } from '../../src/modules/organizations/demo-seed.js';
import { startHttpFake, type HttpFake } from '../fakes/http-fake.js';
import { startWahaFake } from '../fakes/waha.fake.js';
import { customerWrites } from '../chats/support.js';
import { flowApi } from '../flows/support.js';
import { post } from '../messages/support.js';
import { describeEachDatabase, json, type TestEnv } from '../support/harness.js';
import { deliveries, eventually, recordEvent } from './support.js';

/** What a newcomer's `npm start` has: the variable unset, a development server. */
const NOTHING_SET = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: '',
  NODE_ENV: 'development',
  WEBHOOK_RETRY_SCHEDULE_MS: '50,100',
  FILES_SIGNING_SECRET: 'outbound-defaults-test-signing-secret-0123456789',
};
const NOT_ALLOWED = 'the address is not allowed';
const RESOLVED = /127\.0\.0\.1|::1|loopback/;

const fakes: HttpFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A service with nothing set, logging to `lines`, listening on 127.0.0.1 at a port its config knows (the inspector's address). */
async function startUnset(env: TestEnv, lines: string[] = [], extra: Record<string, string> = {}) {
  const port = await freePort();
  const vars = { ...NOTHING_SET, PORT: String(port), ...extra };
  const logger = createLogger({ ...env.config(await env.database(), vars), logLevel: 'info' }, { write: (line) => void lines.push(line) });
  const svc = await env.start({ logger, env: vars, workerOptions: { idlePollMs: 20 } });
  await svc.app.listen({ port, host: '127.0.0.1' });
  svc.url = `http://127.0.0.1:${port}`;
  return svc;
}

describeEachDatabase('outbound calls with WEBHOOK_ALLOW_PRIVATE_NETWORKS unset (NODE_ENV=development)', (env) => {
  it('refuses loopback for webhooks, flow HTTP steps and files by URL; the tenant is told only that the address is not allowed, the log says what the name resolved to', async () => {
    const lines: string[] = [];
    const svc = await startUnset(env, lines);
    assert.equal(svc.config.webhookAllowPrivateNetworks, false);
    const org = await svc.seedOrganization();
    const target = await startHttpFake(() => ({ status: 200, body: { ok: true } }));
    fakes.push(target);
    const port = new URL(target.url).port;
    const byName = `http://localhost:${port}`;

    // Webhooks: a literal loopback address is refused at registration, a name resolving to one at delivery.
    const literal = await post(svc, `/api/${org.organizationId}/webhooks`, { url: `${target.url}/hook` }, org.keyHeader);
    assert.equal(literal.status, 400, literal.text);
    assert.deepEqual(literal.json.error.details, [{ field: 'url', message: NOT_ALLOWED }]);
    const named = await post(svc, `/api/${org.organizationId}/webhooks`, { url: `${byName}/hook` }, org.keyHeader);
    assert.equal(named.status, 201, named.text);
    await recordEvent(svc, org.organizationId, 'customer.created', { customer_id: 'c' });
    const [delivery] = (
      await eventually(async () => {
        const page = await deliveries(svc, org, named.json.data.id);
        return page.data[0]?.status === 'failed' ? page : undefined;
      })
    ).data;
    assert.equal(delivery.attempts[0].error, `blocked: ${NOT_ALLOWED}`);

    // Flow HTTP steps: the run fails with the same generic reason.
    const api = flowApi(svc, org);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650099', 'hi');
    for (const url of [`${target.url}/x`, `${byName}/x`]) {
      const flowId = await api.createFlow([{ type: 'http_request', url, method: 'GET', saveAs: 'answer' }], `call ${url}`);
      const run = await api.until((await api.startRun(flowId, chatId)).id, ['completed', 'failed']);
      assert.equal(run.status, 'failed', url);
      assert.match(run.error, new RegExp(`${NOT_ALLOWED}$`), url);
      if (url.startsWith(byName)) assert.doesNotMatch(JSON.stringify(run), RESOLVED, 'what localhost resolves to is not told');
    }

    // Files by URL: 400 with the generic reason.
    for (const url of [`${target.url}/f.txt`, `${byName}/f.txt`]) {
      const res = await post(svc, `/api/${org.organizationId}/files`, { url }, org.keyHeader);
      assert.equal(res.status, 400, res.text);
      assert.deepEqual(res.json.error.details, [{ field: 'url', message: NOT_ALLOWED }]);
    }
    const answers = JSON.stringify([named.json, delivery, literal.json]);
    assert.doesNotMatch(answers.replaceAll(target.url, ''), RESOLVED, 'no answer names a resolved address or its range');

    assert.equal(target.requests.length, 0, 'nothing reached the loopback server');
    const refusals = lines.filter((line) => line.includes('outbound call refused'));
    assert.ok(refusals.length >= 3, `the server log has each refused name (${refusals.length})`);
    for (const line of refusals) assert.match(line, /"host":"localhost","address":"(127\.0\.0\.1|::1)","range":"loopback"/);
  });

  it("delivers the demo organization's webhooks to the dev inspector, and lends that exception to no other organization or call", async () => {
    const svc = await startUnset(env);
    const access = svc.services.devInspector;
    const token = access.token();
    const demo = await seedDemo(svc.db, svc.services, { inspectorUrl: (organizationId) => access.deliveryUrl(organizationId) });
    const demoOrg = demo!.credentials!.organizationId;
    assert.equal(demo!.content.webhook.url, access.deliveryUrl(demoOrg));
    assert.ok(demo!.content.webhook.url.startsWith(`${svc.url}/dev/inspector?organization=${demoOrg}&signature=`));

    await recordEvent(svc, demoOrg, 'customer.created', { customer_id: 'demo-customer' });
    const received = await eventually(async () => {
      const res = await fetch(`${svc.url}/dev/inspector/requests?token=${token}`);
      const data = ((await res.json()) as { data: { body: { data?: { customer_id?: string } } }[] }).data;
      return data.length > 0 ? data : undefined;
    });
    assert.equal(received[0]!.body.data?.customer_id, 'demo-customer', 'the delivery went through the outbound guard to the inspector');

    // Another organization: not the demo's URL, not its own id with the demo's signature, not the inspector's list.
    const other = await svc.seedOrganization({ name: 'Other tenant' });
    const demoUrl = access.deliveryUrl(demoOrg);
    const forged = demoUrl.replace(demoOrg, other.organizationId);
    const list = `${svc.url}/dev/inspector/requests?token=${token}`;
    for (const url of [demoUrl, forged, list, `${svc.url}/dev/inspector`]) {
      const res = await post(svc, `/api/${other.organizationId}/webhooks`, { url }, other.keyHeader);
      assert.equal(res.status, 400, `${url}: ${res.text}`);
      assert.deepEqual(res.json.error.details, [{ field: 'url', message: NOT_ALLOWED }]);
    }
    // The demo organization itself may point its endpoint at its delivery URL alone.
    const moved = await svc.inject({
      method: 'PATCH',
      url: `/api/${demoOrg}/webhooks/${demo!.content.webhook.id}`,
      headers: { 'x-api-key': demo!.credentials!.apiKey },
      payload: { url: list },
    });
    assert.equal(moved.statusCode, 400, moved.body);

    // Flow HTTP steps get no exception, even with the demo's own delivery URL or the token.
    const api = flowApi(svc, other);
    const { chatId } = await customerWrites(svc, other.channels.whatsapp_zapi, '5511987650098', 'hi');
    for (const url of [list, demoUrl]) {
      const flowId = await api.createFlow([{ type: 'http_request', url, method: 'GET', saveAs: 'stolen' }], `steal ${url}`);
      const run = await api.until((await api.startRun(flowId, chatId)).id, ['completed', 'failed']);
      assert.equal(run.status, 'failed', url);
      assert.match(run.error, new RegExp(`${NOT_ALLOWED}$`));
      assert.equal(run.variables.stolen, undefined);
    }
    const after = ((await (await fetch(list)).json()) as { data: unknown[] }).data;
    assert.equal(after.length, received.length, 'nothing but the demo delivery was recorded');
  });

  it("checks a channel's base URL with the guard unless an admin sets config.allowPrivateBaseUrl (a boolean, admin API only)", async () => {
    const svc = await startUnset(env);
    const org = await svc.seedOrganization();
    const waha = await startWahaFake({ apiKey: 'waha-key' });
    fakes.push(waha);
    const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_waha',
      name: 'WAHA on this machine',
      config: { baseUrl: waha.url, apiKey: 'waha-key' },
      // Above a gateway's default 1 message a second (governor), so the second send is not held behind the first.
      settings: { maxPerSecond: 100 },
    });
    assert.equal(created.statusCode, 201, created.body);
    const channelId = json(created).data.id;
    const send = (to: string) =>
      post(svc, '/v1/messages/send', { channel_id: channelId, to, type: 'text', content: { text: 'hi' } }, org.bearer);
    const failedSend = await send('+5511987650001');
    const messageId = failedSend.json.data?.id;
    const message = await eventually(async () => {
      const row = await svc.db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirst();
      return row?.status === 'failed' ? row : undefined;
    });
    assert.match(JSON.stringify(message), /PROVIDER_ADDRESS_BLOCKED/);
    assert.match(JSON.stringify(message), new RegExp(NOT_ALLOWED));
    assert.equal(waha.requests.length, 0, 'the gateway on 127.0.0.1 was not called');

    for (const bad of ['yes', 1, {}]) {
      const res = await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channelId}`, {
        config: { allowPrivateBaseUrl: bad },
      });
      assert.equal(res.statusCode, 400, `${JSON.stringify(bad)}: ${res.body}`);
      assert.equal(json(res).error.details[0].field, 'config.allowPrivateBaseUrl');
    }
    const allowed = await svc.admin('PATCH', `/organizations/${org.organizationId}/channels/${channelId}`, {
      config: { allowPrivateBaseUrl: true },
    });
    assert.equal(allowed.statusCode, 200, allowed.body);
    const sent = await send('+5511987650002');
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.json.data.status, 'sent', sent.text);
    assert.equal(waha.requests.length, 1, 'the admin allowed the private base URL');

    // Tenants configure no channel's config: the organization API creates none and replaces none, and its
    // PATCH (an admin's, docs/roles.md) takes the name, `active` and settings only, so `config` is a 400.
    for (const method of ['POST', 'PUT'] as const) {
      const url = `/api/${org.organizationId}/channels${method === 'POST' ? '' : `/${channelId}`}`;
      const res = await svc.inject({ method, url, headers: org.keyHeader, payload: { config: { allowPrivateBaseUrl: true } } });
      // No such route (404), or a path that exists for reading only (405, its Allow header offering no write).
      assert.ok([404, 405].includes(res.statusCode), `${method} ${url}: ${res.statusCode}`);
      assert.doesNotMatch(String(res.headers.allow ?? ''), /POST|PUT/);
    }
    const patched = await svc.inject({
      method: 'PATCH',
      url: `/api/${org.organizationId}/channels/${channelId}`,
      headers: org.keyHeader,
      payload: { config: { allowPrivateBaseUrl: true } },
    });
    assert.equal(patched.statusCode, 400, patched.body);
    assert.match(patched.body, /config/);
  });
});
