/**
 * The bulk rules (DESIGN.md §10) hold bulk traffic and never a reply: scheduled messages are bulk
 * (scheduled-outbound.ts). The per-recipient gap (Cloud API default 6 s) holds a second bulk message
 * to the same person while a reply to them goes at once; quiet hours in the organization's time
 * zone hold bulk traffic until they end, replies go; warm-up caps the new bulk recipients of a
 * gateway number per day from `warmupStartedAt`. Time is a TestClock.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { TestClock } from '../../src/lib/clock.js';
import { startGovernedCloudFake, type GovernedCloudFake } from '../fakes/governed-cloud.fake.js';
import { startZapiFake } from '../fakes/zapi.fake.js';
import type { HttpFake } from '../fakes/http-fake.js';
import { describeEachDatabase, type SeededOrganization, type TestEnv, type TestService } from '../support/harness.js';
import { call } from '../chats/support.js';
import { post, waitFor } from '../messages/support.js';
import { cloudChannel, governorView, HOUR, row, sendText, settledRow } from './support.js';

const ZAPI = { instanceId: 'inst-gov', instanceToken: 'tok-gov', clientToken: 'client-gov' };

async function started(env: TestEnv) {
  const clock = new TestClock();
  const svc = await env.start({ listen: true, clock, workerOptions: { idlePollMs: 20 } });
  const org = await svc.seedOrganization();
  return { svc, org, clock };
}

/** When the last scheduleAndRun's messages came due (the clock just after it moved there). */
let due = 0;

/** Schedules a text into the chat one minute ahead, moves the clock there and answers the outbound message's id. */
async function scheduleAndRun(svc: TestService, org: SeededOrganization, clock: TestClock, chatIds: string[], text = 'follow-up') {
  const sendAt = new Date(clock.now().getTime() + 60_000).toISOString();
  const ids: string[] = [];
  for (const chatId of chatIds) {
    const res = await call(svc, 'POST', `/api/${org.organizationId}/chats/${chatId}/scheduled-messages`, org.keyHeader, {
      sendAt,
      type: 'text',
      content: { text },
      cancelIfCustomerReplies: false,
    });
    assert.equal(res.status, 201, res.text);
    ids.push(res.json.data.id);
  }
  clock.advance(61_000);
  due = clock.now().getTime();
  const messageIds: string[] = [];
  for (const id of ids) {
    const sched = await waitFor(
      () => svc.db.selectFrom('scheduled_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      (r) => r.message_id !== null,
    );
    messageIds.push(sched.message_id!);
  }
  return messageIds;
}

/** Waits until every message is sent or held (left alone by the worker). */
async function sentOrHeld(svc: TestService, ids: string[]) {
  return waitFor(
    () => Promise.all(ids.map((id) => row(svc, id))),
    (rows) => rows.every((r) => r.status === 'sent' || (r.status === 'pending' && r.held_until !== null)),
  );
}

/** Local HH:MM in the zone, `minutes` from `at`. */
function localTime(at: number, minutes: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(at + minutes * 60_000),
  );
}

describeEachDatabase('governor: bulk rules', (env) => {
  let cloud: GovernedCloudFake;
  let zapi: HttpFake;
  before(async () => {
    cloud = await startGovernedCloudFake();
    zapi = await startZapiFake(ZAPI);
  });
  after(async () => {
    await cloud.close();
    await zapi.close();
  });

  it('the per-recipient gap holds the second bulk message for 6 s; a reply to the same person goes at once', async () => {
    const { svc, org, clock } = await started(env);
    const channelId = await cloudChannel(svc, org, cloud.url);
    const to = '5511900600001';
    const opened = await sendText(svc, org, channelId, to, 'hello');
    assert.equal(opened.json.data.status, 'sent');
    const chatId = opened.json.data.chat_id;
    const [a, b] = await scheduleAndRun(svc, org, clock, [chatId, chatId]);
    const rows = await sentOrHeld(svc, [a!, b!]);
    const sent = rows.filter((r) => r.status === 'sent');
    const held = rows.filter((r) => r.status === 'pending');
    assert.equal(sent.length, 1, 'one bulk message went');
    assert.equal(held.length, 1, 'the other waits its gap');
    assert.equal(held[0]!.traffic, 'bulk');
    assert.equal(held[0]!.held_reason, 'recipient_gap');
    // The first was let through at or after `due`; the second waits 6 s from then.
    const gap = Date.parse(held[0]!.held_until!) - due;
    assert.ok(gap >= 6000 && gap <= 7500, `gap ${gap} ms`);
    const view = await governorView(svc, org, channelId, org.keyHeader);
    assert.equal(view.json.data.queue.length, 1);
    assert.equal(view.json.data.queue.bulk, 1);
    assert.equal(view.json.data.queue.nextRelease, new Date(Date.parse(held[0]!.held_until!)).toISOString());

    const reply = await sendText(svc, org, channelId, to, 'a reply');
    assert.equal(reply.json.data.status, 'sent', 'a conversational reply is never held by the gap');
    const metrics = (await svc.inject({ method: 'GET', url: '/metrics' })).body;
    assert.match(metrics, new RegExp(`governor_held_total\\{channel="${channelId}",reason="recipient_gap"\\} 1`));
    assert.match(metrics, new RegExp(`governor_admitted_total\\{channel="${channelId}",traffic="bulk"\\} 1`));
    assert.match(metrics, new RegExp(`governor_admitted_total\\{channel="${channelId}",traffic="conversational"\\} 2`));

    clock.advance(6100);
    assert.equal((await settledRow(svc, held[0]!.id)).status, 'sent');
    assert.equal(cloud.received.filter((r) => r.to === to).length, 4);
  });

  it("quiet hours in the organization's time zone hold bulk until they end; a reply goes", async () => {
    const { svc, org, clock } = await started(env);
    const zone = 'America/Sao_Paulo';
    const now = clock.now().getTime();
    // Quiet from an hour ago until two hours from now, local time.
    const quietHours = { start: localTime(now, -60, zone), end: localTime(now, 120, zone) };
    await svc.services.tenancy.updateOrganization(org.organizationId, { settings: { timezone: zone, quietHours } });
    const channelId = await cloudChannel(svc, org, cloud.url);
    const to = '5511900700001';
    const opened = await sendText(svc, org, channelId, to, 'hello');
    assert.equal(opened.json.data.status, 'sent', 'conversational traffic is not held by quiet hours');
    const [bulk] = await scheduleAndRun(svc, org, clock, [opened.json.data.chat_id]);
    const [held] = await sentOrHeld(svc, [bulk!]);
    assert.equal(held!.status, 'pending');
    assert.equal(held!.held_reason, 'quiet_hours');
    const releaseIn = Date.parse(held!.held_until!) - clock.now().getTime();
    // The end is 120 minutes after `now` on the wall clock (minute precision), less the minute that passed.
    assert.ok(releaseIn > 117 * 60_000 && releaseIn <= 120 * 60_000, `released in ${releaseIn} ms`);
    const reply = await sendText(svc, org, channelId, to, 'a reply in quiet hours');
    assert.equal(reply.json.data.status, 'sent');

    clock.advance(releaseIn - 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal((await row(svc, bulk!)).status, 'pending', 'still quiet a minute before the end');
    clock.advance(61_000);
    assert.equal((await settledRow(svc, bulk!)).status, 'sent', 'released when quiet hours end');
  });

  it('warm-up caps new bulk recipients of a gateway number per day from warmupStartedAt', async () => {
    const { svc, org, clock } = await started(env);
    const startedAt = clock.now().getTime() - HOUR;
    const created = await svc.admin('POST', `/organizations/${org.organizationId}/channels`, {
      kind: 'whatsapp_zapi',
      name: 'Z-API warming up',
      config: { ...ZAPI, baseUrl: zapi.url },
      settings: { maxPerSecond: 1000, warmup: [2, 5], warmupStartedAt: new Date(startedAt).toISOString() },
    });
    assert.equal(created.statusCode, 201, created.body);
    const channelId = created.json().data.id as string;
    const chats: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const res = await post(
        svc,
        '/v1/messages/send',
        { channel_id: channelId, to: `551190080000${n}`, type: 'text', content: { text: 'hi' } },
        org.bearer,
      );
      assert.equal(res.json.data.status, 'sent', res.text);
      chats.push(res.json.data.chat_id);
    }
    const ids = await scheduleAndRun(svc, org, clock, chats);
    const rows = await sentOrHeld(svc, ids);
    assert.equal(rows.filter((r) => r.status === 'sent').length, 2, 'day 1 cap: 2 new bulk recipients');
    const held = rows.filter((r) => r.status === 'pending');
    assert.equal(held.length, 2);
    for (const r of held) {
      assert.equal(r.held_reason, 'warmup');
      assert.equal(Date.parse(r.held_until!), startedAt + 24 * HOUR, 'until day 2 begins');
    }
    const view = await governorView(svc, org, channelId, org.keyHeader);
    assert.deepEqual(view.json.data.budgets.warmup, { caps: [2, 5], startedAt: new Date(startedAt).toISOString(), day: 1, capToday: 2 });
    assert.equal(view.json.data.budgets.jitter, 0.3);

    clock.advance(startedAt + 24 * HOUR - clock.now().getTime() + 1000);
    for (const r of held) assert.equal((await settledRow(svc, r.id)).status, 'sent', 'day 2 takes them');
  });
});
