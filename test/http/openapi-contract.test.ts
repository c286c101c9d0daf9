/**
 * The document states the service's rules (docs/api-reference.md "What the document promises"):
 * for each class of rule an outside fuzzer found unstated, a value the document refuses is refused
 * by the service and one it accepts is accepted; the methods a path lacks answer 405 with `Allow`;
 * a file's bytes come under a content type the document lists; sign-out declares no session it
 * does not need. Both databases, over HTTP.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { call } from '../chats/support.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { responseChecker, type OpenApiDocument } from '../support/openapi.js';

async function documentOf(svc: TestService): Promise<OpenApiDocument> {
  return (await call(svc, 'GET', '/openapi.json', {})).json as OpenApiDocument;
}

/** A validator of one operation's JSON request body, as the document states it. */
function bodyValidator(doc: OpenApiDocument, path: string, method: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc as never, 'openapi.json');
  const pointer = ['paths', path, method, 'requestBody', 'content', 'application/json', 'schema']
    .map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1'))
    .join('/');
  const validate = ajv.getSchema(`openapi.json#/${pointer}`);
  assert.ok(validate, `${method} ${path} has a JSON body schema`);
  return (body: unknown) => validate(body) as boolean;
}

describeEachDatabase('OpenAPI document against the service', (env) => {
  it('a method a path does not have is 405 with Allow and the envelope; an unknown path stays 404', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const put = await call(svc, 'PUT', `/api/${org.organizationId}/tags`, org.keyHeader, { name: 'x' });
    assert.equal(put.status, 405, put.text);
    assert.equal(put.json.success, false);
    assert.equal(put.json.error.code, 'METHOD_NOT_ALLOWED');
    const del = await fetch(`${svc.url}/v1/messages/send`, { method: 'DELETE' });
    assert.equal(del.status, 405);
    assert.equal(del.headers.get('allow'), 'POST');
    const tags = await fetch(`${svc.url}/api/${org.organizationId}/tags`, { method: 'PATCH', headers: org.keyHeader });
    assert.equal(tags.headers.get('allow'), 'GET, HEAD, POST');
    const unknown = await call(svc, 'GET', '/no/such/path', {});
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json.error.code, 'ROUTE_NOT_FOUND');
  });

  it("a file's bytes are served under a content type the document lists, with nosniff", async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const check = responseChecker(await documentOf(svc));
    const form = new FormData();
    form.append('file', new Blob(['plain words']), 'note.txt');
    const uploaded = await fetch(`${svc.url}/api/${org.organizationId}/files`, { method: 'POST', headers: org.keyHeader, body: form });
    assert.equal(uploaded.status, 201);
    const file = ((await uploaded.json()) as { data: { id: string; mimeType: string } }).data;
    assert.equal(file.mimeType, 'text/plain');
    const res = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/files/${file.id}/content`, headers: org.keyHeader });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    check('getFileContent', res);
  });

  it('sign-out declares the session optional, and answers 200 without one', async () => {
    const svc = await env.start({ listen: true });
    const doc = await documentOf(svc);
    const security = doc.paths['/auth/sign-out'].post.security;
    assert.ok(
      security?.some((requirement) => Object.keys(requirement).length === 0),
      `no credential is one of the alternatives: ${JSON.stringify(security)}`,
    );
    const res = await call(svc, 'POST', '/auth/sign-out', {});
    assert.equal(res.status, 200, res.text);
  });

  it('a NUL character: the document refuses it in every request string, as the service does', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const doc = await documentOf(svc);
    const createTag = bodyValidator(doc, '/api/{organizationId}/tags', 'post');
    assert.equal(createTag({ name: 'VIP', color: '#ff0000' }), true);
    assert.equal(createTag({ name: 'V\u0000IP', color: '#ff0000' }), false);
    const refused = await call(svc, 'POST', `/api/${org.organizationId}/tags`, org.keyHeader, { name: 'V\u0000IP', color: '#ff0000' });
    assert.equal(refused.status, 400);
    // Every string a request schema states without a format carries the rule.
    const unstated: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, `${where}/${i}`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (schema.type === 'string' && !schema.format && !schema.enum && schema.const === undefined && !schema.contentMediaType) {
        const patterns = [schema.pattern, ...((schema.allOf as { pattern?: string }[] | undefined) ?? []).map((s) => s.pattern)];
        if (!patterns.some((p) => typeof p === 'string' && new RegExp(p, 'u').test('a') && !new RegExp(p, 'u').test('\u0000')))
          unstated.push(where);
      }
      for (const [key, child] of Object.entries(schema)) walk(child, `${where}/${key}`);
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        walk(operation.requestBody?.content?.['application/json']?.schema, `${method} ${path} body`);
        walk(operation.parameters, `${method} ${path} parameters`);
      }
    }
    assert.deepEqual(unstated, []);
  });
});
