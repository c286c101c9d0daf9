/**
 * Reports (DESIGN.md §12: a 90-day report over 1M messages within 1 s): seeds REPORT_MESSAGES
 * messages (default 1,000,000) in REPORT_MESSAGES/10 closed chats spread over 90 days, four agents,
 * with their report facts, by one INSERT … SELECT per table (a recursive CTE on SQLite,
 * generate_series on PostgreSQL), then times each report kind over the 90 days through HTTP, once
 * grouped by day and once by agent: the best of three, after a warm-up.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.js';
import { benchDatabases, customerRow, seedBenchOrganization, startService, type Scenario } from '../lib.js';
import { REPORT_KINDS } from '../../src/modules/reports/report-period.js';
import { newId } from '../../src/lib/ids.js';

const WEEKDAY_HOURS = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => [
    day,
    [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ],
  ]),
);
const MESSAGES = Number(process.env.REPORT_MESSAGES ?? 1_000_000);
const PER_CHAT = 10;
const DAYS = 90;
const END = Date.parse('2026-03-31T03:00:00Z');
const START = END - DAYS * 86_400_000;

/** `n` rows numbered 0…n−1 as `s(i)`, then `body` selecting from it. */
export function numbered(postgres: boolean, n: number) {
  return postgres
    ? sql`select i from generate_series(0, ${sql.lit(n - 1)}) as s(i)`
    : sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${sql.lit(n - 1)}) select i from s`;
}

/** The instant `ms` milliseconds after START plus `expr` seconds, as each database stores it. */
function at(postgres: boolean, seconds: ReturnType<typeof sql>) {
  return postgres
    ? sql`(${new Date(START).toISOString()}::timestamptz + make_interval(secs => ${seconds}))`
    : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${START / 1000} + ${seconds}, 'unixepoch')`;
}

async function seed(db: Kysely<DB>, postgres: boolean, organizationId: string, channelId: string, agents: string[]) {
  const chats = MESSAGES / PER_CHAT;
  const customerId = newId();
  await db
    .insertInto('customers')
    .values(customerRow(organizationId, customerId, 0, new Date(START).toISOString()))
    .execute();
  const spacing = (DAYS * 86_400) / chats;
  const created = at(postgres, sql`(s.i * ${sql.lit(spacing)})`);
  const agentOf = (n: ReturnType<typeof sql>) =>
    sql`case ${n} % 4 ${sql.join(
      agents.map((id, i) => sql`when ${i} then ${id}`),
      sql` `,
    )} end`;
  const agent = agentOf(sql`s.i`);
  await sql`insert into chats (id, organization_id, channel_id, customer_id, contact, status, team_id, assignee_profile_id,
      collaborator_profile_ids, response_flow_id, created_at, updated_at, closed_at, last_inbound_at,
      first_customer_message_at, first_agent_reply_at, first_agent_reply_profile_id, reopened_at)
    select 'chat-' || s.i, ${organizationId}, ${channelId}, ${customerId}, 'c' || s.i, 'closed', null, ${agent}, '[]', null,
      ${created}, ${created}, ${at(postgres, sql`(s.i * ${sql.lit(spacing)} + 600 + (s.i % 300) * 60)`)}, ${created}, ${created},
      ${at(postgres, sql`(s.i * ${sql.lit(spacing)} + (s.i % 60) * 60)`)}, ${agent},
      case when s.i % 10 = 0 then ${at(postgres, sql`(s.i * ${sql.lit(spacing)} + 300)`)} else null end
    from (${numbered(postgres, chats)}) s`.execute(db);
  const sources = sql`case s.i % 5 when 1 then 'api' when 3 then 'console' else 'campaign' end`;
  await sql`insert into messages (id, organization_id, chat_id, channel_id, direction, recipient, type, content, status,
      provider_message_id, sender_profile_id, created_at, updated_at, source)
    select 'msg-' || s.i, ${organizationId}, 'chat-' || (s.i / ${sql.lit(PER_CHAT)}), ${channelId},
      case when s.i % 2 = 0 then 'inbound' else 'outbound' end, 'c', 'text', '{"text":"a line of conversation"}',
      case when s.i % 2 = 0 then 'delivered' else 'read' end, null,
      case when s.i % 2 = 0 then null else ${agentOf(sql`(s.i / ${sql.lit(PER_CHAT)})`)} end,
      ${at(postgres, sql`((s.i / ${sql.lit(PER_CHAT)}) * ${sql.lit(spacing)} + (s.i % ${sql.lit(PER_CHAT)}) * 60)`)},
      ${at(postgres, sql`((s.i / ${sql.lit(PER_CHAT)}) * ${sql.lit(spacing)} + (s.i % ${sql.lit(PER_CHAT)}) * 60)`)},
      case when s.i % 2 = 0 then null else ${sources} end
    from (${numbered(postgres, MESSAGES)}) s`.execute(db);
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  const { runtime, url } = await startService(database, { ORG_API_RATE_LIMIT: '1000000' });
  try {
    const { organizationId, key } = await seedBenchOrganization(runtime.services);
    const channel = await runtime.services.channels.create(organizationId, {
      kind: 'whatsapp_zapi',
      name: 'bench',
      config: { sandbox: true },
    });
    const postgres = runtime.deps.dialect === 'postgres';
    const seeding = performance.now();
    const agents: string[] = [];
    for (let i = 0; i < 4; i++) {
      const profile = await runtime.services.tenancy.createProfile({
        name: `Agent ${i}`,
        email: `agent-${i}-${organizationId}@example.com`,
      });
      await runtime.services.tenancy.addMember(organizationId, { profileId: profile.id, role: 'agent' });
      agents.push(profile.id);
    }
    await seed(runtime.deps.db, postgres, organizationId, channel.id, agents);
    // PostgreSQL's autovacuum would do this soon after a bulk load; its visibility map is what lets the report read indexes alone.
    await (postgres ? sql`vacuum analyze` : sql`analyze`).execute(runtime.deps.db);
    console.log(
      `\n## ${label}: seeded ${MESSAGES} messages in ${MESSAGES / PER_CHAT} chats in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    console.log('| report (90 days) | groupBy | best of 3, ms | rows | total |');
    console.log('|---|---|---|---|---|');
    const period = `from=${new Date(START).toISOString()}&to=${new Date(END).toISOString()}`;
    const runs: { kind: string; groupBy: string; label?: string }[] = REPORT_KINDS.flatMap((kind) =>
      (kind === 'agents' ? ['agent'] : ['day', 'agent']).map((groupBy) => ({ kind, groupBy })),
    );
    // Durations in business time measure each chat's span against the calendar: the costly case.
    const businessTime = ['first-response', 'resolution', 'agents'].map((kind) => ({
      kind,
      groupBy: kind === 'agents' ? 'agent' : 'day',
      label: `${kind} (business hours)`,
    }));
    let businessHoursSet = false;
    for (const { kind, groupBy, label } of [...runs, ...businessTime]) {
      if (label && !businessHoursSet) {
        businessHoursSet = true;
        await runtime.deps.db
          .updateTable('organizations')
          .set({ settings: JSON.stringify({ timezone: 'America/Sao_Paulo', businessHours: WEEKDAY_HOURS, holidays: ['12-25'] }) })
          .where('id', '=', organizationId)
          .execute();
      }
      {
        const target = `${url}/api/${organizationId}/reports/${kind}?${period}&groupBy=${groupBy}`;
        let best = Infinity;
        let answer: { data: { rows: unknown[]; total: Record<string, unknown> } } | undefined;
        for (let run = 0; run < 4; run++) {
          const started = performance.now();
          const response = await fetch(target, { headers: { 'x-api-key': key } });
          answer = (await response.json()) as typeof answer;
          if (!response.ok) throw new Error(`${kind}: ${response.status} ${JSON.stringify(answer)}`);
          if (run > 0) best = Math.min(best, performance.now() - started);
        }
        const total = JSON.stringify(answer!.data.total);
        console.log(
          `| ${label ?? kind} | ${groupBy} | ${best.toFixed(0)} | ${answer!.data.rows.length} | ${total.length > 80 ? `${total.slice(0, 77)}…` : total} |`,
        );
      }
    }
  } finally {
    await runtime.close(5000);
  }
}

export const reportsScenario: Scenario = {
  name: 'reports',
  description: `each report kind over 90 days of ${MESSAGES} messages (target: under 1 s)`,
  async run() {
    for (const database of benchDatabases()) await runOn(database.label, database.config());
  },
};
