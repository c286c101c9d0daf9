/**
 * A campaign's messages, stored a batch at a time (campaign-batch.ts), are bulk traffic under every
 * governor rule (DESIGN.md §10): a second campaign to the same people waits the per-recipient gap
 * (Cloud API default 6 s) and goes when it passes; a campaign started in quiet hours reaches nobody
 * until they end. On a real official channel at the governed Cloud fake; time is a TestClock.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { TestClock } from '../../src/lib/clock.js';
import { startGovernedCloudFake, type GovernedCloudFake } from '../fakes/governed-cloud.fake.js';
import { describeEachDatabase, type SeededOrganization, type TestEnv, type TestService } from '../support/harness.js';
import { call } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { cloudChannel } from './support.js';

const PHONES = ['5511900800001', '5511900800002', '5511900800003'];

async function started(env: TestEnv) {
  const clock = new TestClock();
  const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
  const org = await svc.seedOrganization();
  return { svc, org, clock };
}

async function customers(svc: TestService, org: SeededOrganization): Promise<string[]> {
  const ids: string[] = [];
  for (const phone of PHONES) {
    const res = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, {
      name: `C ${phone}`,
      contacts: [{ type: 'whatsapp', value: phone }],
    });
    assert.equal(res.status, 201, res.text);
    ids.push(res.json.data.id as string);
  }
  return ids;
}

/** Creates and starts a text campaign to the customers; answers its id. */
async function startCampaign(svc: TestService, org: SeededOrganization, channelId: string, customerIds: string[], name: string) {
  const base = `/api/${org.organizationId}/campaigns`;
  const created = await call(svc, 'POST', base, org.keyHeader, {
    name,
    channelId,
    audience: { customerIds },
    message: { type: 'text', content: { text: name } },
  });
  assert.equal(created.status, 201, created.text);
  const id = created.json.data.id as string;
  assert.equal((await call(svc, 'POST', `${base}/${id}/start`, org.keyHeader, {})).status, 200);
  return id;
}

/** A hold for a send slot of the channel's throughput (Cloud API 80/s) ends within milliseconds of real time. */
const MOMENTARY = new Set(['rate', 'rate_backlog']);

/** The campaign's messages once each is sent or held by a rule that lasts (not a momentary send-slot hold). */
function settled(svc: TestService, campaignId: string) {
  return waitFor(
    () => svc.db.selectFrom('messages').selectAll().where('campaign_id', '=', campaignId).execute(),
    (rows) =>
      rows.length === PHONES.length &&
      rows.every((r) => r.status !== 'pending' || (r.held_reason !== null && !MOMENTARY.has(r.held_reason))),
    10_000,
  );
}

function localTime(at: number, minutes: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at + minutes * 60_000),
  );
}

describeEachDatabase('governor: campaign messages are bulk traffic', (env) => {
  let cloud: GovernedCloudFake;
  before(async () => {
    cloud = await startGovernedCloudFake();
  });
  after(async () => {
    await cloud.close();
  });

  it('a second campaign to the same people waits the per-recipient gap, then goes', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = await cloudChannel(svc, org, cloud.url);
    const ids = await customers(svc, org);
    const first = await startCampaign(svc, org, channelId, ids, 'first');
    const firstRows = await settled(svc, first);
    // With each row's hold and error, so a failure says what happened.
    const rows = JSON.stringify(firstRows.map((m) => [m.status, m.held_reason, m.error_code, m.error_message]));
    assert.ok(
      firstRows.every((m) => m.status === 'sent'),
      rows,
    );
    const second = await startCampaign(svc, org, channelId, ids, 'second');
    const held = await settled(svc, second);
    assert.deepEqual(
      held.map((m) => [m.status, m.held_reason]),
      PHONES.map(() => ['pending', 'recipient_gap']),
    );
    const reached = () => cloud.received.filter((r) => PHONES.includes(r.to)).length;
    assert.equal(reached(), PHONES.length, 'nobody got the second one within the gap');
    clock.advance(6100);
    const sent = await waitFor(
      () => svc.db.selectFrom('messages').select('status').where('campaign_id', '=', second).execute(),
      (rows) => rows.every((r) => r.status === 'sent'),
      10_000,
    );
    assert.equal(sent.length, PHONES.length);
    assert.equal(reached(), 2 * PHONES.length);
  });

  it('a campaign started in quiet hours reaches nobody until they end', async () => {
    const { svc, org, clock } = await started(env);
    const zone = 'America/Sao_Paulo';
    const now = clock.now().getTime();
    const quietHours = { start: localTime(now, -60, zone), end: localTime(now, 120, zone) };
    await svc.services.tenancy.updateOrganization(org.organizationId, { settings: { timezone: zone, quietHours } });
    const channelId = await cloudChannel(svc, org, cloud.url);
    const before = cloud.received.length;
    const id = await startCampaign(svc, org, channelId, await customers(svc, org), 'quiet');
    const held = await settled(svc, id);
    assert.ok(
      held.every((m) => m.status === 'pending' && m.held_reason === 'quiet_hours'),
      JSON.stringify(held.map((m) => m.held_reason)),
    );
    assert.equal(cloud.received.length, before, 'nobody reached in quiet hours');
    const releaseIn = Date.parse(held[0]!.held_until!) - clock.now().getTime();
    assert.ok(releaseIn > 118 * 60_000 && releaseIn <= 120 * 60_000, `released in ${releaseIn} ms`);
    clock.advance(releaseIn + 1000);
    const sent = await waitFor(
      () => svc.db.selectFrom('messages').select('status').where('campaign_id', '=', id).execute(),
      (rows) => rows.every((r) => r.status === 'sent'),
      10_000,
    );
    assert.equal(sent.length, PHONES.length);
  });
});
