/**
 * Flows and runs through the organization API (DESIGN.md §7): validation named `steps.N.field`,
 * jumps and references checked when a flow is saved, the `flows:write` scope, and one organization
 * never seeing or changing another's flows, runs or chats.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { addMember, customerWrites } from '../chats/support.js';
import { insertField, insertStage } from '../customers/crm-fixtures.js';
import { insertTag } from '../admin/resource-fixtures.js';
import { describeEachDatabase } from '../support/harness.js';
import { flowApi } from './support.js';

const fields = (answer: { json: any }) => (answer.json.error.details as { field: string }[]).map((d) => d.field).sort();

describeEachDatabase('flows: the organization API', (env) => {
  it('creates, reads, replaces and deletes flows; a bad step is 400 naming steps.N.field; jumps and references are checked', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other' });
    const api = flowApi(svc, org);
    const flowId = await api.createFlow(
      [
        { type: 'send_message', text: 'hi' },
        { id: 'again', type: 'wait', seconds: 5 },
        { type: 'goto', stepId: 'again' },
      ],
      'Loop',
    );
    const read = await api.call('GET', `/flows/${flowId}`);
    assert.equal(read.status, 200);
    assert.equal(read.json.data.name, 'Loop');
    assert.equal((await api.call('GET', '/flows')).json.data.length, 1);
    const renamed = await api.call('PUT', `/flows/${flowId}`, { name: 'Loop 2' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.json.data.steps.length, 3);
    assert.equal((await api.call('PUT', `/flows/${flowId}`, {})).status, 400);

    const bad = await api.call('POST', '/flows', {
      name: 'Bad',
      steps: [
        { type: 'wait_for_reply', timeoutSeconds: 0, saveAs: 'customer' },
        { type: 'branch', variable: 'x', op: 'near', goto: 'nowhere' },
        { type: 'send_message' },
        { id: 'dup', type: 'goto', stepId: 'missing' },
        { id: 'dup', type: 'assign' },
        { type: 'set_chat_status', status: 'archived' },
        { type: 'http_request', url: 'ftp://x', saveAs: 'chat' },
        { type: 'branch', variable: 'x', op: 'matches', value: '([', goto: 'dup' },
        { type: 'set_field', slug: 'plan', value: { nested: true } },
      ],
    });
    assert.equal(bad.status, 400, bad.text);
    assert.deepEqual(fields(bad), ['steps.0.timeoutSeconds', 'steps.1.op', 'steps.5.status', 'steps.6.url', 'steps.8.value']);
    const inconsistent = await api.call('POST', '/flows', {
      name: 'Inconsistent',
      steps: [
        { type: 'wait_for_reply', timeoutSeconds: 5, saveAs: 'customer', onTimeout: 'gone' },
        { type: 'branch', variable: 'x', op: 'equals', goto: 'dup' },
        { type: 'send_message' },
        { id: 'dup', type: 'goto', stepId: 'missing' },
        { id: 'dup', type: 'assign' },
        { type: 'branch', variable: 'x', op: 'matches', value: '([', goto: 'dup' },
      ],
    });
    assert.equal(inconsistent.status, 400, inconsistent.text);
    assert.deepEqual(fields(inconsistent), [
      'steps.0.onTimeout',
      'steps.0.saveAs',
      'steps.1.value',
      'steps.2.text',
      'steps.3.stepId',
      'steps.4.id',
      'steps.4.profileId',
      'steps.5.value',
    ]);

    // Every reference must be the organization's own.
    const foreign = {
      tag: await insertTag(svc, other.organizationId),
      stage: await insertStage(svc, other.organizationId),
      member: (await addMember(svc, other.organizationId, 'Stranger')).profileId,
    };
    await insertField(svc, other.organizationId, 'tier', 'text');
    const references = await api.call('POST', '/flows', {
      name: 'Foreign',
      steps: [
        { type: 'add_tag', tagId: foreign.tag },
        { type: 'remove_tag', tagId: foreign.tag },
        { type: 'set_stage', stageId: foreign.stage },
        { type: 'set_field', slug: 'tier', value: 'gold' },
        { type: 'assign', profileId: foreign.member },
        { type: 'assign', teamId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f' },
        { type: 'send_template', templateId: '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f' },
        { type: 'set_stage', stageId: null },
      ],
    });
    assert.equal(references.status, 400, references.text);
    assert.deepEqual(fields(references), [
      'steps.0.tagId',
      'steps.1.tagId',
      'steps.2.stageId',
      'steps.3.slug',
      'steps.4.profileId',
      'steps.5.teamId',
      'steps.6.templateId',
    ]);
    assert.equal((await api.call('GET', '/flows')).json.data.length, 1, 'nothing half-written');

    assert.equal((await api.call('DELETE', `/flows/${flowId}`)).status, 200);
    assert.equal((await api.call('GET', `/flows/${flowId}`)).json.error.code, 'FLOW_NOT_FOUND');
  });

  it('reading needs flows:read; changing flows and runs needs flows:write', async () => {
    const svc = await env.shared({ listen: true });
    const org = await svc.seedOrganization();
    const reader = await addMember(svc, org.organizationId, 'Reader', ['flows:read']);
    // Changing flows is an admin's (docs/roles.md); the scope is what this test is about.
    const writer = await addMember(svc, org.organizationId, 'Writer', ['flows:write'], 'admin');
    const readOnly = flowApi(svc, org, reader.keyHeader);
    const flowId = await flowApi(svc, org, writer.keyHeader).createFlow([{ type: 'wait', seconds: 30 }]);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650501');
    assert.equal((await readOnly.call('GET', '/flows')).status, 200);
    for (const [method, path, body] of [
      ['POST', '/flows', { name: 'x', steps: [{ type: 'end' }] }],
      ['PUT', `/flows/${flowId}`, { name: 'y' }],
      ['DELETE', `/flows/${flowId}`, undefined],
      ['POST', `/flows/${flowId}/runs`, { chatId }],
    ] as const) {
      const refused = await readOnly.call(method, path, body);
      assert.equal(refused.status, 403, `${method} ${path}: ${refused.text}`);
    }
    const run = await flowApi(svc, org, writer.keyHeader).startRun(flowId, chatId);
    assert.equal((await readOnly.call('GET', `/flow-runs/${run.id}`)).status, 200);
    assert.equal((await readOnly.call('POST', `/flow-runs/${run.id}/cancel`)).status, 403);
    assert.equal((await readOnly.call('GET', '/flow-runs?limit=0')).status, 400);
  });

  it("one organization never sees or changes another's flows, runs or chats", async () => {
    const svc = await env.shared({ listen: true });
    const a = await svc.seedOrganization({ name: 'A' });
    const b = await svc.seedOrganization({ name: 'B' });
    const apiA = flowApi(svc, a);
    const apiB = flowApi(svc, b);
    const flowA = await apiA.createFlow([{ type: 'wait', seconds: 30 }]);
    const flowB = await apiB.createFlow([{ type: 'wait', seconds: 30 }]);
    const chatA = (await customerWrites(svc, a.channels.whatsapp_zapi, '5511987650601')).chatId;
    const chatB = (await customerWrites(svc, b.channels.whatsapp_zapi, '5511987650602')).chatId;
    const runA = await apiA.startRun(flowA, chatA);
    await apiB.startRun(flowB, chatB);

    // B's key on A's organization: not a member.
    const asB = flowApi(svc, a, b.keyHeader);
    for (const [method, path] of [
      ['GET', '/flows'],
      ['GET', `/flows/${flowA}`],
      ['GET', '/flow-runs'],
      ['GET', `/flow-runs/${runA.id}`],
      ['POST', `/flow-runs/${runA.id}/cancel`],
    ] as const) {
      const refused = await asB.call(method, path);
      assert.equal(refused.status, 403, `${method} ${path}: ${refused.text}`);
    }
    // B's key on its own organization with A's ids: unknown.
    assert.equal((await apiB.call('GET', `/flows/${flowA}`)).json.error.code, 'FLOW_NOT_FOUND');
    assert.equal((await apiB.call('PUT', `/flows/${flowA}`, { name: 'mine' })).json.error.code, 'FLOW_NOT_FOUND');
    assert.equal((await apiB.call('DELETE', `/flows/${flowA}`)).json.error.code, 'FLOW_NOT_FOUND');
    assert.equal((await apiB.call('GET', `/flow-runs/${runA.id}`)).json.error.code, 'RUN_NOT_FOUND');
    assert.equal((await apiB.call('POST', `/flow-runs/${runA.id}/cancel`)).json.error.code, 'RUN_NOT_FOUND');
    assert.equal((await apiB.call('POST', `/flows/${flowB}/runs`, { chatId: chatA })).json.error.code, 'CHAT_NOT_FOUND');
    assert.equal((await apiB.call('POST', `/flows/${flowA}/runs`, { chatId: chatB })).json.error.code, 'FLOW_NOT_FOUND');
    const listed = (await apiB.call('GET', `/flow-runs?chatId=${chatA}`)).json.data;
    assert.deepEqual(listed, []);
    assert.equal((await apiB.call('GET', '/flow-runs')).json.data.length, 1);
    assert.equal((await apiA.run(runA.id)).status, 'waiting');
  });
});
