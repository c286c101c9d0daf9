/**
 * Flow runs at load (DESIGN.md §7): RUNS runs of a three-step flow (send, wait 1 s, send) started
 * at once through the API (POST /flows/{id}/runs, CONCURRENCY requests in flight), each on its own
 * chat of a sandbox channel, with the service's own worker (JOB_CONCURRENCY as configured). Reports
 * whether every run completed with each message stored once, the time from a wait's due instant to
 * its end being executed (the wait step's `wait_until` against its log row's `finished_at`: p50,
 * p99), the start requests' own latency, and the whole drain. Not an HTTP ratio: absolute figures.
 * Target: due → executed p50 and p99 under 100 ms.
 */
import { sql } from 'kysely';
import { benchDatabases, chatRow, customerRow, seedBenchOrganization, startService } from '../lib.js';
import type { Runtime } from '../../src/runtime.js';
import { newId } from '../../src/lib/ids.js';
import type { Scenario } from '../lib.js';

const RUNS = Number(process.env.BENCH_FLOW_RUNS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_FLOW_CONCURRENCY ?? 50);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function seed(runtime: Runtime) {
  const { channels, flows } = runtime.services;
  const { organizationId, key } = await seedBenchOrganization(runtime.services, 'Bench flows');
  const channel = await channels.create(organizationId, { kind: 'whatsapp_zapi', name: 'bench', config: { sandbox: true } });
  const flow = await flows.create(organizationId, {
    name: 'Send, wait, send',
    steps: [
      { type: 'send_message', text: 'one' },
      { type: 'wait', seconds: 1 },
      { type: 'send_message', text: 'two' },
    ],
  });
  const now = new Date().toISOString();
  const chatIds: string[] = [];
  await runtime.deps.db.transaction().execute(async (trx) => {
    for (let start = 0; start < RUNS; start += 500) {
      const customers = [];
      const chats = [];
      for (let i = start; i < Math.min(start + 500, RUNS); i++) {
        const customerId = newId();
        const chatId = newId();
        chatIds.push(chatId);
        customers.push(customerRow(organizationId, customerId, i, now));
        chats.push(chatRow({ organizationId, channelId: channel.id, customerId, chatId }, String(5511900000000 + i), now));
      }
      await trx.insertInto('customers').values(customers).execute();
      await trx.insertInto('chats').values(chats).execute();
    }
  });
  return { organizationId, key, flowId: flow.id, chatIds };
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>): Promise<void> {
  // JOB_CONCURRENCY, when set, is passed on: the worker's concurrency bounds how many steps share a commit.
  const { runtime, url } = await startService(database, {
    ORG_API_RATE_LIMIT: '1000000',
    ...(process.env.JOB_CONCURRENCY ? { JOB_CONCURRENCY: process.env.JOB_CONCURRENCY } : {}),
  });
  try {
    const { organizationId, key, flowId, chatIds } = await seed(runtime);
    if (runtime.deps.dialect === 'postgres') await sql`analyze`.execute(runtime.deps.db);
    const startLatencies: number[] = [];
    const started = performance.now();
    let next = 0;
    let failures = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < chatIds.length) {
          const chatId = chatIds[next++];
          const at = performance.now();
          const response = await fetch(`${url}/api/${organizationId}/flows/${flowId}/runs`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify({ chatId }),
          });
          await response.arrayBuffer();
          if (response.status !== 201) failures++;
          startLatencies.push(performance.now() - at);
        }
      }),
    );
    const startedAll = performance.now() - started;
    const db = runtime.deps.db;
    const deadline = Date.now() + 120_000;
    let unfinished = RUNS;
    while (unfinished > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const row = await db
        .selectFrom('flow_runs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('organization_id', '=', organizationId)
        .where('status', 'in', ['running', 'waiting'])
        .executeTakeFirstOrThrow();
      unfinished = Number(row.n);
    }
    const drained = performance.now() - started;
    const runs = await db
      .selectFrom('flow_runs')
      .select(['id', 'status', 'wait_until'])
      .where('organization_id', '=', organizationId)
      .execute();
    const completed = runs.filter((r) => r.status === 'completed').length;
    const waits = await db
      .selectFrom('flow_run_steps')
      .select(['run_id', 'started_at', 'finished_at'])
      .where('organization_id', '=', organizationId)
      .where('type', '=', 'wait')
      .execute();
    // The wait was due `seconds` after it began; its end is logged when the owning job executed it.
    const lateness = waits
      .filter((w) => w.finished_at !== null)
      .map((w) => Date.parse(w.finished_at!) - (Date.parse(w.started_at) + 1000))
      .sort((a, b) => a - b);
    const messages = await db
      .selectFrom('messages')
      .select(['chat_id', 'content'])
      .where('organization_id', '=', organizationId)
      .where('direction', '=', 'outbound')
      .execute();
    const perChat = new Map<string, string[]>();
    for (const m of messages) perChat.set(m.chat_id, [...(perChat.get(m.chat_id) ?? []), JSON.parse(m.content).text]);
    const exact = chatIds.filter((id) => (perChat.get(id) ?? []).sort().join(',') === 'one,two').length;
    startLatencies.sort((a, b) => a - b);
    console.log(`\n## ${label}: ${RUNS} runs of send → wait 1 s → send, started through the API (${CONCURRENCY} in flight)`);
    console.log('| figure | value |');
    console.log('|---|---|');
    console.log(`| runs completed | ${completed} / ${RUNS} (start failures: ${failures}) |`);
    console.log(`| chats with exactly the two messages, each once | ${exact} / ${RUNS} (messages stored: ${messages.length}) |`);
    console.log(
      `| wait due → executed, p50 / p99 / max ms | ${percentile(lateness, 50)} / ${percentile(lateness, 99)} / ${lateness.at(-1)} |`,
    );
    console.log(
      `| start request p50 / p99 ms | ${percentile(startLatencies, 50).toFixed(1)} / ${percentile(startLatencies, 99).toFixed(1)} |`,
    );
    console.log(`| all started after / all finished after | ${(startedAll / 1000).toFixed(2)} s / ${(drained / 1000).toFixed(2)} s |`);
  } finally {
    await runtime.close(5000);
  }
}

export const flowsScenario: Scenario = {
  name: 'flows',
  description: `${RUNS} flow runs (send, wait 1 s, send) started at once: each message once, wait due → executed p50/p99`,
  async run() {
    for (const database of benchDatabases()) await runOn(database.label, database.config());
  },
};
