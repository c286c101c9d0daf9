/**
 * The OpenAPI document (/openapi.json) as an integrator's tools read it: valid by an outside
 * validator, an operationId on every operation, the public routes marked public, and real answers
 * (valid and invalid calls) matching the schema documented for their status.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDatabase, json, type TestService } from '../support/harness.js';
import { responseChecker, type OpenApiDocument } from '../support/openapi.js';

const PUBLIC_OPERATIONS = [
  'getLiveness',
  'getReadiness',
  'signIn',
  'receiveProviderCallback',
  'answerProviderHandshake',
  'getSignedFileContent',
];

async function documentOf(svc: TestService): Promise<OpenApiDocument> {
  return json(await svc.inject({ method: 'GET', url: '/openapi.json' }));
}

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
}

describeEachDatabase('OpenAPI document', (env) => {
  // The document depends on the configuration only: built once, read by the checks below.
  let built: Promise<OpenApiDocument> | undefined;
  const builtDocument = () => (built ??= env.start({ env: { PUBLIC_URL: 'https://conversa.example.com' } }).then(documentOf));

  it('passes an outside OpenAPI 3.1 validator', async () => {
    const doc = await builtDocument();
    const result = await new Validator().validate(doc as never);
    assert.deepEqual(result.errors ?? [], []);
    assert.equal(result.valid, true);
  });

  it('names every operation once, declares the server, and marks public routes public', async () => {
    const doc = await builtDocument();
    assert.deepEqual(
      doc.servers?.map((s) => s.url),
      ['https://conversa.example.com'],
    );
    const ids = operations(doc).map(({ path, method, operation }) => {
      assert.match(operation.operationId ?? '', /^[a-z][A-Za-z]+$/, `${method} ${path} has a camelCase operationId`);
      assert.ok(Array.isArray(operation.security), `${method} ${path} declares its security`);
      return operation.operationId!;
    });
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const { operation } of operations(doc)) {
      const isPublic = PUBLIC_OPERATIONS.includes(operation.operationId!);
      assert.equal(operation.security!.length === 0, isPublic, `${operation.operationId} security`);
      // No error a public route cannot give: 401/403 only where a credential is checked.
      if (operation.security!.length === 0 && !['receiveProviderCallback', 'signIn'].includes(operation.operationId!)) {
        assert.equal(operation.responses['401'], undefined, `${operation.operationId} has no 401`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        assert.notEqual(response.description, 'Default Response', `${operation.operationId} ${status} is described`);
      }
    }
  });

  it('shows an example answer on every operation, valid against its own schema', async () => {
    const doc = await builtDocument();
    const check = responseChecker(doc);
    let examples = 0;
    const invalid: string[] = [];
    for (const { path, method, operation } of operations(doc)) {
      const successes = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
      assert.ok(successes.length > 0, `${method} ${path} documents a success`);
      for (const [status, response] of successes) {
        const body = response.content?.['application/json'] as { example?: unknown } | undefined;
        if (!body) continue; // no body (204), a file, an event stream, CSV
        assert.notEqual(body.example, undefined, `${operation.operationId} ${status} has an example`);
        const text = JSON.stringify(body.example);
        try {
          check(operation.operationId!, {
            statusCode: Number(status),
            headers: { 'content-type': 'application/json' },
            body: text,
            json: () => JSON.parse(text),
          } as unknown as LightMyRequestResponse);
        } catch (err) {
          invalid.push(`${operation.operationId} ${status}: ${(err as Error).message.slice(0, 300)}`);
        }
        examples++;
      }
    }
    assert.deepEqual(invalid, [], 'every example matches its schema');
    assert.ok(examples > 100, `${examples} examples`);
  });

  it('puts the public API first and admin and operations last', async () => {
    const doc = await builtDocument();
    const tags = doc.tags!.map((t) => t.name);
    assert.equal(tags[0], 'messages');
    assert.deepEqual(tags.slice(-2), ['operations', 'admin']);
    const firstTags = operations(doc).map(({ operation }) => operation.tags?.[0]);
    assert.equal(firstTags[0], 'messages');
    assert.equal(firstTags.at(-1), 'admin');
    assert.equal(operations(doc)[0]!.operation.operationId, 'sendMessage');
  });

  it('lists per route only the errors it can give, with their codes', async () => {
    const doc = await builtDocument();
    const byId = new Map(operations(doc).map(({ operation }) => [operation.operationId, operation]));
    const statuses = (id: string) => Object.keys(byId.get(id)!.responses).sort();
    assert.deepEqual(statuses('listTags'), ['200', '400', '401', '403', '404', '429']);
    assert.deepEqual(statuses('getLiveness'), ['200']);
    assert.deepEqual(statuses('sendMessage'), ['201', '400', '401', '403', '404', '408', '409', '413', '415', '422', '429']);
    assert.match(byId.get('getCustomer')!.responses['404']!.description, /CUSTOMER_NOT_FOUND/);
    assert.match(byId.get('createCustomer')!.responses['409']!.description, /DUPLICATE_CONTACT.*IDEMPOTENCY_KEY_IN_PROGRESS/);
    assert.equal(byId.get('adminListOrganizations')!.responses['403'], undefined);
    // Headers an integrator needs to read or send.
    const send = byId.get('sendMessage')!;
    assert.ok(send.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && !p.required));
    assert.deepEqual(Object.keys(send.responses['201']!.headers ?? {}).sort(), [
      'Idempotent-Replayed',
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ]);
    assert.ok(send.responses['429']!.headers?.['Retry-After']);
    assert.equal(
      byId.get('sendChatTemplate')!.responses['404']!.content?.['application/json']!.schema.$ref,
      '#/components/schemas/FlatError',
    );
    assert.equal(byId.get('detachCustomerTag')!.requestBody?.required, false);
    assert.ok(byId.get('answerProviderHandshake')!.responses['200']!.content?.['text/plain']);
    // Rules the service checks by hand, stated in the document too.
    const body = (id: string) => byId.get(id)!.requestBody!.content['application/json']!.schema as any;
    const customer = body('createCustomer');
    // One contact schema per group of types, each with its value's rule.
    type Literal = { const?: string; enum?: string[]; anyOf?: Literal[] };
    const literals = (schema: Literal): string[] =>
      schema.anyOf ? schema.anyOf.flatMap(literals) : (schema.enum ?? (schema.const === undefined ? [] : [schema.const]));
    assert.deepEqual(
      customer.anyOf[0].properties.contacts.items.anyOf.flatMap((member: { properties: { type: Literal } }) =>
        literals(member.properties.type),
      ),
      ['whatsapp', 'phone', 'email', 'whatsapp_lid', 'whatsapp_bsuid', 'whatsapp_username', 'instagram', 'facebook', 'telegram'],
    );
    assert.equal(customer.anyOf[0].properties.email.anyOf[0].format, 'email');
    assert.deepEqual(customer.anyOf[1].required, ['name', 'email'], 'a customer needs a contact or an e-mail');
    assert.deepEqual(body('setCustomerFieldValue').anyOf, [{ required: ['slug'] }, { required: ['field_definition_id'] }]);
    assert.deepEqual(body('setCustomerFieldValue').required, ['value']);
    assert.equal(body('sendMessage').anyOf.length, 7, 'one send body per message type');
    assert.deepEqual(Object.keys(byId.get('uploadFile')!.requestBody!.content), ['multipart/form-data', 'application/json']);
    assert.equal(body('createFlow').properties.steps.items.anyOf.length, 14, 'one step schema per kind');
  });

  it('documents what real answers are, for valid and invalid calls', async () => {
    const svc = await env.shared();
    const org = await svc.seedOrganization();
    const check = responseChecker(await documentOf(svc));
    const api = `/api/${org.organizationId}`;
    const call = async (operationId: string, options: Parameters<TestService['inject']>[0]): Promise<LightMyRequestResponse> => {
      const res = await svc.inject(options);
      check(operationId, res);
      return res;
    };
    const headers = org.keyHeader;
    const customer = json(
      await call('createCustomer', {
        method: 'POST',
        url: `${api}/customers`,
        headers,
        payload: { name: 'Ana', email: 'ana@example.com', contacts: [{ type: 'whatsapp', value: '+55 11 98765-4321' }] },
      }),
    ).data;
    await call('getCustomer', { method: 'GET', url: `${api}/customers/${customer.id}`, headers });
    await call('getCustomer', { method: 'GET', url: `${api}/customers/0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f`, headers });
    await call('getCustomer', { method: 'GET', url: `${api}/customers/not-a-uuid`, headers });
    await call('getCustomer', { method: 'GET', url: `${api}/customers/${customer.id}` });
    await call('createCustomer', { method: 'POST', url: `${api}/customers`, headers, payload: { name: '' } });
    await call('createCustomer', {
      method: 'POST',
      url: `${api}/customers`,
      headers,
      payload: { name: 'Copy', contacts: [{ type: 'whatsapp', value: '+55 11 98765-4321' }] },
    });
    await call('listCustomers', { method: 'GET', url: `${api}/customers?limit=2`, headers });
    const message = {
      channel_id: org.channels.whatsapp_official,
      to: '5511987654321',
      type: 'text',
      content: { text: 'Hello' },
    };
    const send = (payload: unknown, extra: Record<string, string> = {}) =>
      call('sendMessage', { method: 'POST', url: '/v1/messages/send', headers: { ...org.bearer, ...extra }, payload: payload as never });
    const sent = await send(message, { 'idempotency-key': 'first-steps-1' });
    assert.equal(sent.statusCode, 201);
    assert.ok(sent.headers['ratelimit-remaining'] !== undefined);
    const replayed = await send(message, { 'idempotency-key': 'first-steps-1' });
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.equal((await send({ ...message, content: { text: 'Other' } }, { 'idempotency-key': 'first-steps-1' })).statusCode, 422);
    assert.equal((await send({ ...message, content: { txt: 'typo' } })).statusCode, 400);
    assert.equal((await send({ ...message, channel_id: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f' })).statusCode, 404);
    const plain = await svc.inject({
      method: 'POST',
      url: '/v1/messages/send',
      headers: { ...org.bearer, 'content-type': 'text/plain' },
      payload: 'hi',
    });
    check('sendMessage', plain);
    assert.equal(plain.statusCode, 415);
    await call('listTags', { method: 'GET', url: `${api}/tags`, headers });
    const tag = json(
      await call('createTag', { method: 'POST', url: `${api}/tags`, headers, payload: { name: 'VIP', color: '#ff0000' } }),
    ).data;
    await call('attachCustomerTag', { method: 'POST', url: `${api}/customers/${customer.id}/tags`, headers, payload: { tagId: tag.id } });
    const detached = await call('detachCustomerTag', { method: 'DELETE', url: `${api}/customers/${customer.id}/tags/${tag.id}`, headers });
    assert.equal(detached.statusCode, 200, 'the body is optional');
    await call('getLiveness', { method: 'GET', url: '/healthz' });
    await call('getReadiness', { method: 'GET', url: '/readyz' });
    await call('answerProviderHandshake', { method: 'GET', url: `/channels/${org.channels.whatsapp_official}/webhook` });
    await call('adminListOrganizations', { method: 'GET', url: '/admin/v1/organizations', headers: { authorization: 'Bearer wrong' } });
  });
});
