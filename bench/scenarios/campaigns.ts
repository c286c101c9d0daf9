/**
 * A campaign at volume (DESIGN.md §10; docs/campaigns.md "Speed"), on each database: CAMPAIGN_RECIPIENTS
 * customers (default 100,000), each with a WhatsApp contact and one tag, seeded by one
 * INSERT … SELECT per table (as reports.ts seeds), on a sandbox channel whose governor is
 * unthrottled (`settings.maxPerSecond: 0`) and whose delivered/read callbacks are pushed past the
 * run (`deliverAfterMs`/`readAfterMs` one hour), so the figures are the campaign path's own. A
 * campaign over that tag with a text message is created and started through the API, then measured:
 * - expand: from the start until every recipient row exists (GET …/campaigns/{id}, `counts.audience`);
 * - completed: until the campaign is `completed` (every row claimed, its message and send job stored);
 * - all sent: until no recipient is `queued` (every message handed to the provider);
 * - throughput: sends / the time until all sent;
 * - CPU per 1,000 sends: process.cpuUsage() over the send phase (the service runs in this process:
 *   runner, send jobs, sandbox provider, the polls) divided by sends / 1,000; the expansion's apart;
 * - memory: heapUsed and rss sampled every second, at the start, their maximum and at the end (run
 *   with NODE_OPTIONS=--expose-gc for start and end after a full collection: the live heap);
 * - database statements per send (both drivers counted in this process), with the most frequent.
 * Beside it, in the same run and on the same database, the plain send bench (send.ts's pieces):
 * POST /v1/messages/send through a sandbox channel for CAMPAIGN_SEND_SECONDS (default 10) at 50
 * connections, and the durable floor.
 */
import Database from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { DB } from '../../src/db/schema.js';
import { PLAN_SEND_LIMITS } from '../../src/http/rate-limit.js';
import { benchDatabases, load, seedBenchOrganization, startService, type LoadResult, type Scenario } from '../lib.js';
import { numbered } from './reports.js';
import { prime, seed as seedSend, withFloor } from './send.js';

const RECIPIENTS = Number(process.env.CAMPAIGN_RECIPIENTS ?? 100_000);
const SEND_SECONDS = Number(process.env.CAMPAIGN_SEND_SECONDS ?? 10);
/** How often, at least, the campaign is polled while it sends (each poll counts every recipient row). */
const POLL_MS = Number(process.env.CAMPAIGN_POLL_MS ?? 2000);
const MB = 1024 * 1024;

/**
 * Database statements run, by their text's first words, while `counting` (both drivers patched
 * once): how many statements a campaign send costs against a plain send, and which.
 */
const statements = new Map<string, number>();
let counting = false;
function countStatements(): void {
  const count = (text: unknown) => {
    if (!counting) return;
    const raw = typeof text === 'string' ? text : ((text as { text?: string } | undefined)?.text ?? '?');
    const key = raw.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, 70);
    statements.set(key, (statements.get(key) ?? 0) + 1);
  };
  const clientProto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; counted?: boolean };
  if (!clientProto.counted) {
    const query = clientProto.query;
    clientProto.query = function (this: unknown, ...args: unknown[]) {
      count(args[0]);
      return query.apply(this, args);
    };
    clientProto.counted = true;
  }
  const probe = new Database(':memory:');
  const statementProto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown> & { counted?: boolean };
  probe.close();
  if (!statementProto.counted) {
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = statementProto[method] as (...args: unknown[]) => unknown;
      statementProto[method] = function (this: { source: string }, ...args: unknown[]) {
        count(this.source);
        return original.apply(this, args);
      };
    }
    statementProto.counted = true;
  }
}

function startCounting(): void {
  statements.clear();
  counting = true;
}

/** The statements since startCounting, by text, most frequent first, and their total. */
function stopCounting(): { total: number; top: [string, number][] } {
  counting = false;
  const top = [...statements.entries()].sort((a, b) => b[1] - a[1]);
  return { total: top.reduce((sum, [, n]) => sum + n, 0), top };
}

/** `expr` as text, left-padded with zeros to `width`. */
function padded(postgres: boolean, expr: ReturnType<typeof sql>, width: number) {
  return postgres ? sql`lpad(${expr}::text, ${sql.lit(width)}, '0')` : sql`substr(${'0'.repeat(width)} || ${expr}, ${sql.lit(-width)})`;
}

/**
 * RECIPIENTS customers with a WhatsApp contact (São Paulo mobiles 55 11 96xxxxxxx, their own match
 * key) and the tag, by one INSERT … SELECT per table. Ids are UUID-shaped and numbered.
 */
async function seedAudience(db: Kysely<DB>, postgres: boolean, organizationId: string, tagId: string): Promise<void> {
  const now = new Date().toISOString();
  const n = padded(postgres, sql`s.i`, 12);
  const customerId = sql`'0190c000-0000-7000-8000-' || ${n}`;
  const rows = numbered(postgres, RECIPIENTS);
  // SQLite's search triggers (migration 0037) rebuild a customer's text with a subquery on
  // customer_contacts.customer_id, which no index leads with: each row inserted scans every contact
  // (EXPLAIN QUERY PLAN: SCAN cc), so a bulk seed is quadratic. An index for the seed only.
  if (!postgres) await sql`create index bench_seed_contacts on customer_contacts (customer_id)`.execute(db);
  await sql`insert into customers (id, organization_id, name, email, document, country, person_type, sale_price, stage_id,
      stage_order, created_at, updated_at)
    select ${customerId}, ${organizationId}, 'Customer ' || s.i, null, null, null, null, null, null, null, ${now}, ${now}
    from (${rows}) s`.execute(db);
  const phone = sql`'551196' || ${padded(postgres, sql`s.i`, 7)}`;
  await sql`insert into customer_contacts (id, organization_id, customer_id, type, value, match_key, label, created_at)
    select '0190c001-0000-7000-8000-' || ${n}, ${organizationId}, ${customerId}, 'whatsapp', ${phone}, ${phone}, null, ${now}
    from (${rows}) s`.execute(db);
  await sql`insert into customer_tags (organization_id, customer_id, tag_id, chat_id, created_at)
    select ${organizationId}, ${customerId}, ${tagId}, null, ${now} from (${rows}) s`.execute(db);
  if (!postgres) await sql`drop index bench_seed_contacts`.execute(db);
  await (postgres ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

interface MemoryRange {
  start: number;
  max: number;
  /** Seconds after the start when the maximum was sampled. */
  maxAtS: number;
  end: number;
}

interface CampaignFigures {
  seedS: number;
  expandS: number;
  completedS: number;
  allSentS: number;
  sent: number;
  sendsPerSecond: number;
  expandCpuMs: number;
  cpuMsPer1000: number;
  heap: MemoryRange;
  rss: MemoryRange;
  polls: number;
  pollMs: number;
  /** Database statements per campaign send over the send phase, in all and the most frequent. */
  statementsPerSend: number;
  topStatements: [string, number][];
}

interface Counts {
  audience: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: Record<string, number>;
}

async function runCampaign(url: string, key: string, organizationId: string, channelId: string, tagId: string) {
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const request = () =>
      fetch(`${url}/api/${organizationId}/campaigns${path}`, {
        method,
        headers: body === undefined ? { 'x-api-key': key } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A poll's kept-alive socket may be reset while the service's event loop is held (the expansion
    // of 100,000 rows on a loaded machine): a GET is asked again, once.
    const response = await request().catch((error: unknown) => {
      if (method !== 'GET') throw error;
      return request();
    });
    const answer = (await response.json()) as { data: T };
    if (!response.ok) throw new Error(`${method} campaigns${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const created = await api<{ id: string }>('POST', '', {
    name: 'Bench campaign',
    channelId,
    audience: { tagIds: [tagId] },
    message: { type: 'text', content: { text: 'Hello from the campaign bench' } },
  });

  let polls = 0;
  let pollMs = 0;
  let lastPollMs = 0;
  const poll = async () => {
    const started = performance.now();
    const campaign = await api<{ status: string; counts: Counts }>('GET', `/${created.id}`);
    polls += 1;
    lastPollMs = performance.now() - started;
    pollMs += lastPollMs;
    return campaign;
  };

  const heap: number[] = [];
  const rss: number[] = [];
  const sample = (settle = false) => {
    // With NODE_OPTIONS=--expose-gc the first and last samples follow a full collection: live memory.
    if (settle) (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    heap.push(usage.heapUsed);
    rss.push(usage.rss);
  };
  sample(true);
  const sampler = setInterval(sample, 1000);
  try {
    const cpuAtStart = process.cpuUsage();
    const t0 = performance.now();
    await api('POST', `/${created.id}/start`, {});
    let campaign = await poll();
    while (campaign.counts.audience < RECIPIENTS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      campaign = await poll();
    }
    const expandS = (performance.now() - t0) / 1000;
    const expandCpu = process.cpuUsage(cpuAtStart);
    const cpuAtExpanded = process.cpuUsage();
    startCounting();
    let completedS = campaign.status === 'completed' ? expandS : NaN;
    while (campaign.status !== 'completed' || campaign.counts.queued > 0) {
      if (['paused', 'cancelled'].includes(campaign.status)) throw new Error(`campaign ${campaign.status}`);
      // A poll counts every recipient row (and prices the sent ones): at 100,000 it holds SQLite's one
      // connection for most of a second, so it waits at least five times as long as the last one took.
      await new Promise((resolve) => setTimeout(resolve, Math.max(POLL_MS, 5 * lastPollMs)));
      campaign = await poll();
      if (campaign.status === 'completed' && Number.isNaN(completedS)) completedS = (performance.now() - t0) / 1000;
    }
    const allSentS = (performance.now() - t0) / 1000;
    const sendCpu = process.cpuUsage(cpuAtExpanded);
    const ran = stopCounting();
    sample(true);
    const { sent, failed, skipped } = campaign.counts;
    if (sent !== RECIPIENTS) throw new Error(`sent ${sent} of ${RECIPIENTS} (failed ${failed}, skipped ${JSON.stringify(skipped)})`);
    const ms = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
    // The maximum's second: samples are a second apart from the start's (the last comes after the run).
    const range = (values: number[]) => {
      const max = Math.max(...values);
      return { start: values[0]! / MB, max: max / MB, maxAtS: values.indexOf(max), end: values.at(-1)! / MB };
    };
    return {
      expandS,
      completedS,
      allSentS,
      sent,
      sendsPerSecond: sent / (allSentS - expandS),
      expandCpuMs: ms(expandCpu),
      cpuMsPer1000: ms(sendCpu) / (sent / 1000),
      heap: range(heap),
      rss: range(rss),
      polls,
      pollMs,
      statementsPerSend: ran.total / sent,
      topStatements: ran.top.slice(0, 24).map(([text, n]) => [text, n / sent] as [string, number]),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The plain send bench on the same service and database: send.ts's seed, warm-up, floor and load. */
async function plainSend(
  url: string,
  db: Kysely<DB>,
  services: Parameters<typeof seedSend>[0],
): Promise<{ floor: LoadResult; send: LoadResult; statementsPerSend: number }> {
  const seeded = await seedSend(services);
  const headers = { authorization: `Bearer ${seeded.key}` };
  await prime(url, headers, seeded.quietChannel);
  const warm = await fetch(`${url}/v1/messages/send`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ channel_id: seeded.quietChannel, to: '5511987654321', type: 'text', content: { text: 'warm-up' } }),
  });
  const chatId = ((await warm.json()) as { data: { chat_id: string } }).data.chat_id;
  const floor = await withFloor(db, seeded.organizationId, seeded.quietChannel, chatId, (floorUrl) =>
    load('durable floor (key lookup + message + outbox, 1 tx)', {
      url: floorUrl,
      method: 'POST',
      headers,
      body: '{}',
      durationSeconds: SEND_SECONDS,
    }),
  );
  startCounting();
  const send = await load('POST /v1/messages/send (sandbox, 50 connections)', {
    url,
    headers,
    requests: { factory: 'sendRequests', args: [seeded.quietChannel, 1000] },
    durationSeconds: SEND_SECONDS,
  });
  const ran = stopCounting();
  // The load's request count is not reported: its rate times its duration (the in-flight tail aside).
  return { floor, send, statementsPerSend: ran.total / (send.requestsPerSecond * SEND_SECONDS) };
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  const { runtime, url } = await startService(database, { ORG_API_RATE_LIMIT: '1000000' });
  try {
    const postgres = runtime.deps.dialect === 'postgres';
    const plain = await plainSend(url, runtime.deps.db, runtime.services);

    const { organizationId, key } = await seedBenchOrganization(runtime.services, 'Campaign bench');
    const channel = await runtime.services.channels.create(organizationId, {
      kind: 'whatsapp_zapi',
      name: 'campaign',
      config: { sandbox: true, deliverAfterMs: 3_600_000, readAfterMs: 3_600_000 },
      settings: { maxPerSecond: 0 },
    });
    const tag = await runtime.services.tags.create(organizationId, { name: 'bench', color: '#336699' });
    const seeding = performance.now();
    await seedAudience(runtime.deps.db, postgres, organizationId, tag.id);
    const seedS = (performance.now() - seeding) / 1000;
    console.log(`${label}: plain send done, ${RECIPIENTS} customers seeded in ${seedS.toFixed(1)} s; the campaign starts`);
    const figures: CampaignFigures = { seedS, ...(await runCampaign(url, key, organizationId, channel.id, tag.id)) };
    print(label, figures, plain);
  } finally {
    await runtime.close(10_000);
  }
}

function print(label: string, f: CampaignFigures, plain: Awaited<ReturnType<typeof plainSend>>): void {
  const { floor, send } = plain;
  const mb = (r: MemoryRange) => `${r.start.toFixed(0)} / ${r.max.toFixed(0)} (at ${r.maxAtS} s) / ${r.end.toFixed(0)}`;
  console.log(`\n## campaigns on ${label}: ${f.sent} recipients (seeded in ${f.seedS.toFixed(1)} s)`);
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(
    `| expand the audience (start → every recipient row) | ${f.expandS.toFixed(1)} s (CPU ${(f.expandCpuMs / 1000).toFixed(1)} s) |`,
  );
  console.log(`| start → \`completed\` (every message stored) | ${f.completedS.toFixed(1)} s |`);
  console.log(`| start → all sent (none \`queued\`) | ${f.allSentS.toFixed(1)} s |`);
  console.log(`| campaign sends/s (after expansion) | ${f.sendsPerSecond.toFixed(0)} |`);
  console.log(`| process CPU per 1,000 campaign sends | ${f.cpuMsPer1000.toFixed(0)} ms |`);
  console.log(`| heapUsed MB start / max / end | ${mb(f.heap)} |`);
  console.log(`| rss MB start / max / end | ${mb(f.rss)} |`);
  console.log(`| polls of GET …/campaigns/{id} (included above) | ${f.polls}, ${(f.pollMs / f.polls).toFixed(0)} ms each |`);
  console.log(
    `| plain send: ${send.name} | ${send.requestsPerSecond} req/s (p50 ${send.p50Ms} ms, p99 ${send.p99Ms} ms, ${send.non2xx} non-2xx) |`,
  );
  console.log(`| plain send: ${floor.name} | ${floor.requestsPerSecond} req/s |`);
  console.log(`| campaign sends/s ÷ plain send req/s | ${(f.sendsPerSecond / send.requestsPerSecond).toFixed(2)} |`);
  console.log(
    `| database statements per send: campaign / plain send | ${f.statementsPerSend.toFixed(1)} / ${plain.statementsPerSend.toFixed(1)} |`,
  );
  console.log('\n| statement (campaign send phase, first 70 characters) | per send |');
  console.log('|---|---|');
  for (const [text, n] of f.topStatements) console.log(`| \`${text}\` | ${n.toFixed(2)} |`);
}

export const campaignsScenario: Scenario = {
  name: 'campaigns',
  description: `a ${RECIPIENTS}-recipient campaign through an unthrottled sandbox channel (expansion, throughput, CPU per 1,000 sends, memory) beside the plain send bench`,
  async run() {
    countStatements();
    const lifted = { ...PLAN_SEND_LIMITS };
    for (const plan of Object.keys(PLAN_SEND_LIMITS)) PLAN_SEND_LIMITS[plan] = 1_000_000_000;
    try {
      for (const database of benchDatabases()) await runOn(database.label, database.config());
    } finally {
      Object.assign(PLAN_SEND_LIMITS, lifted);
    }
  },
};
