/**
 * The hourly chat counts (migration 0046) behind the conversations report by day: after chats are
 * opened, closed, reopened, breach their SLAs, change instant, team or assignee, and are erased, the
 * counts summed per hour equal a direct count of the chats, the report read from them equals the
 * same report read from the chats' indexes (a channel filter takes that path) for whole days and for
 * periods cut inside an hour, and folding an hour's rows changes no sum.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { ReportQueries } from '../../src/modules/reports/report-queries.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { call, customerWrites } from '../chats/support.js';
import { reportsApi, seedHistory, startedAt } from './support.js';

const INSTANTS = {
  opened: 'created_at',
  closed: 'closed_at',
  reopened: 'reopened_at',
  sla_first_response_breached: 'sla_first_response_breached_at',
  sla_resolution_breached: 'sla_resolution_breached_at',
} as const;

/** `figure hour` → count, from the chats themselves. */
async function countedFromChats(svc: TestService, organizationId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [figure, instant] of Object.entries(INSTANTS)) {
    const rows = await svc.db
      .selectFrom('chats')
      .select(sql.ref<string | Date>(instant).as('at'))
      .where('organization_id', '=', organizationId)
      .where(sql.ref(instant), 'is not', null)
      .execute();
    for (const { at } of rows) {
      const key = `${figure} ${new Date(at as string).toISOString().slice(0, 13)}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}

/** `figure hour` → the sum of the hourly counts (hours summing to zero left out). */
async function countedByHour(svc: TestService, organizationId: string): Promise<Record<string, number>> {
  const rows = await svc.db.selectFrom('report_chat_hours').selectAll().where('organization_id', '=', organizationId).execute();
  const counts: Record<string, number> = {};
  for (const row of rows)
    for (const figure of Object.keys(INSTANTS) as (keyof typeof INSTANTS)[]) {
      const key = `${figure} ${row.hour}`;
      counts[key] = (counts[key] ?? 0) + Number(row[figure]);
    }
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n !== 0));
}

describeEachDatabase('reports: hourly chat counts', (env) => {
  it('equal a direct count after every kind of chat change, and the report reads the same from either', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    const { channel, chats, agent1 } = await seedHistory(svc, org, clock);
    const report = reportsApi(svc, org, org.keyHeader);
    const other = await svc.seedOrganization({ name: 'Other' });
    await customerWrites(svc, other.channels.whatsapp_zapi, '5511987650001');

    // Changes no API makes this way, straight on the rows: the triggers see every path alike.
    const update = (chatId: string, set: Record<string, string | null>) =>
      svc.db
        .updateTable('chats')
        .set(set as never)
        .where('id', '=', chatId)
        .execute();
    await update(chats.c, { sla_first_response_breached_at: '2026-03-02T13:30:00.000Z', sla_resolution_breached_at: '2026-03-03T15:00:00.000Z' });
    await update(chats.a, { closed_at: null, reopened_at: '2026-03-02T16:05:00.000Z' }); // closed, then back
    await update(chats.b, { created_at: '2026-03-01T23:59:59.999Z' }); // into another hour and day
    await update(chats.d, { team_id: null, assignee_profile_id: agent1.profileId }); // counts nothing by hour
    await update(chats.b, { closed_at: '2026-03-02T18:30:00.000Z' }); // closed at another hour
    await update(chats.b, { closed_at: '2026-03-02T18:30:00.000Z' }); // unchanged
    const customerOfD = await svc.db.selectFrom('chats').select('customer_id').where('id', '=', chats.d).executeTakeFirstOrThrow();
    const erased = await call(svc, 'DELETE', `/api/${org.organizationId}/customers/${customerOfD.customer_id}?erase=true`, org.keyHeader);
    assert.equal(erased.status, 200, erased.text);
    clock.set('2026-03-03T10:00:00-03:00');
    await customerWrites(svc, channel, '5511987650009');

    const direct = await countedFromChats(svc, org.organizationId);
    assert.ok(Object.keys(direct).length >= 8, JSON.stringify(direct));
    assert.deepEqual(await countedByHour(svc, org.organizationId), direct);
    assert.deepEqual(await countedByHour(svc, other.organizationId), await countedFromChats(svc, other.organizationId));

    for (const period of [
      '?from=2026-03-01&to=2026-03-05',
      '?from=2026-03-02T09:30:00-03:00&to=2026-03-02T14:45:00-03:00', // cut inside hours at both ends
      '?from=2026-03-02T16:01:00Z&to=2026-03-02T16:59:00Z', // inside one hour
      '?from=2026-03-01T23:59:59.999Z&to=2026-03-03T12:00:00Z',
    ]) {
      const byHour = await report('conversations', `${period}&groupBy=day`);
      const fromChats = await report('conversations', `${period}&groupBy=day&channelId=${channel}`);
      assert.equal(byHour.status, 200, byHour.text);
      assert.equal(fromChats.status, 200, fromChats.text);
      assert.deepEqual(byHour.json.data.rows, fromChats.json.data.rows, period);
      assert.deepEqual(byHour.json.data.total, fromChats.json.data.total, period);
    }
    const whole = (await report('conversations', '?from=2026-03-01&to=2026-03-05')).json.data;
    assert.deepEqual(whole.total, { opened: 4, closed: 1, reopened: 2, slaFirstResponseBreached: 1, slaResolutionBreached: 1 });
  });

  it('folding an hour’s rows into one changes no sum, and rows appended after stay', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    const { channel } = await seedHistory(svc, org, clock);
    const rows = () => svc.db.selectFrom('report_chat_hours').select('hour').where('organization_id', '=', org.organizationId).execute();
    const before = await countedByHour(svc, org.organizationId);
    const hours = new Set((await rows()).map((r) => r.hour));
    assert.ok((await rows()).length > hours.size, 'several rows for some hour before the fold');

    await new ReportQueries(svc.db).foldChatHours(org.organizationId, '2026-03-01T00', '2026-03-05T00');
    assert.deepEqual(await countedByHour(svc, org.organizationId), before);
    const folded = await rows();
    assert.equal(folded.length, new Set(folded.map((r) => r.hour)).size, 'one row an hour');

    clock.set('2026-03-03T09:30:00-03:00');
    await customerWrites(svc, channel, '5511987650008');
    await new ReportQueries(svc.db).foldChatHours(org.organizationId, '2026-03-01T00', '2026-03-03T00');
    assert.deepEqual(await countedByHour(svc, org.organizationId), await countedFromChats(svc, org.organizationId));
  });
});
