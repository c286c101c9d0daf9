/**
 * Reports (DESIGN.md §12, docs/reports.md): every figure of a seeded history with known instants
 * (a clock that stands still) against the figure computed by hand in support.ts's comment; CSV;
 * business time; the 400s, another organization's key (404) and an agent's key (403).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from '../support/harness.js';
import { addMember, chatApi, customerWrites } from '../chats/support.js';
import { HOUR, MINUTE, reportsApi, rowOf, seedHistory, startedAt } from './support.js';

const PERIOD = '?from=2026-03-02&to=2026-03-04';

describeEachDatabase('reports: figures of a known history', (env) => {
  it('conversations, first response, resolution, messages and agents match the hand-computed figures', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    const { agent1, agent2, channel } = await seedHistory(svc, org, clock);
    const report = reportsApi(svc, org, org.keyHeader);

    const conversations = await report('conversations', PERIOD);
    assert.equal(conversations.status, 200, conversations.text);
    const c = conversations.json.data;
    assert.equal(c.timeZone, 'America/Sao_Paulo');
    assert.equal(c.from, '2026-03-02T03:00:00.000Z', 'a date is local midnight');
    assert.deepEqual(
      c.rows.map((r: { key: string }) => r.key),
      ['2026-03-02', '2026-03-03'],
    );
    assert.deepEqual(rowOf(c, '2026-03-02'), { opened: 3, closed: 2, reopened: 1, slaFirstResponseBreached: 0, slaResolutionBreached: 0 });
    assert.deepEqual(rowOf(c, '2026-03-03'), { opened: 1, closed: 0, reopened: 0, slaFirstResponseBreached: 0, slaResolutionBreached: 0 });
    assert.deepEqual(c.total, { opened: 4, closed: 2, reopened: 1, slaFirstResponseBreached: 0, slaResolutionBreached: 0 });

    // First responses 10, 30, 60 min: median rank ⌈1.5⌉ = 2 → 30 min, p90 rank ⌈2.7⌉ = 3 → 60 min.
    const first = (await report('first-response', PERIOD)).json.data;
    assert.deepEqual(first.total, { count: 3, medianMs: 30 * MINUTE, p90Ms: 60 * MINUTE });
    assert.deepEqual(rowOf(first, '2026-03-03'), { count: 0, medianMs: null, p90Ms: null });
    const firstByAgent = (await report('first-response', `${PERIOD}&groupBy=agent`)).json.data;
    assert.deepEqual(rowOf(firstByAgent, agent1.profileId), { count: 2, medianMs: 10 * MINUTE, p90Ms: 60 * MINUTE });
    assert.deepEqual(rowOf(firstByAgent, agent2.profileId), { count: 1, medianMs: 30 * MINUTE, p90Ms: 30 * MINUTE });

    // Resolutions 3 h (A) and 4 h 40 min (B, from 09:20 to 14:00).
    const resolution = (await report('resolution', PERIOD)).json.data;
    assert.deepEqual(resolution.total, { count: 2, medianMs: 3 * HOUR, p90Ms: 4 * HOUR + 40 * MINUTE });

    const messages = (await report('messages', PERIOD)).json.data;
    const noOther = { outboundConsole: 0, outboundFlow: 0, outboundSequence: 0, outboundCampaign: 0, outboundPhone: 0 };
    assert.deepEqual(rowOf(messages, '2026-03-02'), { inbound: 4, outbound: 3, outboundApi: 3, ...noOther });
    assert.deepEqual(rowOf(messages, '2026-03-03'), { inbound: 1, outbound: 0, outboundApi: 0, ...noOther });
    const byChannel = (await report('messages', `${PERIOD}&groupBy=channel`)).json.data;
    assert.deepEqual(
      byChannel.rows.map((r: { key: string }) => r.key),
      [channel],
    );

    const agents = (await report('agents', PERIOD)).json.data;
    assert.equal(agents.groupBy, 'agent');
    assert.deepEqual(rowOf(agents, agent1.profileId), {
      chats: 2,
      closed: 1,
      firstResponseMedianMs: 10 * MINUTE,
      resolutionMedianMs: 3 * HOUR,
      messages: 2,
    });
    assert.deepEqual(rowOf(agents, agent2.profileId), {
      chats: 1,
      closed: 1,
      firstResponseMedianMs: 30 * MINUTE,
      resolutionMedianMs: 4 * HOUR + 40 * MINUTE,
      messages: 1,
    });
    assert.deepEqual(rowOf(agents, null), { chats: 1, closed: 0, firstResponseMedianMs: null, resolutionMedianMs: null, messages: 0 });

    // A filter: another channel has nothing.
    const other = (await report('conversations', `${PERIOD}&channelId=${org.channels.whatsapp_waha}`)).json.data;
    assert.deepEqual(other.total, { opened: 0, closed: 0, reopened: 0, slaFirstResponseBreached: 0, slaResolutionBreached: 0 });
    // A period that cuts the day: from 10:00 local only C was opened and A, B closed.
    const cut = (await report('conversations', '?from=2026-03-02T10:00:00-03:00&to=2026-03-02T23:00:00-03:00')).json.data;
    assert.deepEqual(cut.total, { opened: 1, closed: 2, reopened: 1, slaFirstResponseBreached: 0, slaResolutionBreached: 0 });
  });

  it('CSV with ?format=csv or Accept: text/csv: a header, a line per row and the total', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    await seedHistory(svc, org, clock);
    const report = reportsApi(svc, org, org.keyHeader);
    const expected =
      'key,opened,closed,reopened,slaFirstResponseBreached,slaResolutionBreached\r\n2026-03-02,3,2,1,0,0\r\n2026-03-03,1,0,0,0,0\r\ntotal,4,2,1,0,0\r\n';
    const byQuery = await report('conversations', `${PERIOD}&format=csv`);
    assert.equal(byQuery.status, 200);
    assert.match(byQuery.headers.get('content-type') ?? '', /^text\/csv/);
    assert.equal(byQuery.text, expected);
    const byAccept = await report('first-response', PERIOD, { accept: 'text/csv' });
    assert.equal(byAccept.text, 'key,count,medianMs,p90Ms\r\n2026-03-02,3,1800000,3600000\r\n2026-03-03,0,,\r\ntotal,3,1800000,3600000\r\n');
  });

  it('counts business time only when the organization has business hours', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-06T20:50:00Z');
    const hours = [{ start: '09:00', end: '18:00' }];
    const patched = await svc.admin('PATCH', `/organizations/${org.organizationId}`, {
      settings: { businessHours: { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours } },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    // Friday 17:50 local the customer writes; Monday 09:20 the agent replies: 10 + 20 business minutes.
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511987650009');
    clock.set('2026-03-09T09:20:00-03:00');
    const sent = await chatApi(svc, org, org.keyHeader).reply(chatId, { type: 'text', content: 'Good morning' });
    assert.equal(sent.status, 201, sent.text);
    const first = (await reportsApi(svc, org, org.keyHeader)('first-response', '?from=2026-03-01&to=2026-03-10')).json.data;
    assert.equal(first.businessTime, true);
    assert.deepEqual(first.total, { count: 1, medianMs: 30 * MINUTE, p90Ms: 30 * MINUTE });
  });
});

describeEachDatabase('reports: access and bad requests', (env) => {
  it('400 for an unknown kind, a bad date, a reversed period, a bad groupBy; 404 for another organization; 403 for an agent', async () => {
    const { svc, org } = await startedAt(env, '2026-03-02T12:00:00Z');
    const report = reportsApi(svc, org, org.keyHeader);
    for (const [kind, query, field] of [
      ['sales', '', 'kind'],
      ['conversations', '?from=2026-02-30', 'from'],
      ['conversations', '?from=yesterday', 'from'],
      ['conversations', '?from=2026-03-02&to=2026-03-01', 'from'],
      ['conversations', '?from=2024-01-01&to=2026-01-01', 'to'],
      ['conversations', '?groupBy=week', 'groupBy'],
    ] as const) {
      const answer = await report(kind, query);
      assert.equal(answer.status, 400, `${kind}${query}: ${answer.text}`);
      assert.equal(answer.json.success, false);
      assert.equal(answer.json.error.code, 'VALIDATION_ERROR');
      assert.ok(
        answer.json.error.details.some((d: { field: string }) => d.field === field),
        `${kind}${query} names ${field}: ${answer.text}`,
      );
    }
    // Another organization: its key is no member here (403), and its own report cannot name our channel (404).
    const other = await svc.seedOrganization();
    const notMember = await reportsApi(svc, org, other.keyHeader)('conversations');
    assert.equal(notMember.status, 403, notMember.text);
    for (const filter of [`channelId=${org.channels.whatsapp_zapi}`, `teamId=${org.channels.whatsapp_zapi}`]) {
      const foreign = await reportsApi(svc, other, other.keyHeader)('conversations', `?${filter}`);
      assert.equal(foreign.status, 404, foreign.text);
      assert.match(foreign.json.error.code, /^(CHANNEL|TEAM)_NOT_FOUND$/);
    }

    const agent = await addMember(svc, org.organizationId, 'Agent');
    const refused = await reportsApi(svc, org, agent.keyHeader)('conversations');
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.json.error.code, 'FORBIDDEN');
    assert.match(refused.json.error.message, /reports\.read/);
    const supervisor = await addMember(svc, org.organizationId, 'Supervisor', ['chats:read'], 'supervisor');
    assert.equal((await reportsApi(svc, org, supervisor.keyHeader)('conversations')).status, 200);
  });
});
