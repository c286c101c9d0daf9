/**
 * The hot reads stay on their indexes: the SQL each endpoint really runs (captured from the
 * database's query executor while real HTTP requests are served) is explained, and a plan that
 * reads a whole table fails the test. SQLite: `EXPLAIN QUERY PLAN` must show `SEARCH … USING …`,
 * never `SCAN <table>`. PostgreSQL: with `enable_seqscan = off` (small test tables would rightly be
 * scanned otherwise) no `Seq Scan` may remain, nor an index walked end to end (no `Index Cond`):
 * both happen only where no index can serve the query.
 * Endpoints: customer by id, lookup by contact, customer list page (first and next), chat list page,
 * messages of a chat, event feed page. The same plans at 100,000 customers and 1,000,000 messages:
 * docs/performance.md (scripts/explain-hot-queries.ts).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type CompiledQuery } from 'kysely';
import { describeEachDatabase, type TestService } from '../support/harness.js';
import { readsWhile, statementsWhile } from '../support/statements.js';
import { createChat } from '../chats/chat-create-support.js';
import { call, openChat, tagManyCustomers } from '../chats/support.js';
import { BROAD_TAG } from '../../src/modules/chats/tag-filter.js';
import { storedDeliveryQuery } from '../../src/modules/delivery/stored-delivery.js';

/** The plan lines that read a whole table, empty when every table is searched through an index. */
async function scans(svc: TestService, query: CompiledQuery): Promise<string[]> {
  if (svc.deps.dialect === 'sqlite') {
    const { rows } = await svc.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as CompiledQuery<{
      detail: string;
    }>);
    // `SCAN agg`: the rows of a JSON aggregation's own subquery, already searched by index inside it;
    // likewise any subquery the plan runs as a co-routine or materializes first (a page of chats),
    // and an INSERT's own rows (`SCAN 2-ROW VALUES CLAUSE`: a new customer's and its chat's events).
    const details = rows.map((r) => r.detail);
    const subqueries = details.flatMap((detail) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(detail)?.[1] ?? []);
    // One customer's rows read through an index of the organization alone walk every customer's
    // (SQLite's planner picked the contact-match index for its ORDER BY over the customer index).
    const oneCustomer = /\bcustomer_id"? = \?/.test(query.sql);
    return details.filter(
      (detail) =>
        (/^SCAN /.test(detail) &&
          !/^SCAN (agg|CONSTANT ROW|\d+-ROW VALUES CLAUSE)\b/.test(detail) &&
          !subqueries.includes(detail.split(' ')[1]!)) ||
        (oneCustomer && /^SEARCH (customer_contacts|customer_tags|custom_field_values)\b.*\(organization_id=\?\)$/.test(detail)),
    );
  }
  const client = await svc.deps.database.pgPool!.connect();
  try {
    await client.query('set enable_seqscan = off');
    const { rows } = await client.query(`explain (format json) ${query.sql}`, query.parameters as unknown[]);
    const plan = rows[0]['QUERY PLAN'];
    return fullScans(typeof plan === 'string' ? JSON.parse(plan)[0].Plan : plan[0].Plan);
  } finally {
    await client.query('reset enable_seqscan');
    client.release();
  }
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** The plan of a captured statement: SQLite's EXPLAIN QUERY PLAN lines, or PostgreSQL's root node. */
async function planOf(svc: TestService, query: CompiledQuery): Promise<string[] | PlanNode> {
  if (svc.deps.dialect === 'sqlite') {
    const { rows } = await svc.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as CompiledQuery<{
      detail: string;
    }>);
    return rows.map((r) => r.detail);
  }
  const { rows } = await svc.deps.database.pgPool!.query(`explain (format json) ${query.sql}`, query.parameters as unknown[]);
  const plan = rows[0]['QUERY PLAN'];
  return (typeof plan === 'string' ? JSON.parse(plan)[0].Plan : plan[0].Plan) as PlanNode;
}

/** PostgreSQL plan nodes that read a whole table: a Seq Scan, or an index walked end to end (no Index Cond). */
function fullScans(node: PlanNode): string[] {
  const here =
    node['Node Type'] === 'Seq Scan' || (/^(Index Scan|Index Only Scan|Bitmap Index Scan)$/.test(node['Node Type']) && !node['Index Cond'])
      ? [`${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''}`.trim()]
      : [];
  return [...here, ...(node.Plans ?? []).flatMap(fullScans)];
}

describeEachDatabase('hot queries use their indexes', (env) => {
  it('customer by id, lookup by contact, customer list, chat list, messages of a chat, event feed: no table scan', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const chats: { chatId: string; customerId: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await createChat(svc, org, {
        channelId: org.channels.whatsapp_zapi,
        customer: { name: `C${i}`, whatsapp: `551198765432${i}` },
        initialMessage: `Hi ${i}`,
      });
      assert.equal(res.json?.success, true, res.text);
      chats.push({ chatId: res.json.chatId, customerId: res.json.customerId });
    }
    const base = `/api/${org.organizationId}`;
    const get = async (url: string) => {
      const res = await svc.inject({ method: 'GET', url: `${base}${url}`, headers: org.keyHeader });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      return res.json();
    };
    // Authentication is cached after the first request; warm it so the captures hold the endpoint's own reads.
    await get('/customers?limit=1');
    const firstPage = await get('/customers?limit=2');
    const endpoints: Record<string, string> = {
      'customer by id': `/customers/${chats[0]!.customerId}`,
      'lookup by contact': '/customers?contact=5511987654321&contactType=whatsapp',
      'customer list page': '/customers?limit=2',
      'customer list, next page': `/customers?limit=2&cursor=${encodeURIComponent(firstPage.nextCursor ?? firstPage.pagination?.nextCursor ?? '')}`,
      'chat list page': '/chats?limit=2',
      'queue of customers who wrote': '/chats?status=pending&customerWrote=true&limit=2',
      'unassigned chats': '/chats?status=pending&unassigned=true&limit=2',
      "an agent's chats": `/chats?status=in_progress&assigneeProfileId=${org.profileId}&limit=2`,
      "chats of a tag's customers": `/chats?tagId=${chats[0]!.customerId}&limit=2`,
      'messages of a chat': `/chats/${chats[0]!.chatId}/messages`,
      'event feed page': '/events?limit=2',
    };
    const problems: string[] = [];
    const requests: Record<string, () => Promise<unknown>> = {
      ...Object.fromEntries(Object.entries(endpoints).map(([name, url]) => [name, async () => void (await get(url))])),
      // The profile's first send on the channel (the chats above were created, not sent): it also
      // reads the send target, which later sends take from the process (access/kept-channels.ts).
      'send, new recipient': () => openChat(svc, org, '5511912340001'),
      'send, known recipient': () => openChat(svc, org, '5511912340001'),
      // The audit trail reads the customer's state before and after (contacts, tags, field values).
      'create customer': async () => {
        const res = await svc.inject({
          method: 'POST',
          url: `${base}/customers`,
          headers: org.keyHeader,
          payload: { name: 'Audited', contacts: [{ type: 'whatsapp', value: '+55 11 91234-0009' }] },
        });
        assert.equal(res.statusCode, 201, res.body);
      },
      'update customer': async () => {
        const res = await svc.inject({
          method: 'PUT',
          url: `${base}/customers/${chats[1]!.customerId}`,
          headers: org.keyHeader,
          payload: { name: 'Renamed' },
        });
        assert.equal(res.statusCode, 200, res.body);
      },
    };
    for (const [name, request] of Object.entries(requests)) {
      // Every statement that reads: the reads, and the writes that read (a known recipient's send is
      // one INSERT … SELECT of the contact's active chat once its target is kept, and no plain read).
      const queries = (await statementsWhile(svc.db, request)).filter((statement) => /\bselect\b/i.test(statement.sql));
      assert.ok(queries.length > 0, `${name}: no query captured`);
      for (const query of queries) {
        const found = await scans(svc, query);
        if (found.length > 0) problems.push(`${name}: ${found.join('; ')}\n  ${query.sql}`);
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'));
  });

  it('a stored send (every job-path send: campaigns, sequences, scheduled, retries) reads its message by id', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const chatId = await openChat(svc, org, '5511912340002');
    const message = await svc.db.selectFrom('messages').select('id').where('chat_id', '=', chatId).executeTakeFirstOrThrow();
    if (svc.deps.dialect === 'sqlite') {
      // The planner as it is over a real organization (ANALYZE's figures at 1M messages in one
      // organization): with a handful of rows it picks the primary key whatever the query says.
      await sql`analyze`.execute(svc.db);
      await sql`delete from sqlite_stat1 where tbl in ('messages', 'channels')`.execute(svc.db);
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values
        ('messages', 'sqlite_autoindex_messages_1', '1000000 1'),
        ('messages', 'messages_chat_idx', '1000000 1000000 10 1'),
        ('messages', 'messages_org_report_idx', '1000000 1000000 3000 1500 750 750 250 200'),
        ('channels', 'sqlite_autoindex_channels_1', '3 1'),
        ('channels', 'channels_org_idx', '3 3 1')`.execute(svc.db);
      await sql`analyze sqlite_schema`.execute(svc.db);
    }
    const query = storedDeliveryQuery(svc.db, org.organizationId, message.id).compile();
    assert.deepEqual(await scans(svc, query), []);
    if (svc.deps.dialect === 'sqlite') {
      const { rows } = await svc.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` } as CompiledQuery<{
        detail: string;
      }>);
      // The outer message by its primary key, not the organization's messages through the report index.
      assert.ok(
        rows.some((r) => /^SEARCH m USING INDEX sqlite_autoindex_messages_1 \(id=\?\)/.test(r.detail)),
        rows.map((r) => r.detail).join('\n'),
      );
    }
  });

  it("an agent's own chats are a range read of that agent's index (migration 0045)", async () => {
    const svc = await env.start();
    const org = await svc.seedOrganization();
    if (svc.deps.dialect !== 'sqlite') return; // PostgreSQL: the no-scan check above covers it
    // The planner over 300,000 chats of 20 agents (ANALYZE's figures): the status index would keep one row in twenty.
    await sql`analyze`.execute(svc.db);
    await sql`delete from sqlite_stat1 where tbl = 'chats'`.execute(svc.db);
    await sql`insert into sqlite_stat1 (tbl, idx, stat) values
      ('chats', 'chats_org_status_idx', '300000 300000 75000 1'),
      ('chats', 'chats_org_id_idx', '300000 300000 1'),
      ('chats', 'chats_org_assignee_idx', '300000 300000 15000 3750 1')`.execute(svc.db);
    await sql`analyze sqlite_schema`.execute(svc.db);
    const queries = await readsWhile(svc.db, async () => {
      const res = await svc.inject({
        method: 'GET',
        url: `/api/${org.organizationId}/chats?status=in_progress&assigneeProfileId=${org.profileId}&limit=50`,
        headers: org.keyHeader,
      });
      assert.equal(res.statusCode, 200, res.body);
    });
    const list = queries.find((q) => /from "chats" as "c"/.test(q.sql) && /assignee_profile_id/.test(q.sql));
    assert.ok(list, queries.map((q) => q.sql).join('\n'));
    const { rows } = await svc.db.executeQuery<{ detail: string }>({ ...list, sql: `explain query plan ${list.sql}` } as CompiledQuery<{
      detail: string;
    }>);
    assert.match(rows.map((r) => r.detail).join('\n'), /SEARCH c USING (COVERING )?INDEX chats_org_assignee_idx/);
  });

  it('a chat page is chosen before its rows are joined; a broad tag walks the chats probing the tag', async () => {
    const svc = await env.start({ listen: true });
    const org = await svc.seedOrganization();
    const tag = await call(svc, 'POST', `/api/${org.organizationId}/tags`, org.keyHeader, { name: 'Broad', color: '#00aa00' });
    const tagId = tag.json.data.id as string;
    await tagManyCustomers(svc, org.organizationId, tagId, BROAD_TAG);
    await openChat(svc, org, '5511912340003');
    if (svc.deps.dialect === 'sqlite') {
      // The planner over the capacity dataset (ANALYZE's figures): 300,000 chats, a tag of 50,000 customers.
      await sql`analyze`.execute(svc.db);
      await sql`delete from sqlite_stat1 where tbl in ('chats', 'customer_tags')`.execute(svc.db);
      await sql`insert into sqlite_stat1 (tbl, idx, stat) values
        ('chats', 'chats_org_id_idx', '300000 300000 1'),
        ('chats', 'chats_customer_idx', '300000 300000 1'),
        ('chats', 'chats_org_status_idx', '300000 300000 75000 1'),
        ('chats', 'chats_org_status_wrote_idx', '300000 300000 75000 1'),
        ('customer_tags', 'customer_tags_tag_idx', '50000 50000 50000'),
        ('customer_tags', 'sqlite_autoindex_customer_tags_1', '50000 50000 1 1')`.execute(svc.db);
      await sql`analyze sqlite_schema`.execute(svc.db);
    } else await sql`analyze`.execute(svc.db);
    const listQuery = async (url: string) => {
      const queries = await readsWhile(svc.db, async () => {
        const res = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}${url}`, headers: org.keyHeader });
        assert.equal(res.statusCode, 200, res.body);
      });
      const list = queries.find(
        (q) => /from \(select "c"\.\* from "chats" as "c"/.test(q.sql) || /from "chats" as "c" cross join/.test(q.sql),
      );
      assert.ok(list, queries.map((q) => q.sql).join('\n'));
      return planOf(svc, list);
    };
    const queue = await listQuery('/chats?status=pending&customerWrote=true&limit=50');
    const ofTag = await listQuery(`/chats?tagId=${tagId}&limit=50`);
    if (Array.isArray(queue) && Array.isArray(ofTag)) {
      // The page first (a co-routine on the chat index), then the joins for its 51 rows.
      assert.equal(queue[0], 'CO-ROUTINE c', queue.join('\n'));
      assert.match(queue[1]!, /^SEARCH c USING INDEX chats_org_status(_wrote)?_idx \(organization_id=\? AND status=\?\)$/);
      // Newest chats first, each probed on the tag's primary key; never the tag's 50,000 customers sorted.
      assert.deepEqual(ofTag.slice(0, 4), [
        'CO-ROUTINE c',
        'SEARCH c USING INDEX chats_org_id_idx (organization_id=?)',
        'CORRELATED SCALAR SUBQUERY 2',
        'SEARCH ct USING COVERING INDEX sqlite_autoindex_customer_tags_1 (organization_id=? AND customer_id=? AND tag_id=?)',
      ]);
      assert.ok(!ofTag.some((line) => /chats_customer_idx|TEMP B-TREE/.test(line)), ofTag.join('\n'));
      return;
    }
    for (const plan of [queue, ofTag] as PlanNode[]) {
      // The LIMIT applies to the chats alone: what a row shows (customer, channel, messages) is joined after it.
      const limits = nodesOf(plan).filter((n) => n['Node Type'] === 'Limit' && nodesOf(n).some((m) => m['Relation Name'] === 'chats'));
      assert.ok(limits.length > 0, JSON.stringify(plan));
      for (const limit of limits)
        assert.deepEqual(
          nodesOf(limit).filter((n) => /^(messages|customers|channels)$/.test(n['Relation Name'] ?? '')),
          [],
          JSON.stringify(limit),
        );
    }
    // The tag is probed per chat on its primary key.
    assert.ok(
      nodesOf(ofTag as PlanNode).some((n) => n['Relation Name'] === 'customer_tags' && n['Index Name'] === 'customer_tags_pk'),
      JSON.stringify(ofTag),
    );
  });
});
