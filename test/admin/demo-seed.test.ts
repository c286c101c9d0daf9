/**
 * The demo organization's seed (development servers) and the dev inspector its webhook points at,
 * on each database: everything the README's first steps need is made once, a second run (a
 * restart) adds nothing, follows a changed address, and leaves a database without the demo alone;
 * the inspector records and lists what it receives and does not exist in production.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { seedDemo } from '../../src/modules/organizations/demo-seed.js';
import { describeEachDatabase, json } from '../support/harness.js';

describeEachDatabase('demo seed', (env) => {
  const inspectorUrl = 'http://127.0.0.1:3000/dev/inspector';
  const at = (url: string) => () => url;

  it('makes the demo organization with its template, funnel, fields, tags, team, flow and webhook once; a rerun adds nothing', async () => {
    const svc = await env.start({ startWorker: false });
    const services = svc.runtime.services;
    const first = await seedDemo(svc.db, services, { inspectorUrl: at(inspectorUrl) });
    assert.ok(first?.credentials, 'credentials on the first run');
    const org = first.credentials.organizationId;
    assert.deepEqual((await services.tenancy.getOrganization(org)).plan, 'starter');
    const [template] = await services.templates.list(org);
    assert.deepEqual([template!.name, template!.status], ['order_update', 'approved']);
    assert.deepEqual((await services.customFields.list(org)).map((f) => f.type).sort(), ['boolean', 'date', 'number', 'select', 'text']);
    const [team] = await services.teams.list(org);
    assert.deepEqual(team!.memberProfileIds, [first.credentials.agent.profileId]);
    assert.match(first.content.webhook.secret ?? '', /^whsec_/);

    const counts = async () => ({
      templates: (await services.templates.list(org)).length,
      stages: (await services.stages.list(org)).length,
      tags: (await services.tags.list(org)).length,
      fields: (await services.customFields.list(org)).length,
      teams: (await services.teams.list(org)).length,
      flows: (await services.flows.list(org)).length,
      webhooks: (await services.webhookEndpoints.list(org)).map((w) => w.url),
      organizations: (await services.tenancy.listOrganizations()).length,
    });
    const before = await counts();
    assert.deepEqual(before, {
      templates: 1,
      stages: 5,
      tags: 3,
      fields: 5,
      teams: 1,
      flows: 1,
      webhooks: [inspectorUrl],
      organizations: 1,
    });

    const again = await seedDemo(svc.db, services, { inspectorUrl: at(inspectorUrl) });
    assert.equal(again?.credentials, undefined, 'no new credentials on a restart');
    assert.equal(again?.content.webhook.secret, undefined, 'the secret is not shown again');
    assert.deepEqual(await counts(), before);

    // PORT changed between two starts: the endpoint follows the inspector.
    const moved = 'http://127.0.0.1:4100/dev/inspector';
    await seedDemo(svc.db, services, { inspectorUrl: at(moved) });
    assert.deepEqual(await counts(), { ...before, webhooks: [moved] });
  });

  it('completes a demo organization missing some of its content, and leaves a database without one alone', async () => {
    const svc = await env.start({ startWorker: false });
    const services = svc.runtime.services;
    const first = (await seedDemo(svc.db, services, { inspectorUrl: at(inspectorUrl) }))!;
    const org = first.credentials!.organizationId;
    await services.flows.remove(org, first.content.flow.id);
    const again = await seedDemo(svc.db, services, { inspectorUrl: at(inspectorUrl) });
    assert.notEqual(again?.content.flow.id, first.content.flow.id);
    assert.equal((await services.flows.list(org)).length, 1);

    const other = await env.start({ startWorker: false });
    await other.seedOrganization();
    assert.equal(await seedDemo(other.db, other.runtime.services, { inspectorUrl: at(inspectorUrl) }), undefined);
    assert.equal((await other.runtime.services.tenancy.listOrganizations()).length, 1);
  });

  it('the dev inspector records what it receives, lists it newest first, shows it as a page, and is absent in production', async () => {
    const svc = await env.start({ startWorker: false });
    const token = svc.services.devInspector.token();
    const auth = { 'x-inspector-token': token };
    const post = (url: string, payload: string, type: string) =>
      svc.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type, 'webhook-id': 'evt_1', ...auth } });
    assert.equal((await post('/dev/inspector', '{"event":"chat.created","data":{}}', 'application/json')).statusCode, 200);
    assert.equal((await post('/dev/inspector/any/path?x=1', 'a=<b>', 'text/plain')).statusCode, 200);
    const listed = json(await svc.app.inject({ method: 'GET', url: `/dev/inspector/requests?token=${token}` })).data;
    assert.deepEqual(
      listed.map((r: { url: string; body: unknown }) => [r.url, r.body]),
      [
        ['/dev/inspector/any/path?x=1', 'a=<b>'],
        ['/dev/inspector', { event: 'chat.created', data: {} }],
      ],
    );
    assert.equal(listed[1].headers['webhook-id'], 'evt_1');
    const page = await svc.app.inject({ method: 'GET', url: `/dev/inspector?token=${token}` });
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.body, /a=&#60;b&#62;/, 'what it shows is escaped');
    assert.ok(page.body.includes(`href="/dev/inspector/requests?token=${token}"`), 'its link to the JSON list carries the token');
    // A reload closes what the reader opened: the page reloads itself only when asked to.
    assert.doesNotMatch(page.body, /http-equiv="refresh"/, 'no reload unless asked');
    assert.ok(page.body.includes(`href="/dev/inspector?token=${token}&amp;refresh=3"`), 'it offers reloading every 3 s');
    const reloading = await svc.app.inject({ method: 'GET', url: `/dev/inspector?token=${token}&refresh=5` });
    assert.match(reloading.body, /<meta http-equiv="refresh" content="5">/);
    const refused = await svc.app.inject({ method: 'GET', url: `/dev/inspector?token=${token}&refresh=0;url=https://evil.example` });
    assert.doesNotMatch(refused.body, /http-equiv="refresh"/, 'only a whole number of seconds is taken');
    assert.equal((await svc.app.inject({ method: 'DELETE', url: '/dev/inspector/requests', headers: auth })).statusCode, 200);
    assert.deepEqual(json(await svc.app.inject({ method: 'GET', url: '/dev/inspector/requests', headers: auth })).data, []);
    const openapi = json(await svc.app.inject({ method: 'GET', url: '/openapi.json' }));
    assert.ok(!Object.keys(openapi.paths).some((p) => p.startsWith('/dev/')), 'not part of the API reference');

    const production = await env.start({ startWorker: false, env: { NODE_ENV: 'production' } });
    for (const [method, url] of [
      ['GET', '/dev/inspector'],
      ['GET', '/dev/inspector/requests'],
      ['POST', '/dev/inspector'],
    ] as const) {
      assert.equal(
        (await production.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
        404,
        `${method} ${url}`,
      );
    }
  });

  it('the dev inspector answers 401 without its token; recording also takes an organization and its delivery signature', async () => {
    const svc = await env.start({ startWorker: false });
    const access = svc.services.devInspector;
    const token = access.token();
    assert.match(token, /^[A-Za-z0-9_-]{32}$/);
    assert.equal(token, access.token(), 'the same token on every call (derived from the server key, stable across restarts)');
    const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = {}) =>
      svc.app.inject({ method, url, headers, payload: method === 'POST' ? { event: 'x' } : undefined });
    for (const [method, url, headers] of [
      ['GET', '/dev/inspector', {}],
      ['GET', '/dev/inspector/requests', {}],
      ['DELETE', '/dev/inspector/requests', {}],
      ['POST', '/dev/inspector', {}],
      ['POST', '/dev/inspector/any', {}],
      ['GET', '/dev/inspector/requests?token=wrong', {}],
      ['GET', `/dev/inspector/requests?token=${token}x`, {}],
      ['GET', '/dev/inspector/requests', { 'x-inspector-token': token.slice(1) }],
      ['POST', '/dev/inspector?organization=00000000-0000-0000-0000-000000000000&signature=forged', {}],
    ] as const) {
      const res = await inject(method, url, headers);
      assert.equal(res.statusCode, 401, `${method} ${url}`);
      assert.equal(json(res).error.code, 'UNAUTHORIZED');
    }
    // The demo's delivery URL records (what the demo's webhook deliveries do); its signature is for its organization alone.
    const org = '11111111-1111-1111-1111-111111111111';
    const delivery = new URL(access.deliveryUrl(org));
    assert.equal(delivery.origin + delivery.pathname, `http://127.0.0.1:${svc.config.port}/dev/inspector`);
    assert.equal((await inject('POST', delivery.pathname + delivery.search)).statusCode, 200);
    const other = delivery.search.replace(org, '22222222-2222-2222-2222-222222222222');
    assert.equal(
      (await inject('POST', delivery.pathname + other)).statusCode,
      401,
      "another organization cannot reuse the demo's signature",
    );
    assert.equal(
      (await inject('GET', `/dev/inspector/requests${delivery.search}`)).statusCode,
      401,
      'a delivery signature does not open the list',
    );
    const listed = json(await inject('GET', `/dev/inspector/requests?token=${token}`)).data;
    assert.equal(listed.length, 1, 'only the signed delivery was recorded');
  });
});
