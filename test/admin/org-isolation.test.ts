import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, json } from '../support/harness.js';
import { createBody, NOT_FOUND_CODE, RESOURCES } from './resource-fixtures.js';

describeEachDatabase('admin API: organization resources are scoped to their organization', (env) => {
  it("answers another organization's resource exactly like a missing one, and changes nothing", async () => {
    const svc = await env.shared();
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    for (const resource of RESOURCES) {
      const created = await svc.admin('POST', `/organizations/${b.organizationId}/${resource}`, createBody(resource, b));
      assert.equal(created.statusCode, 201, `${resource}: ${created.body}`);
      const record = json(created).data;
      const foreign = `/organizations/${a.organizationId}/${resource}/${record.id}`;
      const missing = `/organizations/${a.organizationId}/${resource}/${crypto.randomUUID()}`;
      for (const path of [foreign, missing]) {
        for (const [method, body] of [['GET'], ['PATCH', { name: 'taken_over' }], ['DELETE']] as const) {
          const res = await svc.admin(method, path, body);
          assert.equal(res.statusCode, 404, `${method} ${resource}`);
          assert.deepEqual(
            json(res).error,
            { code: NOT_FOUND_CODE[resource], message: json(res).error.message },
            `${method} ${resource}: same answer as missing`,
          );
        }
      }
      assert.deepEqual(
        json(await svc.admin('GET', `/organizations/${a.organizationId}/${resource}`)).data,
        [],
        `${resource}: A lists nothing of B's`,
      );
      assert.deepEqual(
        json(await svc.admin('GET', `/organizations/${b.organizationId}/${resource}/${record.id}`)).data,
        record,
        `${resource}: B's record is unchanged`,
      );
    }
  });

  it('answers 404 ORGANIZATION_NOT_FOUND for an unknown organization on every route', async () => {
    const svc = await env.shared();
    const b = await svc.seedOrganization();
    const unknown = crypto.randomUUID();
    for (const resource of RESOURCES) {
      const list = await svc.admin('GET', `/organizations/${unknown}/${resource}`);
      assert.equal(list.statusCode, 404);
      assert.equal(json(list).error.code, 'ORGANIZATION_NOT_FOUND');
      const create = await svc.admin('POST', `/organizations/${unknown}/${resource}`, createBody(resource, b));
      assert.equal(json(create).error.code, 'ORGANIZATION_NOT_FOUND', resource);
      const get = await svc.admin('GET', `/organizations/${unknown}/${resource}/${crypto.randomUUID()}`);
      assert.equal(json(get).error.code, 'ORGANIZATION_NOT_FOUND', resource);
    }
  });

  it('requires the admin token on every route', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    for (const resource of RESOURCES) {
      const res = await svc.inject({
        method: 'GET',
        url: `/admin/v1/organizations/${org.organizationId}/${resource}`,
        headers: org.bearer,
      });
      assert.equal(res.statusCode, 401, 'an organization API key is not the admin token');
    }
  });

  it('documents the routes in the OpenAPI document', async () => {
    const svc = await env.shared();
    const doc = json(await svc.inject({ method: 'GET', url: '/openapi.json' }));
    for (const resource of RESOURCES) {
      const path = Object.keys(doc.paths).find((p) => p.startsWith('/admin/v1/organizations/') && p.endsWith(`/${resource}/{id}`));
      assert.ok(path, resource);
      assert.deepEqual(Object.keys(doc.paths[path]).sort(), ['delete', 'get', 'patch']);
    }
  });
});
