/**
 * A client generated from /openapi.json as an integrator would (openapi-typescript, then
 * openapi-fetch over real HTTP) runs the README's first steps unchanged: its types compile (tsc)
 * and its calls succeed against a listening server.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { it } from 'node:test';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { tsImport } from 'tsx/esm/api';
import { describeEachDatabase, json } from '../support/harness.js';

// Under node_modules so the generated files resolve openapi-fetch as the project does.
const WORK_DIR = path.resolve('node_modules/.cache/openapi-client-test');

/** The first steps, written against the generated types: a wrong path, field or content type fails tsc. */
const FIRST_STEPS = `
import createClient from 'openapi-fetch';
import type { operations, paths } from './schema.js';

type SendBody = operations['sendMessage']['requestBody']['content']['application/json'];
// The content is typed by the message type: a text message needs its text.
const text: SendBody = { channel_id: '', to: '', type: 'text', content: { text: 'Hello' } };
// @ts-expect-error a text message's content has no url
const wrong: SendBody = { channel_id: '', to: '', type: 'text', content: { url: 'https://example.com/a.jpg' } };
void wrong;
// Flow steps are a union by type too: each kind with exactly its fields.
type FlowStep = operations['createFlow']['requestBody']['content']['application/json']['steps'][number];
const wait: FlowStep = { type: 'wait', seconds: 60 };
// @ts-expect-error a wait step has no text
const badStep: FlowStep = { type: 'wait', text: 'Hi' };
void [wait, badStep];

export async function firstSteps(baseUrl: string, organizationId: string, apiKey: string, channelId: string) {
  const client = createClient<paths>({ baseUrl });
  const created = await client.POST('/api/{organizationId}/customers', {
    params: { path: { organizationId }, header: { 'Idempotency-Key': 'client-first-steps' } },
    headers: { 'x-api-key': apiKey },
    body: { name: 'Ana', contacts: [{ type: 'whatsapp', value: '+55 11 98765-4321' }] },
  });
  if (!created.data) throw new Error('create customer: ' + JSON.stringify(created.error));
  const customerId: string = created.data.data.id;
  const sent = await client.POST('/v1/messages/send', {
    headers: { authorization: 'Bearer ' + apiKey },
    body: { ...text, channel_id: channelId, to: '5511987654321' },
  });
  if (!sent.data) throw new Error('send: ' + JSON.stringify(sent.error));
  const status: 'pending' | 'sent' | 'delivered' | 'read' | 'failed' = sent.data.data.status;
  const customer = await client.GET('/api/{organizationId}/customers/{customerId}', {
    params: { path: { organizationId, customerId } },
    headers: { 'x-api-key': apiKey },
  });
  if (!customer.data) throw new Error('get customer: ' + JSON.stringify(customer.error));
  const missing = await client.GET('/api/{organizationId}/customers/{customerId}', {
    params: { path: { organizationId, customerId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f' } },
    headers: { 'x-api-key': apiKey },
  });
  const errorCode: string | undefined = missing.error?.error.code;
  return { customer: customer.data.data, status, chatId: sent.data.data.chat_id, errorCode };
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['*.ts'],
};

describeEachDatabase('a client generated from the OpenAPI document', (env) => {
  it('compiles and runs the first steps', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const doc = json(await svc.inject({ method: 'GET', url: '/openapi.json' }));
    const schema = astToString(await openapiTS(doc));
    for (const id of ['sendMessage', 'createCustomer', 'getCustomer', 'createChat', 'adminCreateOrganization']) {
      assert.match(schema, new RegExp(`\\b${id}: \\{`), `operations has ${id}`);
    }

    const dir = path.join(WORK_DIR, env.dialect);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'schema.ts'), schema);
    await fs.writeFile(path.join(dir, 'first-steps.ts'), FIRST_STEPS);
    await fs.writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await fs.writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const tsc = await promisify(execFile)(process.execPath, [path.resolve('node_modules/typescript/bin/tsc'), '-p', dir]).catch(
      (err: { stdout: string }) => ({ stdout: err.stdout, failed: true }),
    );
    assert.ok(!('failed' in tsc), `the generated client typechecks:\n${tsc.stdout}`);

    // The generated client is TypeScript written at run time: tsx loads it (the suite runs bundles).
    const { firstSteps } = (await tsImport(path.join(dir, 'first-steps.ts'), import.meta.url)) as {
      firstSteps: (
        ...args: string[]
      ) => Promise<{ customer: { id: string; name: string }; status: string; chatId: string; errorCode: string }>;
    };
    const result = await firstSteps(svc.url, org.organizationId, org.apiKey, org.channels.whatsapp_official);
    assert.equal(result.customer.name, 'Ana');
    assert.ok(['pending', 'sent'].includes(result.status));
    assert.match(result.chatId, /^[0-9a-f-]{36}$/);
    assert.equal(result.errorCode, 'CUSTOMER_NOT_FOUND');
  });
});
