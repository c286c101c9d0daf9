/**
 * A campaign's batch costs a fixed number of statements, not a number per recipient (DESIGN.md §10;
 * docs/campaigns.md "Speed"): the run job is driven by hand (no worker) and the statements of each
 * run counted. The batch holds every case a row can meet — a customer with an active chat already,
 * one opted out after the start, one under Meta's marketing cap (131049), custom fields read by the
 * message — and each must still come out right. Before the batch was set-based a run of 50 cost
 * 537 statements (about 11 per recipient); a bound of 16 fails if one per recipient comes back.
 * Then pause and cancel: a run of a paused campaign claims nothing; on PostgreSQL a pause sent
 * while a batch runs waits for it (the campaign's row lock), so the batch is whole or absent.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ClaimedJob } from '../../src/jobs/types.js';
import type { JobPayloads } from '../../src/jobs/job-payloads.js';
import { BATCH } from '../../src/modules/campaigns/campaign-runner.js';
import { ADMIN_TOKEN, describeEachDatabase, type TestService, type SeededOrganization } from '../support/harness.js';
import { statementsWhile } from '../support/statements.js';
import { call, openChat } from '../chats/support.js';

/** The most statements one run of a full batch may cost (measured: 12 on SQLite and PostgreSQL). */
const MAX_PER_BATCH = 16;
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function campaignOf(svc: TestService, org: SeededOrganization, count: number, text: string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, {
      name: `Cliente ${i}`,
      contacts: [{ type: 'whatsapp', value: `55119876${String(10000 + i)}` }],
      customFields: [{ slug: 'cidade', value: `Cidade ${i}` }],
    });
    assert.equal(res.status, 201, res.text);
    ids.push(res.json.data.id as string);
  }
  const created = await call(svc, 'POST', `/api/${org.organizationId}/campaigns`, org.keyHeader, {
    name: 'Counted',
    channelId: org.channels.whatsapp_zapi,
    audience: { customerIds: ids },
    message: { type: 'text', content: { text } },
  });
  assert.equal(created.status, 201, created.text);
  return { customerIds: ids, campaignId: created.json.data.id as string };
}

function runJob(svc: TestService, organizationId: string, campaignId: string) {
  const job = { id: 'by-hand', type: 'campaigns.run', organizationId, payload: { campaignId }, attempt: 1, maxAttempts: 1 };
  return svc.services.campaignRunner.run(job as ClaimedJob<JobPayloads['campaigns.run']>);
}

describeEachDatabase('campaign batch statements', (env) => {
  it(`a batch of ${BATCH} costs at most ${MAX_PER_BATCH} statements, and every row comes out right`, async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    const field = await call(svc, 'POST', `/admin/v1/organizations/${org.organizationId}/custom-fields`, admin, {
      name: 'Cidade',
      slug: 'cidade',
      type: 'text',
    });
    assert.equal(field.status, 201, field.text);
    const total = BATCH + 10;
    const { customerIds, campaignId } = await campaignOf(svc, org, total, 'Oi {{customer.name}} de {{fields.cidade}}');
    // Customer 1 has an active chat already: the message goes into it.
    const activeChat = await openChat(svc, org, '5511987610001');
    const base = `/api/${org.organizationId}/campaigns/${campaignId}`;
    assert.equal((await call(svc, 'POST', `${base}/start`, org.keyHeader, {})).status, 200);
    await runJob(svc, org.organizationId, campaignId); // the expansion
    // After the start: customer 2 opts out, customer 3 is capped by Meta (131049) on another channel.
    await call(svc, 'PUT', `/api/${org.organizationId}/customers/${customerIds[2]}/opt-out`, org.keyHeader, { optedOut: true });
    await svc.db
      .insertInto('governor_recipients')
      .values({
        organization_id: org.organizationId,
        channel_id: org.channels.whatsapp_official,
        recipient: '5511987610003',
        next_bulk_at: null,
        delayed_until: null,
        marketing_capped_until: '2999-01-01T00:00:00.000Z',
        first_bulk_at: null,
      })
      .execute();

    const first = await statementsWhile(svc.db, () => runJob(svc, org.organizationId, campaignId));
    const rest = await statementsWhile(svc.db, () => runJob(svc, org.organizationId, campaignId));
    console.log(
      `[campaign statements] ${env.dialect}: ${first.length} for a batch of ${BATCH}, ${rest.length} for the last ${total - BATCH} and the completion`,
    );
    const shown = (list: { sql: string }[]) => list.map((s) => s.sql.slice(0, 90)).join('\n');
    assert.ok(first.length <= MAX_PER_BATCH, `a batch of ${BATCH} ran ${first.length} statements:\n${shown(first)}`);
    assert.ok(rest.length <= MAX_PER_BATCH + 3, `the last batch (and the completion) ran ${rest.length}:\n${shown(rest)}`);

    const rows = await svc.db
      .selectFrom('campaign_recipients')
      .select(['customer_id', 'status', 'reason', 'message_id'])
      .where('campaign_id', '=', campaignId)
      .execute();
    const of = (i: number) => rows.find((r) => r.customer_id === customerIds[i])!;
    assert.equal(rows.length, total);
    assert.deepEqual([of(2).status, of(2).reason, of(2).message_id], ['skipped', 'optedOut', null]);
    assert.deepEqual([of(3).status, of(3).reason, of(3).message_id], ['skipped', 'capped', null]);
    const sent = rows.filter((r) => r.status === 'sent');
    assert.equal(sent.length, total - 2);
    assert.ok(
      sent.every((r) => r.message_id),
      'every sent row names its message',
    );
    const messages = await svc.db.selectFrom('messages').selectAll().where('campaign_id', '=', campaignId).execute();
    assert.equal(messages.length, total - 2, 'one message per sent recipient');
    assert.deepEqual(new Set(messages.map((m) => m.id)), new Set(sent.map((r) => r.message_id)));
    const toOne = messages.find((m) => m.id === of(1).message_id)!;
    assert.equal(toOne.chat_id, activeChat, 'into the active chat it had');
    assert.ok(toOne.content.includes('Oi Cliente 1 de Cidade 1'), toOne.content);
    assert.ok(messages.every((m) => m.source === 'campaign' && m.traffic === 'bulk' && m.status === 'pending'));
    const jobs = await svc.db.selectFrom('jobs').select('payload').where('type', '=', 'messages.send').execute();
    assert.equal(jobs.filter((j) => messages.some((m) => j.payload.includes(m.id))).length, total - 2, 'a send job each');
    const chatsCreated = await svc.db
      .selectFrom('events')
      .select('payload')
      .where('organization_id', '=', org.organizationId)
      .where('type', '=', 'chat.created')
      .execute();
    const newChats = new Set(messages.map((m) => m.chat_id).filter((id) => id !== activeChat));
    assert.equal(newChats.size, total - 3);
    assert.ok(
      [...newChats].every((id) => chatsCreated.some((e) => e.payload.includes(id))),
      'chat.created for each chat opened',
    );
    const campaign = (await call(svc, 'GET', base, org.keyHeader)).json.data;
    assert.equal(campaign.status, 'completed');
    assert.deepEqual(campaign.counts.skipped, { optedOut: 1, noContact: 0, capped: 1, duplicate: 0 });
  });

  it('a paused campaign claims nothing; a pause during a batch leaves it whole; cancel stops it', async () => {
    const svc = await env.start({ listen: true, startWorker: false });
    const org = await svc.seedOrganization();
    await call(svc, 'POST', `/admin/v1/organizations/${org.organizationId}/custom-fields`, admin, {
      name: 'Cidade',
      slug: 'cidade',
      type: 'text',
    });
    const { campaignId } = await campaignOf(svc, org, 3 * BATCH, 'Oi');
    const base = `/api/${org.organizationId}/campaigns/${campaignId}`;
    const stored = async () => (await svc.db.selectFrom('messages').select('id').where('campaign_id', '=', campaignId).execute()).length;
    await call(svc, 'POST', `${base}/start`, org.keyHeader, {});
    await runJob(svc, org.organizationId, campaignId);
    // A pause sent while a batch runs: the batch is whole (PostgreSQL: the pause waits for it) or not there at all.
    const [, paused] = await Promise.all([runJob(svc, org.organizationId, campaignId), call(svc, 'POST', `${base}/pause`, org.keyHeader)]);
    assert.equal(paused.json.data.status, 'paused');
    const afterPause = await stored();
    assert.ok(afterPause === 0 || afterPause === BATCH, `a batch is whole: ${afterPause}`);
    await runJob(svc, org.organizationId, campaignId);
    assert.equal(await stored(), afterPause, 'a paused campaign claims nothing');
    await call(svc, 'POST', `${base}/resume`, org.keyHeader);
    await runJob(svc, org.organizationId, campaignId);
    assert.equal(await stored(), afterPause + BATCH);
    assert.equal((await call(svc, 'POST', `${base}/cancel`, org.keyHeader)).json.data.status, 'cancelled');
    await runJob(svc, org.organizationId, campaignId);
    assert.equal(await stored(), afterPause + BATCH, 'nothing more after cancel');
    const queued = await svc.db
      .selectFrom('campaign_recipients')
      .select('id')
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'queued')
      .execute();
    assert.equal(queued.length, 3 * BATCH - afterPause - BATCH);
  });
});
