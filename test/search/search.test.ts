/**
 * Search (DESIGN §11): customers by any part of their name with or without accents, partial phone
 * numbers, e-mail and document, through `GET …/customers?q=` and `GET …/search`; messages by their
 * words (accents ignored, prefixes), deleted and edited ones following; the chats both lead to;
 * an agent limited to its chats finds only those; another organization finds nothing of ours; bad
 * input is a 400 with the envelope.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql, type CompiledQuery } from 'kysely';
import { newId } from '../../src/lib/ids.js';
import { readsWhile, statementsWhile } from '../support/statements.js';
import { messageIdsMatching } from '../../src/modules/chats/index.js';
import { ftsOrganizationTerm, messageWords } from '../../src/lib/search-text.js';
import { migrateToLatest, migrator } from '../../src/db/migrate.js';
import { describeEachDatabase, type SeededOrganization, type TestEnv, type TestService } from '../support/harness.js';
import { addMember, call, customerWrites } from '../chats/support.js';

async function started(env: TestEnv) {
  const svc = await env.start({ listen: true });
  const org = await svc.seedOrganization({ name: 'Loja' });
  return { svc, org };
}

async function createCustomer(svc: TestService, org: SeededOrganization, body: Record<string, unknown>) {
  const res = await call(svc, 'POST', `/api/${org.organizationId}/customers`, org.keyHeader, body);
  assert.equal(res.status, 201, res.text);
  return res.json.data.id as string;
}

async function customersFound(svc: TestService, org: SeededOrganization, q: string) {
  const res = await call(svc, 'GET', `/api/${org.organizationId}/customers?q=${encodeURIComponent(q)}`, org.keyHeader);
  assert.equal(res.status, 200, res.text);
  return (res.json.data as { name: string }[]).map((c) => c.name).sort();
}

async function searched(svc: TestService, org: { organizationId: string }, keyHeader: Record<string, string>, q: string) {
  const res = await call(svc, 'GET', `/api/${org.organizationId}/search?q=${encodeURIComponent(q)}`, keyHeader);
  assert.equal(res.status, 200, res.text);
  return res.json.data as {
    customers: { id: string; name: string }[];
    chats: { id: string }[];
    messages: { id: string; chatId: string; preview: string }[];
  };
}

describeEachDatabase('search', (env) => {
  it('finds customers by any part of the name, accents and case ignored, and by partial phone, e-mail and document', async () => {
    const { svc, org } = await started(env);
    await createCustomer(svc, org, { name: 'João Conceição', contacts: [{ type: 'whatsapp', value: '+55 11 99876-5432' }] });
    await createCustomer(svc, org, { name: 'Joana Silva', email: 'joana.silva@exemplo.com.br' });
    await createCustomer(svc, org, { name: 'ANDRÉ Gonçalves', email: 'andre@exemplo.com.br', document: '123.456.789-09' });
    await createCustomer(svc, org, { name: 'Maria', contacts: [{ type: 'whatsapp', value: '+55 21 91234-0000' }] });

    assert.deepEqual(await customersFound(svc, org, 'joao'), ['João Conceição'], 'without the accent');
    assert.deepEqual(await customersFound(svc, org, 'JOÃO'), ['João Conceição'], 'upper case, with the accent');
    assert.deepEqual(await customersFound(svc, org, 'conceicao'), ['João Conceição'], 'the middle of the name');
    assert.deepEqual(await customersFound(svc, org, 'andre'), ['ANDRÉ Gonçalves']);
    assert.deepEqual(await customersFound(svc, org, 'gonçal'), ['ANDRÉ Gonçalves']);
    assert.deepEqual(await customersFound(svc, org, 'jo'), ['Joana Silva', 'João Conceição'], 'two characters: the start of a name');
    assert.deepEqual(await customersFound(svc, org, '98765'), ['João Conceição'], 'a run of the phone digits');
    assert.deepEqual(await customersFound(svc, org, '(11) 99876-5432'), ['João Conceição'], 'the phone as written in Brazil');
    assert.deepEqual(await customersFound(svc, org, '1234-0000'), ['Maria']);
    assert.deepEqual(await customersFound(svc, org, 'silva@exem'), ['Joana Silva'], 'part of an e-mail');
    assert.deepEqual(await customersFound(svc, org, '456789'), ['ANDRÉ Gonçalves'], 'part of a document');
    assert.deepEqual(await customersFound(svc, org, 'xyz'), []);
    assert.deepEqual(await customersFound(svc, org, '50%'), [], 'LIKE characters are literal');
    // Several words: PostgreSQL asks its index a word at a time (customer-index.ts), the text stays one substring.
    assert.deepEqual(await customersFound(svc, org, 'João Conceição'), ['João Conceição'], 'a whole name');
    assert.deepEqual(await customersFound(svc, org, 'ana silva'), ['Joana Silva'], 'from the middle of a word');
    assert.deepEqual(await customersFound(svc, org, 'o conc'), ['João Conceição'], 'a one-letter end of a word');
    assert.deepEqual(await customersFound(svc, org, 'conceição joão'), [], 'the words in another order');
    assert.deepEqual(await customersFound(svc, org, 'silva exemplo'), [], 'both words, but not side by side');
    assert.deepEqual(await customersFound(svc, org, 'joana  silva'), [], 'two spaces are not one');
  });

  it('keeps the customer index current: renamed, new contact, contact removed, erased', async () => {
    const { svc, org } = await started(env);
    const id = await createCustomer(svc, org, { name: 'Cláudia', contacts: [{ type: 'whatsapp', value: '+55 11 90000-1111' }] });
    const renamed = await call(svc, 'PUT', `/api/${org.organizationId}/customers/${id}`, org.keyHeader, {
      name: 'Cláudia Régis',
      contacts: [{ type: 'whatsapp', value: '+55 31 97777-2222' }],
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(await customersFound(svc, org, 'regis'), ['Cláudia Régis']);
    assert.deepEqual(await customersFound(svc, org, '97777'), ['Cláudia Régis'], 'the new contact');
    assert.deepEqual(await customersFound(svc, org, '90000-1111'), [], 'the removed contact');
    const removed = await call(svc, 'DELETE', `/api/${org.organizationId}/customers/${id}?erase=true`, org.keyHeader);
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(await customersFound(svc, org, 'claudia'), []);
  });

  it('answers customers, their chats and messages by words (accents ignored, the last a prefix), newest first', async () => {
    const { svc, org } = await started(env);
    const channel = org.channels.whatsapp_zapi;
    const first = await customerWrites(svc, channel, '5511955550001', 'Olá, meu pedido não chegou');
    const second = await customerWrites(svc, channel, '5511955550002', 'Quero trocar o PEDIDO 4521');
    await customerWrites(svc, channel, '5511955550003', 'Bom dia');

    const found = await searched(svc, org, org.keyHeader, 'pedido');
    assert.deepEqual(
      found.messages.map((m) => m.chatId),
      [second.chatId, first.chatId],
      'both messages, newest first',
    );
    assert.deepEqual(found.chats.map((c) => c.id).sort(), [first.chatId, second.chatId].sort());
    assert.equal((await searched(svc, org, org.keyHeader, 'nao chegou')).messages.length, 1, 'every word, without accents');
    assert.equal((await searched(svc, org, org.keyHeader, 'pedido cheg')).messages[0]?.chatId, first.chatId, 'the last word as a prefix');
    assert.equal((await searched(svc, org, org.keyHeader, 'ped cheg')).messages.length, 0, 'the words before it whole');
    assert.equal((await searched(svc, org, org.keyHeader, 'pedido bom')).messages.length, 0, 'all words must match');

    const byPhone = await searched(svc, org, org.keyHeader, '55550003');
    assert.equal(byPhone.customers.length, 1, 'the customer by a part of the phone');
    assert.equal(byPhone.chats.length, 1, "and the customer's chat");
    assert.equal(byPhone.messages.length, 0);
  });

  it('follows edits and deletions of messages', async () => {
    const { svc, org } = await started(env);
    const { messageId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511955550009', 'segredo antigo');
    assert.equal((await searched(svc, org, org.keyHeader, 'segredo')).messages.length, 1);
    await svc.db
      .updateTable('messages')
      .set({ content: JSON.stringify({ text: 'texto corrigido' }) as never })
      .where('id', '=', messageId)
      .execute();
    assert.equal((await searched(svc, org, org.keyHeader, 'segredo')).messages.length, 0, 'the old text is gone');
    assert.equal((await searched(svc, org, org.keyHeader, 'corrigido')).messages.length, 1, 'the new text is found');
    await svc.db.updateTable('messages').set({ deleted_at: new Date().toISOString() }).where('id', '=', messageId).execute();
    assert.equal((await searched(svc, org, org.keyHeader, 'corrigido')).messages.length, 0, 'a deleted message is not found');
  });

  it("finds nothing of another organization's, and an agent limited to its chats finds only those", async () => {
    const { svc, org } = await started(env);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511955550011', 'orçamento da reforma');
    await createCustomer(svc, org, { name: 'Sérgio Orçamento', email: 'sergio@exemplo.com.br' });
    const other = await svc.seedOrganization({ name: 'Outra' });
    const theirs = await searched(svc, other, other.keyHeader, 'orcamento');
    assert.deepEqual(theirs, { customers: [], chats: [], messages: [] });
    const crossed = await call(svc, 'GET', `/api/${org.organizationId}/search?q=orcamento`, other.keyHeader);
    assert.equal(crossed.status, 403, crossed.text);
    assert.equal(crossed.json.error.code, 'FORBIDDEN');

    const agent = await addMember(svc, org.organizationId, 'Agente');
    assert.equal((await searched(svc, org, agent.keyHeader, 'orcamento')).messages.length, 1, 'agents see all chats by default');
    const patched = await call(svc, 'PATCH', `/api/${org.organizationId}/settings`, org.keyHeader, { agentsSeeAllChats: false });
    assert.ok(patched.status < 300, patched.text);
    const limited = await searched(svc, org, agent.keyHeader, 'orcamento');
    assert.equal(limited.messages.length, 0, 'not its chat');
    assert.equal(limited.chats.length, 0);
    assert.equal(limited.customers.length, 1, 'customers are not narrowed');

    const chatsOnly = await addMember(svc, org.organizationId, 'Leitor', ['chats:read']);
    const narrow = await searched(svc, org, chatsOnly.keyHeader, 'orcamento');
    assert.equal(narrow.customers.length, 0, 'no customers without customers:read');
    const noScope = await addMember(svc, org.organizationId, 'Sem', ['customers:read']);
    const refused = await call(svc, 'GET', `/api/${org.organizationId}/search?q=x`, noScope.keyHeader);
    assert.equal(refused.status, 403, refused.text);
  });

  it("reads only the organization's own matches, however many newer ones another has, also for messages indexed before migration 0048", async () => {
    const { svc, org } = await started(env);
    const other = await svc.seedOrganization({ name: 'Other' });
    const ownIds: string[] = [];
    for (let i = 0; i < 3; i++)
      ownIds.push((await customerWrites(svc, org.channels.whatsapp_zapi, `551195555010${i}`, `garantia ${i}`)).messageId);
    // Migration 0048 made again over messages already written: its index is filled from them.
    const db = svc.db as unknown as Parameters<typeof migrator>[0];
    const down = await migrator(db).migrateTo('0047-message-search-newest-first');
    assert.equal(down.error, undefined);
    assert.equal((await migrateToLatest(db))[0], '0048-message-search-by-organization');
    // The other organization's matches are all newer, and more than a rare word's (on SQLite the
    // organization's term is then what keeps them out).
    const { chatId: otherChat } = await customerWrites(svc, other.channels.whatsapp_zapi, '5511955550200', 'garantia nova');
    const otherChannel = (await svc.db.selectFrom('chats').select('channel_id').where('id', '=', otherChat).executeTakeFirstOrThrow())
      .channel_id;
    const at = new Date().toISOString();
    await svc.db
      .insertInto('messages')
      .values(
        Array.from({ length: 210 }, () => ({
          id: newId(),
          organization_id: other.organizationId,
          chat_id: otherChat,
          channel_id: otherChannel,
          direction: 'inbound',
          recipient: '5511955550200',
          type: 'text',
          content: JSON.stringify({ text: 'garantia nova' }),
          status: 'read',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const found = await messageIdsMatching(svc.db, org.organizationId, ['garantia'], 2);
    assert.deepEqual(
      found.map((m) => m.messageId),
      [ownIds[2], ownIds[1]],
    );
    const theirs = await messageIdsMatching(svc.db, other.organizationId, ['garant'], 300);
    assert.equal(theirs.length, 211);
  });

  it('refuses bad input with a 400 and the envelope', async () => {
    const { svc, org } = await started(env);
    for (const query of ['', '?q=', '?q=%20%20', `?q=${'a'.repeat(201)}`, '?q=x&limit=0', '?q=x&limit=51', '?q=x&other=1']) {
      const res = await call(svc, 'GET', `/api/${org.organizationId}/search${query}`, org.keyHeader);
      assert.equal(res.status, 400, `${query}: ${res.text}`);
      assert.equal(res.json.success, false);
      assert.equal(res.json.error.code, 'VALIDATION_ERROR', query);
    }
    // FTS and tsquery syntax is only text here.
    for (const q of ['"', 'a OR b', 'NEAR(x y)', '*', 'x & y | !z', "o'brien", ':*']) {
      const res = await call(svc, 'GET', `/api/${org.organizationId}/search?q=${encodeURIComponent(q)}`, org.keyHeader);
      assert.equal(res.status, 200, `${q}: ${res.text}`);
    }
  });

  it('reads both indexes through their index (query plans)', async () => {
    const { svc, org } = await started(env);
    const postgres = env.dialect === 'postgres';
    if (postgres) await sql`set enable_seqscan = off`.execute(svc.db);
    const customerPlan = postgres
      ? await sql<{
          'QUERY PLAN': string;
        }>`explain select customer_id from customer_search where organization_id = ${org.organizationId} and body like '%joao%'`.execute(
          svc.db,
        )
      : await sql<{
          detail: string;
        }>`explain query plan select customer_id from customer_search where body match '"joao"' and organization_id = ${org.organizationId}`.execute(
          svc.db,
        );
    const text = (rows: Record<string, string>[]) => rows.map((r) => Object.values(r).join(' ')).join('\n');
    if (postgres) {
      // PostgreSQL's message index: in the next test, where a rare word is read from it.
      assert.match(text(customerPlan.rows), /customer_search_body_trgm/);
      return;
    }
    const messagePlan = await sql<{
      detail: string;
    }>`explain query plan select message_id from message_search where body match '"pedido"' and organization_id = ${org.organizationId} order by rowid desc`.execute(
      svc.db,
    );
    assert.match(text(customerPlan.rows), /VIRTUAL TABLE INDEX/);
    assert.match(text(messagePlan.rows), /VIRTUAL TABLE INDEX/);
  });

  it('answers the newest matching messages whether a word is common, rare or old, as a plain reading of every message would', async () => {
    const { svc, org } = await started(env);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511955550021', 'primeira');
    const chat = await svc.db.selectFrom('chats').select(['channel_id']).where('id', '=', chatId).executeTakeFirstOrThrow();
    // 5,000 messages, oldest first: every one "comum", 1 in 10 "garantia" (1 in 30 "garantias"),
    // 1 in 1,000 "raro", "antigo" in the oldest 50 only, and a number each (many terms start with 1).
    const texts: { id: string; text: string }[] = [];
    for (let i = 0; i < 5000; i++) {
      const words = ['comum', `n${i}`, String(i)];
      if (i % 10 === 0) words.push(i % 30 === 0 ? 'garantias' : 'garantia');
      if (i % 1000 === 7) words.push('raro');
      if (i < 50) words.push('antigo');
      if (i >= 4985) words.push('recente');
      // SQLite's tokenizer keeps this emoji in the word (`comum🤔`): it is not "comum" to its index.
      // (PostgreSQL's parser splits it off: there it is.)
      if (i === 4007 && env.dialect === 'sqlite') words[0] = 'comum🤔';
      texts.push({ id: newId(), text: words.join(' ') });
    }
    for (let first = 0; first < texts.length; first += 250)
      await svc.db
        .insertInto('messages')
        .values(
          texts.slice(first, first + 250).map(({ id, text }) => ({
            id,
            organization_id: org.organizationId,
            chat_id: chatId,
            channel_id: chat.channel_id,
            direction: 'inbound',
            recipient: '5511955550021',
            type: 'text',
            content: JSON.stringify({ text }),
            status: 'read',
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })),
        )
        .execute();
    await sql`analyze`.execute(svc.db);
    // The reference: every message read, newest first; every word whole but the last, a prefix.
    const expected = (q: string, limit: number) => {
      const words = messageWords(q);
      return texts
        .filter(({ text }) => {
          const own = text.split(' ');
          return words.every((w, i) => (i === words.length - 1 ? own.some((o) => o.startsWith(w)) : own.includes(w)));
        })
        .map((t) => t.id)
        .reverse()
        .slice(0, limit);
    };
    for (const q of [
      'comum',
      'garantia',
      'garantias',
      'garant',
      'raro',
      'antigo',
      'comum raro',
      'raro comu',
      'comum 1',
      '4321',
      'nada',
      'garantia 12',
    ])
      for (const limit of [20, 50]) {
        const found = await messageIdsMatching(svc.db, org.organizationId, messageWords(q), limit);
        assert.deepEqual(
          found.map((m) => m.messageId),
          expected(q, limit),
          `${q}, limit ${limit}`,
        );
      }

    // How a common word is read: SQLite asks FTS5 for its whole terms (a prefix is merged whole
    // first); PostgreSQL walks the organization's messages newest first instead of the GIN index.
    // (Other work of the service, such as the event sinks' poll, may run meanwhile: only the search's own statements count.)
    const ofSearch = (statements: CompiledQuery[]) => statements.filter((q) => /message_search/.test(q.sql));
    const statements = ofSearch(await readsWhile(svc.db, () => messageIdsMatching(svc.db, org.organizationId, ['garantia'], 20)));
    if (env.dialect === 'sqlite') {
      // (The statement before it counts the word's entries up to a bound: it is not rare.)
      const search = statements.find((q) => / match /.test(q.sql) && !/count\(\*\)/.test(q.sql));
      assert.ok(search, statements.map((q) => q.sql).join('\n'));
      // Only the organization's entries are read: its term is ANDed with the words (migration 0048).
      assert.ok(
        search.parameters.includes(`organization : "${ftsOrganizationTerm(org.organizationId)}" AND body : (("garantia" OR "garantias"))`),
        JSON.stringify(search.parameters),
      );
      // A word in few messages of the whole index is read alone, without the organization's term or
      // the other words (each a seek into a long list), and the other words are checked on its texts:
      // in the process, but for the one with an emoji joined to a word, checked by the index itself.
      const rareRead = ofSearch(await readsWhile(svc.db, () => messageIdsMatching(svc.db, org.organizationId, ['comum', 'raro'], 20)));
      const rareMatches = rareRead.filter((q) => / match /.test(q.sql)).map((q) => q.parameters[0]);
      assert.deepEqual(
        rareMatches,
        ['body : ("comum")', 'body : (("raro"))', 'body : (("raro"))', 'body : ("comum" AND ("raro"))'],
        rareRead.map((q) => q.sql).join('\n'),
      );
      return;
    }
    // Without seq scans and sorts: 5,000 rows are rightly read whole and sorted; at size the LIMIT
    // favours the index, which is what this checks can serve the walk.
    const planOf = async (query: CompiledQuery) => {
      const client = await svc.deps.database.pgPool!.connect();
      try {
        await client.query('set enable_seqscan = off; set enable_sort = off');
        const { rows } = await client.query(`explain ${query.sql}`, query.parameters as unknown[]);
        return rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      } finally {
        await client.query('reset enable_seqscan; reset enable_sort');
        client.release();
      }
    };
    assert.equal(statements.length, 1, statements.map((q) => q.sql).join('\n'));
    const walk = await planOf(statements[0]!);
    assert.match(walk, /Index Scan Backward using message_search_org_idx/, walk);
    assert.doesNotMatch(walk, /message_search_body_tsv/, walk);
    // A word the walk does not meet is read from the GIN index, past the walk.
    const rare = ofSearch(await statementsWhile(svc.db, () => messageIdsMatching(svc.db, org.organizationId, ['antigo'], 20)));
    const indexed = await planOf(rare.at(-1)!);
    assert.match(indexed, /Bitmap Index Scan on message_search_body_tsv/, indexed);
    // A word met only in the newest messages: once a window meets nothing new, the index answers the
    // rest (it walked on to MAX_WALK, or to the oldest message, before).
    let recent: Awaited<ReturnType<typeof messageIdsMatching>> = [];
    const thinned = ofSearch(
      await statementsWhile(svc.db, async () => void (recent = await messageIdsMatching(svc.db, org.organizationId, ['recente'], 20))),
    );
    assert.equal(recent.length, 15);
    const walks = thinned.filter((q) => /to_tsvector\('simple', w\.body\)/.test(q.sql));
    assert.equal(walks.length, 2, thinned.map((q) => q.sql).join('\n'));
    assert.match(thinned.at(-1)!.sql, /with indexed as materialized/);
  });

  it('a search reads its matches first, then those customers by id, never every customer newest first', async () => {
    const { svc, org } = await started(env);
    const now = new Date().toISOString();
    for (let first = 0; first < 2000; first += 500)
      await svc.db
        .insertInto('customers')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            id: newId(),
            organization_id: org.organizationId,
            name: `Pessoa ${first + i}`,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    await createCustomer(svc, org, { name: 'Joana Rara', contacts: [{ type: 'whatsapp', value: '5511912345678' }] });
    await sql`analyze`.execute(svc.db);
    const queries = await readsWhile(svc.db, async () => assert.deepEqual(await customersFound(svc, org, 'Rara'), ['Joana Rara']));
    const list = queries.find((q) => /from "customers" as "c"/.test(q.sql));
    assert.ok(list, queries.map((q) => q.sql).join('\n'));
    if (env.dialect === 'sqlite') {
      const { rows } = await svc.db.executeQuery<{ detail: string }>({ ...list, sql: `explain query plan ${list.sql}` } as CompiledQuery<{
        detail: string;
      }>);
      assert.match(rows.map((r) => r.detail).join('\n'), /SEARCH c USING INDEX customers_org_id_idx \(organization_id=\? AND id=\?\)/);
      return;
    }
    // With the matches OR-ed beside the order, PostgreSQL walked the customers newest first testing each.
    const { rows } = await svc.deps.database.pgPool!.query(`explain (format json) ${list.sql}`, list.parameters as unknown[]);
    const raw = rows[0]['QUERY PLAN'];
    type Node = { 'Relation Name'?: string; Alias?: string; 'Index Cond'?: string; Plans?: Node[] };
    const nodes = (node: Node): Node[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    const root = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as Node;
    const customers = nodes(root).filter((n) => n['Relation Name'] === 'customers' && n.Alias === 'c');
    assert.ok(customers.length > 0 && customers.every((n) => /\bid = /.test(n['Index Cond'] ?? '')), JSON.stringify(root));
  });

  it("re-reads a customer's contacts through their index when either is written (migration 0044)", async () => {
    const { svc } = await started(env);
    const postgres = env.dialect === 'postgres';
    // What the triggers run: without the organization the contacts' index (organization_id,
    // customer_id) cannot serve it, and every write read every organization's contacts.
    const definitions = postgres
      ? (
          await sql<{ def: string }>`select pg_get_functiondef('customer_search_refresh(text)'::regprocedure) as def`.execute(svc.db)
        ).rows.map((r) => r.def)
      : (
          await sql<{
            def: string;
          }>`select sql as def from sqlite_master where type = 'trigger' and sql like '%customer_contacts cc%'`.execute(svc.db)
        ).rows.map((r) => r.def);
    assert.equal(definitions.length, postgres ? 1 : 5);
    for (const definition of definitions) assert.match(definition, /cc\.organization_id = c\.organization_id and cc\.customer_id = c\.id/);
    if (!postgres) {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select group_concat(cc.value, ' ') from customer_contacts cc where cc.organization_id = 'o' and cc.customer_id = 'c'`.execute(
        svc.db,
      );
      assert.match(plan.rows.map((r) => r.detail).join('\n'), /customer_contacts_customer_idx/);
    }
  });
});
