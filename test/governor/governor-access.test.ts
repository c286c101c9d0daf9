/**
 * `GET /api/{organizationId}/channels/{channelId}/governor`: the channel's budgets as enforced (the
 * kind's defaults under its settings), answered to a supervisor and above (`reports.read`), 403 to
 * an agent, 404 for another organization's channel (exactly as a missing one) and 400 for a bad id.
 * And the governor's settings go through the channel's settings (PATCH, checked by its schema).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { addMember, call, type Answer } from '../chats/support.js';
import { governorView } from './support.js';

const UNKNOWN = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';

function assertRefused(res: Answer, status: number, code: string, what: string) {
  assert.equal(res.status, status, `${what}: ${res.text}`);
  assert.equal(res.json?.success, false, what);
  assert.equal(res.json.error.code, code, what);
}

describeEachDatabase('governor: the view, its access and its settings', (env) => {
  it('answers the budgets by kind and settings; settings change them', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const sandbox = await governorView(svc, org, org.channels.whatsapp_official, org.keyHeader);
    assert.equal(sandbox.status, 200, sandbox.text);
    assert.deepEqual(sandbox.json.data.budgets, {
      maxPerSecond: null,
      effectiveMaxPerSecond: null,
      jitter: 0,
      minRecipientGapMs: 0,
      warmup: null,
      portfolio: null,
    });
    assert.deepEqual(sandbox.json.data.queue, { length: 0, bulk: 0, nextRelease: null });
    assert.equal(sandbox.json.data.signal, null);

    const real = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_official',
      name: 'Cloud',
      config: { accessToken: 'EAAB-x', phoneNumberId: '1098765', appSecret: 'app-secret', verifyToken: 'v', baseUrl: 'http://127.0.0.1:9' },
    });
    const cloudId = real.json().data.id as string;
    const cloud = await governorView(svc, org, cloudId, org.keyHeader);
    assert.equal(cloud.json.data.budgets.maxPerSecond, 80, 'Cloud API default');
    assert.equal(cloud.json.data.budgets.minRecipientGapMs, 6000, "Meta's pair rate");

    const patched = await call(svc, 'PATCH', `/api/${org.organizationId}/channels/${cloudId}`, org.keyHeader, {
      settings: { maxPerSecond: 20, minRecipientGapMs: 10_000, portfolioId: 'p', messagingLimit: 2000 },
    });
    assert.equal(patched.status, 200, patched.text);
    const changed = await governorView(svc, org, cloudId, org.keyHeader);
    assert.equal(changed.json.data.budgets.maxPerSecond, 20);
    assert.equal(changed.json.data.budgets.minRecipientGapMs, 10_000);
    assert.deepEqual(changed.json.data.budgets.portfolio, { id: 'p', messagingLimit: 2000, usedLast24h: 0 });
    const bad = await call(svc, 'PATCH', `/api/${org.organizationId}/channels/${cloudId}`, org.keyHeader, {
      settings: { messagingLimit: 300 },
    });
    assertRefused(bad, 400, 'VALIDATION_ERROR', 'a messaging limit Meta does not have');
    const badQuiet = await svc.admin('PATCH', `/organizations/${org.organizationId}`, {
      settings: { quietHours: { start: '25:00', end: '08:00' } },
    });
    assert.equal(badQuiet.statusCode, 400, badQuiet.body);
  });

  it("another organization's channel is 404 as a missing one; an agent is 403; a supervisor reads it; a bad id is 400", async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const intruder = await svc.seedOrganization({ name: 'Intruder' });
    const channelId = org.channels.whatsapp_official;
    const theirs = await governorView(svc, intruder, channelId, intruder.keyHeader);
    assertRefused(theirs, 404, 'CHANNEL_NOT_FOUND', "another organization's channel");
    const missing = await governorView(svc, intruder, UNKNOWN, intruder.keyHeader);
    assertRefused(missing, 404, 'CHANNEL_NOT_FOUND', 'a missing channel');
    assert.equal(theirs.json.error.message, missing.json.error.message, 'same answer as a missing one');
    assertRefused(await governorView(svc, org, channelId, intruder.keyHeader), 403, 'FORBIDDEN', 'owner path, intruder key');

    const agent = await addMember(svc, org.organizationId, 'Agent', ['*'], 'agent');
    assertRefused(await governorView(svc, org, channelId, agent.keyHeader), 403, 'FORBIDDEN', 'an agent');
    const supervisor = await addMember(svc, org.organizationId, 'Supervisor', ['*'], 'supervisor');
    assert.equal((await governorView(svc, org, channelId, supervisor.keyHeader)).status, 200);
    assertRefused(await governorView(svc, org, 'not-a-uuid', org.keyHeader), 400, 'VALIDATION_ERROR', 'a bad id');
  });
});
