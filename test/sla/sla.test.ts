/**
 * SLA (DESIGN §12): a chat's deadlines are set when the customer first writes, from the
 * organization's targets in business time; at a deadline an unmet target fires `chat.sla_breached`
 * once, a met one nothing; breaches are counted in the conversations report; bad settings are a 400.
 * Time is a clock that moves only when told (test/reports/support.ts).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { call, chatApi, customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { MINUTE, reportsApi, startedAt } from '../reports/support.js';
import { slaTargetsFor } from '../../src/modules/sla/sla-settings.js';

async function breaches(svc: TestService, organizationId: string) {
  const rows = await svc.db
    .selectFrom('events')
    .select('payload')
    .where('organization_id', '=', organizationId)
    .where('type', '=', 'chat.sla_breached')
    .orderBy('seq')
    .execute();
  return rows.map((r) => JSON.parse(r.payload) as { chat_id: string; target: string; due_at: string });
}

it('a team target replaces the organization’s, target by target', () => {
  const sla = { firstResponseMinutes: 30, resolutionMinutes: 240, teams: { t1: { firstResponseMinutes: 5 } } };
  assert.deepEqual(slaTargetsFor(sla, 't1'), { first_response: 5, resolution: 240 });
  assert.deepEqual(slaTargetsFor(sla, null), { first_response: 30, resolution: 240 });
  assert.deepEqual(slaTargetsFor(undefined, null), { first_response: undefined, resolution: undefined });
});

describeEachDatabase('SLA', (env) => {
  it('sets deadlines at the first message, fires chat.sla_breached once per unmet target, and reports it', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}`, {
      settings: { sla: { firstResponseMinutes: 30, resolutionMinutes: 120 } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const api = chatApi(svc, org, org.keyHeader);
    const late = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987651001', 'socorro');
    const served = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987651002', 'oi');
    const chat = (await api.get(late.chatId)).json.data;
    assert.deepEqual(chat.sla, {
      firstResponseDueAt: '2026-03-02T12:30:00.000Z',
      resolutionDueAt: '2026-03-02T14:00:00.000Z',
      firstResponseBreachedAt: null,
      resolutionBreachedAt: null,
      firstResponseAt: null,
    });
    // A second message does not move the deadlines.
    clock.advance(5 * MINUTE);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511987651001', 'alguém?');
    assert.equal((await api.get(late.chatId)).json.data.sla.firstResponseDueAt, '2026-03-02T12:30:00.000Z');

    clock.advance(5 * MINUTE);
    assert.equal((await api.reply(served.chatId, { type: 'text', content: 'Olá!' })).status, 201);
    assert.equal(
      (await api.get(served.chatId)).json.data.sla.firstResponseAt,
      '2026-03-02T12:10:00.000Z',
      'the reply the console stops counting at',
    );
    clock.advance(21 * MINUTE);
    const first = await waitFor(
      () => breaches(svc, org.organizationId),
      (list) => list.length >= 1,
    );
    assert.deepEqual(
      first.map((b) => [b.chat_id, b.target, b.due_at]),
      [[late.chatId, 'first_response', '2026-03-02T12:30:00.000Z']],
      'only the chat nobody answered',
    );
    assert.equal((await api.get(late.chatId)).json.data.sla.firstResponseBreachedAt, '2026-03-02T12:31:00.000Z');

    // The served chat closes in time; the other does not.
    assert.equal((await api.status(served.chatId, 'await_closing')).status, 200);
    assert.equal((await api.status(served.chatId, 'closed')).status, 200);
    clock.advance(90 * MINUTE);
    const all = await waitFor(
      () => breaches(svc, org.organizationId),
      (list) => list.length >= 2,
    );
    assert.deepEqual(
      all.map((b) => [b.chat_id, b.target]),
      [
        [late.chatId, 'first_response'],
        [late.chatId, 'resolution'],
      ],
    );
    clock.advance(60 * MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal((await breaches(svc, org.organizationId)).length, 2, 'once per target');

    const report = await reportsApi(svc, org, org.keyHeader)('conversations', '?from=2026-03-01&to=2026-03-03');
    assert.equal(report.status, 200, report.text);
    assert.equal(report.json.data.total.slaFirstResponseBreached, 1);
    assert.equal(report.json.data.total.slaResolutionBreached, 1);
  });

  it('counts the deadline in business time, and refuses bad targets', async () => {
    // Friday 17:50 in São Paulo (UTC−3); business hours 09:00–18:00 on weekdays.
    const { svc, org } = await startedAt(env, '2026-03-06T20:50:00Z');
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}`, {
      settings: {
        timezone: 'America/Sao_Paulo',
        businessHours: Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri'].map((d) => [d, [{ start: '09:00', end: '18:00' }]])),
        sla: { firstResponseMinutes: 30 },
      },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987651003', 'sexta à tarde');
    const sla = (await chatApi(svc, org, org.keyHeader).get(chatId)).json.data.sla;
    assert.equal(sla.firstResponseDueAt, '2026-03-09T12:20:00.000Z', '10 minutes on Friday, 20 on Monday from 09:00');
    assert.equal(sla.resolutionDueAt, null);

    for (const sla of [
      { firstResponseMinutes: 0 },
      { firstResponseMinutes: 1.5 },
      { other: 1 },
      { teams: { '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f': { firstResponseMinutes: -1 } } },
    ]) {
      const res = await svc.admin('PATCH', `/organizations/${org.organizationId}`, { settings: { sla } });
      assert.equal(res.statusCode, 400, `${JSON.stringify(sla)}: ${res.body}`);
    }
  });

  it('refuses settings.sla.teams naming a team the organization does not have, on both APIs', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const other = await svc.seedOrganization({ name: 'Other Org' });
    const team = await svc.admin('POST', `/organizations/${org.organizationId}/teams`, { name: 'Support' });
    const foreign = await svc.admin('POST', `/organizations/${other.organizationId}/teams`, { name: 'Theirs' });
    assert.equal(team.statusCode, 201, team.body);
    assert.equal(foreign.statusCode, 201, foreign.body);
    const ownId = team.json().data.id as string;
    const foreignId = foreign.json().data.id as string;
    const settings = (sla: unknown) => call(svc, 'PATCH', `/api/${org.organizationId}/settings`, org.keyHeader, { sla });

    const ok = await settings({ firstResponseMinutes: 30, teams: { [ownId]: { firstResponseMinutes: 10 } } });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.json.data.sla.teams, { [ownId]: { firstResponseMinutes: 10 } });

    const missing = '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f';
    for (const id of [foreignId, missing]) {
      const refused = await settings({ teams: { [ownId]: { firstResponseMinutes: 5 }, [id]: { firstResponseMinutes: 5 } } });
      assert.equal(refused.status, 400, refused.text);
      assert.equal(refused.json.error.code, 'VALIDATION_ERROR');
      assert.match(refused.json.error.message, new RegExp(`does not have: ${id}$`));
      assert.deepEqual(
        refused.json.error.details.map((d: { field: string }) => d.field),
        [`settings.sla.teams.${id}`],
      );
      const admin = await svc.admin('PATCH', `/organizations/${org.organizationId}`, {
        settings: { sla: { teams: { [id]: { resolutionMinutes: 60 } } } },
      });
      assert.equal(admin.statusCode, 400, admin.body);
    }
    const kept = await svc.admin('GET', `/organizations/${org.organizationId}`);
    assert.deepEqual(kept.json().data.settings.sla.teams, { [ownId]: { firstResponseMinutes: 10 } }, 'nothing refused was stored');

    // Other settings still change after the team is deleted: only a PATCH of sla is checked.
    assert.equal((await svc.admin('DELETE', `/organizations/${org.organizationId}/teams/${ownId}`)).statusCode, 200);
    const name = await call(svc, 'PATCH', `/api/${org.organizationId}/settings`, org.keyHeader, { agentsSeeAllChats: false });
    assert.equal(name.status, 200, name.text);
  });
});
