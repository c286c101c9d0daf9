/**
 * A campaign survives its process being killed (DESIGN.md §10 "each recipient is sent once, across
 * restarts and SIGKILL"): the real `conversa serve` over a SQLite file (and a PostgreSQL database
 * when TEST_DATABASE_URL is set), RECIPIENTS customers, a campaign to all of them on a Z-API fake in
 * this process, SIGKILL twice mid-way, a new process each time on the same database: every
 * recipient gets exactly one campaign message and reaches the provider;
 * only a send a kill cut mid-call is sent again (the send path's at-least-once, docs/messaging.md).
 *
 * One test file per database (campaign-crash-sqlite.test.ts, campaign-crash-postgres.test.ts): each
 * half takes minutes, and together they came near a file's 5-minute limit on a loaded machine.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createTestDatabase, DIALECTS, type TestDialect } from '../support/databases.js';
import { startZapiFake } from '../fakes/zapi.fake.js';
import { sendsSettled } from '../support/sends-settled.js';
import { call, CRASH_TEST_ADMIN, crashTestEnv, startServe, until } from '../support/serve-process.js';
import { recordSuiteFile } from '../support/suite-files.js';

const ZAPI = { instanceId: 'inst-camp', instanceToken: 'tok-camp', clientToken: 'client-camp' };
// 1,000 in the suite; CAMPAIGN_CRASH_RECIPIENTS=10000 runs the full-size check (docs/campaigns.md).
const RECIPIENTS = Number(process.env.CAMPAIGN_CRASH_RECIPIENTS ?? 1000);
/** Waits grow with the size (a minute per 500 recipients, two at least). */
const WAIT_MS = Math.max(120_000, RECIPIENTS * 120);
/** Sends a worker may have in flight at once: its JOB_CONCURRENCY (default 20), with margin. */
const IN_FLIGHT = 24;

const STORED =
  'select count(*) as n, count(distinct customer_id) as people from messages m join chats c on c.id = m.chat_id where m.campaign_id is not null';

/** The campaign messages stored, read on the database itself once the processes are done. */
async function storedMessages(dialect: TestDialect, url: string): Promise<{ n: number; people: number }> {
  if (dialect === 'sqlite') {
    const db = new Database(url, { readonly: true });
    try {
      return db.prepare(STORED).get() as { n: number; people: number };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (await client.query<{ n: string; people: string }>(STORED)).rows[0]!;
    return { n: Number(row.n), people: Number(row.people) };
  } finally {
    await client.end();
  }
}

export function describeCampaignCrash(dialect: TestDialect): void {
  const { skip } = DIALECTS.find((d) => d.dialect === dialect)!;
  const title = `a campaign across two SIGKILLs (real process, ${dialect})`;
  recordSuiteFile([title]);
  describe(title, { skip }, () => {
    it(
      `gives each of ${RECIPIENTS} recipients one message; only sends a kill cut are sent again`,
      { timeout: 2 * WAIT_MS + 120_000 },
      async () => {
        const database = dialect === 'postgres' ? await createTestDatabase('postgres') : undefined;
        const { env, remove } = crashTestEnv('conversa-campaign-crash-', {
          // A killed process's jobs (the campaign's run job, its sends) run again once their lease
          // ends: 10 s here instead of the default 15 s (the default send timeout of 4 s kept, and
          // a renewal missed for over 6 s before a live job is given up).
          JOB_LEASE_MS: '10000',
          ...(database?.config.dialect === 'postgres' ? { DATABASE_URL: database.config.url } : {}),
        });
        const zapi = await startZapiFake(ZAPI);
        const phones = Array.from({ length: RECIPIENTS }, (_, i) => `5511${String(900000000 + i)}`);
        const perPhone = () => {
          const counts = new Map<string, number>();
          for (const r of zapi.requests)
            if (typeof r.json?.phone === 'string') counts.set(r.json.phone, (counts.get(r.json.phone) ?? 0) + 1);
          return counts;
        };
        let server = startServe(env);
        try {
          const url = await server.listening;
          const key = /API key:\s+(cnv_\S+)/.exec(server.output())![1]!;
          const organizationId = /Organization:\s+([0-9a-f-]{36})/.exec(server.output())![1];
          const channel = await call(
            `${url}/admin/v1/organizations/${organizationId}/channels`,
            'POST',
            { authorization: `Bearer ${CRASH_TEST_ADMIN}` },
            // No pacing (the governor's gateway default is 1 a second): this test is about exactly once.
            { kind: 'whatsapp_zapi', name: 'Z-API fake', config: { ...ZAPI, baseUrl: zapi.url }, settings: { maxPerSecond: 0 } },
          );
          assert.equal(channel.status, 201, JSON.stringify(channel.json));
          // The demo's webhook to the dev inspector goes (and the restarts below seed no demo, which
          // would make it again): its deliveries, a few per campaign message, took most of the
          // process's time, and this test is about the campaign's sends.
          const hooks = await call(`${url}/api/${organizationId}/webhooks`, 'GET', { 'x-api-key': key });
          for (const hook of hooks.json.data as { id: string }[])
            assert.equal((await call(`${url}/api/${organizationId}/webhooks/${hook.id}`, 'DELETE', { 'x-api-key': key })).status, 200);
          const base = `${url}/api/${organizationId}/campaigns`;
          const created = await call(
            base,
            'POST',
            { 'x-api-key': key },
            {
              name: 'Crash',
              channelId: channel.json.data.id,
              // The audience comes from a CSV, in one request (1,000 customers created over the API took
              // a quarter of this test's time); how the audience is made is not what it is about.
              audience: { customerIds: [] },
              message: { type: 'text', content: { text: 'Oi {{customer.name}}' } },
            },
          );
          assert.equal(created.status, 201, JSON.stringify(created.json));
          const id = created.json.data.id as string;
          const form = new FormData();
          const csv = ['phone,name', ...phones.map((phone) => `${phone},C ${phone}`)].join('\n');
          form.append('file', new Blob([csv], { type: 'text/csv' }), 'audience.csv');
          const imported = await fetch(`${base}/${id}/audience`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
          const importedJson = (await imported.json()) as { data: { created: number; invalid: number } };
          assert.equal(imported.status, 200, JSON.stringify(importedJson));
          assert.deepEqual([importedJson.data.created, importedJson.data.invalid], [RECIPIENTS, 0]);
          assert.equal((await call(`${base}/${id}/start`, 'POST', { 'x-api-key': key }, {})).status, 200);

          // How many sends the provider had taken at each kill: a send cut by a kill is one of the last few.
          const arrivalsAtKill: number[] = [];
          for (const at of [Math.floor(RECIPIENTS * 0.3), Math.floor(RECIPIENTS * 0.6)]) {
            await until(() => perPhone().size >= at, WAIT_MS, `${at} recipients reached`);
            server.child.kill('SIGKILL');
            await server.exited;
            // Counted once the process is gone: a request it wrote just before dying may still be read by the fake after the kill.
            arrivalsAtKill.push(zapi.requests.length);
            server = startServe({ ...env, SEED_DEMO: 'false' });
            await server.listening;
          }
          await until(() => perPhone().size >= RECIPIENTS, WAIT_MS, 'every recipient reached');
          // Counted once no send is left to make: a re-send after a kill has arrived by then.
          await sendsSettled(env.DATABASE_URL, WAIT_MS);
          const counts = perPhone();
          assert.equal(counts.size, RECIPIENTS, 'every recipient reached');
          // Exactly one message per recipient: the campaign never creates a second one.
          const stored = await storedMessages(dialect, env.DATABASE_URL);
          assert.deepEqual(stored, { n: RECIPIENTS, people: RECIPIENTS }, 'one campaign message per recipient');
          // At the provider, a send is at least once (docs/messaging.md "At-least-once"): only a message
          // whose provider call a kill cut before its result was stored is sent again. So every arrival
          // of a recipient but the last must be one of the last few the provider took before a kill,
          // each before a different kill: a send cut by the first kill is run again once its lease
          // ends, and on a loaded machine that re-send can be in flight when the second kill comes.
          const arrivals = new Map<string, number[]>();
          zapi.requests.forEach((r, i) => {
            const phone = r.json?.phone;
            if (typeof phone === 'string') arrivals.set(phone, [...(arrivals.get(phone) ?? []), i + 1]);
          });
          // Within a worker's in-flight sends of a kill, either side: the fake may read a cut request after counting.
          const killCutting = (arrival: number) => arrivalsAtKill.findIndex((k) => Math.abs(arrival - k) < IN_FLIGHT);
          const resent = [...arrivals].filter(([, at]) => at.length > 1).map(([phone, at]) => ({ phone, at }));
          const unexplained = resent.filter(({ at }) => {
            const kills = at.slice(0, -1).map(killCutting);
            return kills.includes(-1) || new Set(kills).size !== kills.length;
          });
          assert.deepEqual(
            unexplained,
            [],
            `a recipient reached again without a kill cutting its send (kills after ${arrivalsAtKill.join(', ')} sends)`,
          );
          console.log(
            `[campaign crash] ${dialect}: ${RECIPIENTS} recipients, ${resent.length} re-sent after a kill cut their provider call`,
          );
          const url2 = await server.listening;
          const final = await call(`${url2}/api/${organizationId}/campaigns/${id}`, 'GET', { 'x-api-key': key });
          assert.equal(final.json.data.status, 'completed');
          assert.equal(final.json.data.counts.audience, RECIPIENTS);
        } finally {
          server.child.kill('SIGKILL');
          await server.exited;
          await zapi.close();
          await database?.drop();
          remove();
        }
      },
    );
  });
}
