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
import { ADMIN_TOKEN, describeEachDatabase, type TestService } from '../support/harness.js';
import { responseChecker, type OpenApiDocument } from '../support/openapi.js';

async function documentOf(svc: TestService): Promise<OpenApiDocument> {
  return (await call(svc, 'GET', '/openapi.json', {})).json as OpenApiDocument;
}

/**
 * One Ajv per document: adding the whole document to a new Ajv for each body checked was most of
 * this file's processor time (19 s of a 750 s suite on a 2-core machine).
 */
const ajvOfDocument = new WeakMap<OpenApiDocument, Ajv2020>();

function ajvOf(doc: OpenApiDocument): Ajv2020 {
  let ajv = ajvOfDocument.get(doc);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(doc as never, 'openapi.json');
    ajvOfDocument.set(doc, ajv);
  }
  return ajv;
}

/** A validator of one operation's JSON request body, as the document states it. */
function bodyValidator(doc: OpenApiDocument, path: string, method: string) {
  const ajv = ajvOf(doc);
  const pointer = ['paths', path, method, 'requestBody', 'content', 'application/json', 'schema']
    .map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1'))
    .join('/');
  const validate = ajv.getSchema(`openapi.json#/${pointer}`);
  assert.ok(validate, `${method} ${path} has a JSON body schema`);
  return (body: unknown) => validate(body) as boolean;
}

describeEachDatabase('OpenAPI document against the service', (env) => {
  it('a method a path does not have is 405 with Allow and the envelope; an unknown path stays 404', async () => {
    const svc = await env.shared({ listen: true });
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
    const svc = await env.shared({ listen: true });
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
    const svc = await env.shared({ listen: true });
    const doc = await documentOf(svc);
    const security = doc.paths['/auth/sign-out']!.post!.security;
    assert.ok(
      security?.some((requirement) => Object.keys(requirement).length === 0),
      `no credential is one of the alternatives: ${JSON.stringify(security)}`,
    );
    const res = await call(svc, 'POST', '/auth/sign-out', {});
    assert.equal(res.status, 200, res.text);
  });

  it('each rule the service checks beyond Fastify: what the document refuses the service refuses, what it accepts is accepted', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const doc = await documentOf(svc);
    const api = `/api/${org.organizationId}`;
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const failures: string[] = [];
    /** One case: the body as the document judges it, and the service's answer (201 or 400) agreeing with it. */
    const agree = async (label: string, path: string, docPath: string, headers: Record<string, string>, body: unknown) => {
      const documented = bodyValidator(doc, docPath, 'post')(body);
      const res = await call(svc, 'POST', path, headers, body);
      const accepted = res.status === 201;
      if (documented !== accepted || (!accepted && res.status !== 400))
        failures.push(`${label}: document ${documented ? 'accepts' : 'refuses'}, service ${res.status} ${res.text.slice(0, 200)}`);
    };
    const webhook = (body: unknown, label: string) =>
      agree(label, `${api}/webhooks`, '/api/{organizationId}/webhooks', org.keyHeader, body);
    await webhook({ url: 'https://example.com/hook' }, 'webhook url https');
    await webhook({ url: 'ftp://example.com/hook' }, 'webhook url ftp');
    await webhook({ url: 'https://example.com/hook', secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64') }, 'secret of 32 bytes');
    await webhook({ url: 'https://example.com/hook', secret: 'whsec_' + Buffer.alloc(23, 7).toString('base64') }, 'secret of 23 bytes');
    await webhook({ url: 'https://example.com/hook', secret: 'whsec_' + Buffer.alloc(65, 7).toString('base64') }, 'secret of 65 bytes');
    await webhook({ url: 'https://example.com/hook', secret: 'wh_' + Buffer.alloc(32, 7).toString('base64') }, 'secret without whsec_');

    const customer = (body: unknown, label: string) =>
      agree(label, `${api}/customers`, '/api/{organizationId}/customers', org.keyHeader, body);
    await customer({ name: 'Ana', email: 'ana@example.com' }, 'e-mail with a dot');
    await customer({ name: 'Bia', email: 'bia@localhost' }, 'e-mail domain without a dot');
    await customer({ name: 'Caio' }, 'neither contact nor e-mail');
    await customer({ name: '   ', email: 'caio@example.com' }, 'blank name');
    await customer({ name: 'Duda', contacts: [{ type: 'email', value: 'duda@nodot' }] }, 'e-mail contact without a dot');
    await customer({ name: 'Enzo', contacts: [{ type: 'whatsapp', value: 'call me' }] }, 'phone contact of letters');
    await customer({ name: 'Fabi', contacts: [{ type: 'instagram', value: ' ' }] }, 'blank handle');
    await customer({ name: 'Gil', contacts: [{ type: 'instagram', value: 'gil.ig' }] }, 'handle');

    const flow = (steps: unknown[], label: string) =>
      agree(label, `${api}/flows`, '/api/{organizationId}/flows', org.keyHeader, { name: label, steps });
    await flow([{ type: 'send_message', text: 'Hi' }], 'send_message with text');
    await flow([{ type: 'send_message' }], 'send_message with nothing to send');
    await flow([{ type: 'assign' }], 'assign nobody');
    await flow(
      [
        { type: 'branch', variable: 'reply', op: 'equals', goto: 'x' },
        { id: 'x', type: 'end' },
      ],
      'branch equals without value',
    );
    await flow(
      [
        { type: 'branch', variable: 'reply', op: 'exists', goto: 'x' },
        { id: 'x', type: 'end' },
      ],
      'branch exists',
    );
    await flow([{ type: 'wait_for_reply', timeoutSeconds: 60, saveAs: 'customer' }], 'saveAs a built-in variable');

    const { profileId } = org;
    const key = (allowedIps: string[], label: string) =>
      agree(label, `/admin/v1/profiles/${profileId}/api-keys`, '/admin/v1/profiles/{id}/api-keys', admin, { allowedIps });
    await key(['203.0.113.7', '10.0.0.0/8', '2001:db8::1', '2001:db8::/32'], 'addresses and ranges');
    await key(['10.0.0.0/33'], 'an IPv4 prefix past 32');
    await key(['not-an-ip'], 'not an address');

    const fieldPath = `/admin/v1/organizations/${org.organizationId}/custom-fields`;
    const field = (body: unknown, label: string) => agree(label, fieldPath, '/admin/v1/organizations/{orgId}/custom-fields', admin, body);
    await field({ slug: 'size', name: 'Size', type: 'select', options: ['S', 'M'] }, 'select with options');
    await field({ slug: 'size_two', name: 'Size', type: 'select' }, 'select without options');
    await field({ slug: 'company', name: 'Company', type: 'text', options: ['a'] }, 'text with options');

    const fromUrl = (url: string, label: string) => agree(label, `${api}/files`, '/api/{organizationId}/files', org.keyHeader, { url });
    await fromUrl('ftp://example.com/a.png', 'file from an ftp URL');
    assert.deepEqual(failures, []);
  });

  it('every example in the document validates against the schema it illustrates', async () => {
    const svc = await env.shared();
    const doc = (await svc.inject({ method: 'GET', url: '/openapi.json' })).json() as OpenApiDocument;
    const ajv = ajvOf(doc);
    const wrong: string[] = [];
    let checked = 0;
    const walk = (node: unknown, pointer: string[]) => {
      if (Array.isArray(node)) return node.forEach((child, i) => walk(child, [...pointer, String(i)]));
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      // A schema's `examples` is an array of instances (JSON Schema 2020-12); a parameter's or a media type's is a map.
      if (Array.isArray(schema.examples) && !('in' in schema)) {
        const ref = `openapi.json#/${pointer.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
        const validate = ajv.getSchema(ref);
        for (const example of schema.examples) {
          checked++;
          if (validate && !validate(example)) wrong.push(`${ref}: ${JSON.stringify(example)} ${JSON.stringify(validate.errors)}`);
        }
      }
      for (const [key, child] of Object.entries(schema)) if (key !== 'examples') walk(child, [...pointer, key]);
    };
    walk(doc.paths, ['paths']);
    walk(doc.components, ['components']);
    assert.ok(checked > 10, `examples checked: ${checked}`);
    assert.deepEqual(wrong, []);
  });

  it('a NUL character: the document refuses it in every request string, as the service does', async () => {
    const svc = await env.shared({ listen: true });
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
