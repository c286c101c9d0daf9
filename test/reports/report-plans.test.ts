/**
 * The reports read indexes (docs/reports.md "Speed"): the SQL each report kind really runs,
 * captured while the route answers, is explained; no plan may read a whole table, and the report
 * indexes of migration 0035 are the ones used. SQLite: `EXPLAIN QUERY PLAN` shows `SEARCH … USING`,
 * never `SCAN <table>`. PostgreSQL, with `enable_seqscan = off` (small tables would rightly be
 * scanned otherwise): no `Seq Scan` and no index walked without an `Index Cond`. The conversations
 * report by day reads the hourly counts of migration 0046 instead of the chats.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type CompiledQuery } from 'kysely';
import { newId } from '../../src/lib/ids.js';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { readsWhile } from '../support/statements.js';
import { reportsApi, seedHistory, startedAt } from './support.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** The plan's lines (SQLite) or nodes (PostgreSQL), as text. */
async function plan(svc: TestService, query: CompiledQuery): Promise<string[]> {
  if (svc.deps.dialect === 'sqlite') {
    const { rows } = await svc.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as CompiledQuery<{
      detail: string;
    }>);
    return rows.map((r) => r.detail);
  }
  const client = await svc.deps.database.pgPool!.connect();
  try {
    await client.query('set enable_seqscan = off');
    const { rows } = await client.query(`explain (format json) ${query.sql}`, query.parameters as unknown[]);
    const raw = rows[0]['QUERY PLAN'];
    const flat = (node: PlanNode): string[] => [
      `${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''} ${node['Index Cond'] ? 'cond' : 'nocond'}`,
      ...(node.Plans ?? []).flatMap(flat),
    ];
    return flat(typeof raw === 'string' ? JSON.parse(raw)[0].Plan : raw[0].Plan);
  } finally {
    await client.query('reset enable_seqscan');
    client.release();
  }
}

/**
 * PostgreSQL's statistics made those of the seeded rows: a test database may be one an earlier test
 * emptied (test/support/databases.ts), whose statistics still describe its rows until autovacuum
 * gets to it, at a moment of its own; the plans then varied from run to run.
 */
async function statisticsOfTheSeed(svc: TestService): Promise<void> {
  if (svc.deps.dialect === 'postgres') await sql`analyze`.execute(svc.db);
}

/**
 * A year of closed chats before the window, copies of one seeded chat: with only the window's few
 * chats every index of the organization costs the same to the planner, and which one PostgreSQL
 * picked varied with the leftovers of the database's earlier tests. With history outside the
 * window, as every organization has, reading by the time columns is the plain better plan, and the
 * test shows the report reads the window, not the organization's whole history.
 */
async function historyBeforeTheWindow(svc: TestService, chatId: string, count = 400): Promise<void> {
  const chat = await svc.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
  const day = 24 * 3600_000;
  const from = Date.parse('2025-03-01T12:00:00Z');
  // Every time the chat has moves to its day in the history, an hour after it began at most.
  const copies = Array.from({ length: count }, (_, i) => {
    const began = from + (i % 300) * day;
    const times = Object.fromEntries(
      Object.entries(chat)
        .filter(([column, value]) => column.endsWith('_at') && value !== null)
        .map(([column], n) => [column, new Date(began + Math.min(n, 6) * 600_000).toISOString()]),
    );
    return { ...chat, ...times, id: newId(), status: 'closed', created_at: new Date(began).toISOString() };
  });
  for (let i = 0; i < copies.length; i += 100) await svc.db.insertInto('chats').values(copies.slice(i, i + 100)).execute();
}

function fullScan(line: string): boolean {
  return /^SCAN (?!CONSTANT ROW)/.test(line) || /^Seq Scan/.test(line) || /^(Index Scan|Index Only Scan|Bitmap Index Scan) .* nocond$/.test(line);
}

describeEachDatabase('reports use their indexes', (env) => {
  it('every kind, by day and by agent: no table scan; the report indexes serve them', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    const { chats } = await seedHistory(svc, org, clock);
    await historyBeforeTheWindow(svc, chats.a);
    await statisticsOfTheSeed(svc);
    const report = reportsApi(svc, org, org.keyHeader);
    const used = new Set<string>();
    for (const kind of ['conversations', 'first-response', 'resolution', 'messages', 'agents', 'campaigns', 'satisfaction']) {
      for (const groupBy of ['day', 'agent']) {
        const reads = await readsWhile(svc.db, async () => {
          const answer = await report(kind, `?from=2026-03-02&to=2026-03-04&groupBy=${groupBy}`);
          assert.equal(answer.status, 200, answer.text);
        });
        for (const query of reads.filter((q) => /from "(chats|messages)"/.test(q.sql))) {
          const lines = await plan(svc, query);
          assert.deepEqual(lines.filter(fullScan), [], `${kind} by ${groupBy}: ${query.sql}\n${lines.join('\n')}`);
          for (const line of lines) for (const index of line.match(/\b(chats|messages)_org_\w+_idx\b/g) ?? []) used.add(index);
        }
      }
    }
    for (const index of ['chats_org_created_idx', 'chats_org_closed_idx', 'chats_org_first_reply_idx', 'messages_org_report_idx'])
      assert.ok(used.has(index), `${index} serves a report (used: ${[...used].join(', ')})`);
  });

  it('the conversations report by day reads the hourly counts by their index, not a chat', async () => {
    const { svc, org, clock } = await startedAt(env, '2026-03-02T12:00:00Z');
    await seedHistory(svc, org, clock);
    await statisticsOfTheSeed(svc);
    const report = reportsApi(svc, org, org.keyHeader);
    const reads = await readsWhile(svc.db, async () => {
      const answer = await report('conversations', '?from=2026-03-02&to=2026-03-04&groupBy=day');
      assert.equal(answer.status, 200, answer.text);
    });
    assert.deepEqual(
      reads.filter((q) => /from "chats"/.test(q.sql)).map((q) => q.sql),
      [],
      'whole hours: no chat is read',
    );
    const hourly = reads.filter((q) => /from "report_chat_hours"/.test(q.sql));
    assert.equal(hourly.length, 1, reads.map((q) => q.sql).join('\n'));
    const lines = await plan(svc, hourly[0]!);
    assert.deepEqual(lines.filter(fullScan), [], lines.join('\n'));
    assert.ok(lines.some((line) => line.includes('report_chat_hours_org_hour_idx')), lines.join('\n'));
  });
});
