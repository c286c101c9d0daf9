/**
 * The agent console in headless Chromium (docs/console.md "Figures"):
 * - inbox first paint with CHATS chats (default 10,000): from navigation to the first chat row on
 *   screen, and how many rows the page holds (the list is virtualized);
 * - opening a chat (a click → its message shown) and searching (typed → the customer listed);
 * - event commit → visible: a customer's message (sandbox callback) until its text shows in the
 *   open chat, measured from the `message.received` event's time in the log (written in the
 *   transaction that commits it) to the moment a MutationObserver in the page sees the text.
 * Needs Debian's chromium (or CHROMIUM_PATH) and the console build.
 */
import { benchDatabases, startService, type Scenario } from '../lib.js';
import type { Runtime } from '../../src/runtime.js';
import { newId } from '../../src/lib/ids.js';
import { CHROMIUM_FLAGS, findChromium } from '../../test/console/chromium.js';

const CHATS = Number(process.env.BENCH_CONSOLE_CHATS ?? 10_000);
const PROBES = Number(process.env.BENCH_CONSOLE_PROBES ?? 50);
const BATCH = 500;
const PASSWORD = 'bench console password';

async function seed(runtime: Runtime) {
  const { tenancy, channels } = runtime.services;
  const org = await tenancy.createOrganization({ name: 'Console bench', plan: 'enterprise' });
  const email = `agent-${org.id}@example.com`;
  const profile = await tenancy.createProfile({ name: 'Agent', email, password: PASSWORD });
  await tenancy.addMember(org.id, { profileId: profile.id, role: 'owner' });
  const channel = await channels.create(org.id, { kind: 'whatsapp_zapi', name: 'WhatsApp', config: { sandbox: true } });
  const now = new Date().toISOString();
  await runtime.deps.db.transaction().execute(async (trx) => {
    for (let start = 0; start < CHATS; start += BATCH) {
      const customers = [];
      const chats = [];
      const messages = [];
      const contacts = [];
      for (let i = start; i < Math.min(start + BATCH, CHATS); i++) {
        const customerId = newId();
        const chatId = newId();
        const contact = String(5511800000000 + i);
        const base = { organization_id: org.id, created_at: now, updated_at: now };
        customers.push({
          ...base,
          id: customerId,
          name: `Customer ${i}`,
          email: null,
          document: null,
          country: null,
          person_type: null,
          sale_price: null,
          stage_id: null,
          stage_order: null,
        });
        chats.push({
          ...base,
          id: chatId,
          channel_id: channel.id,
          customer_id: customerId,
          contact,
          status: 'pending',
          team_id: null,
          assignee_profile_id: null,
          collaborator_profile_ids: '[]',
          response_flow_id: null,
          closed_at: null,
          // The customer wrote (the message below): the Pending tab is the queue of such chats.
          last_inbound_at: now,
        });
        contacts.push({
          id: newId(),
          organization_id: org.id,
          customer_id: customerId,
          type: 'whatsapp',
          value: `+${contact}`,
          match_key: contact,
          label: null,
          created_at: now,
        });
        messages.push({
          ...base,
          id: newId(),
          chat_id: chatId,
          channel_id: channel.id,
          direction: 'inbound',
          recipient: contact,
          type: 'text',
          content: JSON.stringify({ text: `Hello, this is customer ${i}` }),
          status: 'delivered',
          provider_message_id: `bench-${chatId}`,
          error_code: null,
          error_message: null,
          sequence_id: null,
          sequence_index: null,
          temp_id: null,
          sender_profile_id: null,
        });
      }
      await trx.insertInto('customers').values(customers).execute();
      await trx.insertInto('customer_contacts').values(contacts).execute();
      await trx.insertInto('chats').values(chats).execute();
      await trx.insertInto('messages').values(messages).execute();
    }
  });
  return { organizationId: org.id, email, channelId: channel.id };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function runOn(label: string, database: ReturnType<ReturnType<typeof benchDatabases>[number]['config']>, executablePath: string) {
  const { runtime, url } = await startService(database, { ORG_API_RATE_LIMIT: '1000000' });
  // Loaded here, not with the module: every scenario's module is loaded for any run of the bench.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const { organizationId, email, channelId } = await seed(runtime);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${url}/app/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('list', { name: 'Chats' }).getByRole('link').first().waitFor();

    // First paint of the inbox: navigation start → the first row in the page (five loads, warm cache).
    await context.addInitScript(() => {
      const w = window as unknown as { firstRowAt?: number };
      new MutationObserver((_m, observer) => {
        if (document.querySelector('ul[aria-label="Chats"] a')) {
          w.firstRowAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const paints: number[] = [];
    let rowsInPage = 0;
    for (let i = 0; i < 5; i++) {
      await page.goto(`${url}/app/o/${organizationId}/inbox`);
      await page.getByRole('list', { name: 'Chats' }).getByRole('link').first().waitFor();
      paints.push(await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt));
      rowsInPage = await page.getByRole('list', { name: 'Chats' }).getByRole('link').count();
    }
    paints.sort((a, b) => a - b);

    // Opening a chat: a click on a row → its latest message in the log (ten rows down the list).
    const list = page.getByRole('list', { name: 'Chats' });
    const log = page.getByRole('log', { name: 'Messages' });
    const opens: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const row = list.getByRole('link').nth(i);
      const customer = /Customer (\d+)\b/.exec(await row.innerText())?.[1];
      if (!customer) throw new Error('a chat row without its customer');
      const started = performance.now();
      await row.click();
      await log.getByText(`Hello, this is customer ${customer}`, { exact: true }).waitFor();
      opens.push(performance.now() - started);
    }
    opens.sort((a, b) => a - b);

    // Search: the last key typed → the customer listed under "Chats found" (the box waits
    // DEBOUNCE_MS = 250 ms of quiet before it asks, included here as an agent lives it).
    const box = page.getByLabel('Search', { exact: true });
    const searches: number[] = [];
    for (let i = 0; i < 10; i++) {
      const wanted = Math.floor((i + 0.5) * (CHATS / 10));
      await box.fill('');
      const started = performance.now();
      // By a partial phone (the last nine digits), as an agent with a number in hand searches.
      await box.fill(String(5511800000000 + wanted).slice(-9));
      await page
        .getByRole('list', { name: 'Chats found' })
        .getByText(new RegExp(`Customer ${wanted}\\b`))
        .first()
        .waitFor();
      searches.push(performance.now() - started);
    }
    await box.fill('');
    searches.sort((a, b) => a - b);

    // Event commit → visible, in the open chat.
    await page.getByRole('list', { name: 'Chats' }).getByRole('link').first().click();
    await page.getByRole('log', { name: 'Messages' }).waitFor();
    const contact = await page.evaluate(() => document.querySelector('.chat-header p')?.textContent?.split(' · ')[1] ?? '');
    await page.evaluate(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('ol[aria-label="Messages"] .text')) {
          const text = node.textContent ?? '';
          if (text.startsWith('probe-') && !(text in seen)) seen[text] = Date.now();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const latencies: number[] = [];
    for (let i = 0; i < PROBES; i++) {
      const text = `probe-${i}`;
      await fetch(`${url}/channels/${channelId}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'message', message_id: `probe-${newId()}`, from: contact, type: 'text', content: { text } }),
      });
      await page.waitForFunction((t) => t in (window as unknown as { seen: Record<string, number> }).seen, text, { timeout: 10_000 });
      const visibleAt = await page.evaluate((t) => (window as unknown as { seen: Record<string, number> }).seen[t]!, text);
      const events = await runtime.deps.db
        .selectFrom('events')
        .select(['payload', 'created_at'])
        .where('organization_id', '=', organizationId)
        .where('type', '=', 'message.received')
        .orderBy('seq', 'desc')
        .limit(5)
        .execute();
      const event = events.find((e) => e.payload.includes(`"${text}"`));
      if (event) latencies.push(visibleAt - Date.parse(String(event.created_at)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    latencies.sort((a, b) => a - b);
    console.log(`\n## console (${label}): ${CHATS} chats`);
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(
      `| inbox first paint (navigation → first row), median of 5 / worst | ${paints[2]!.toFixed(0)} ms / ${paints[4]!.toFixed(0)} ms |`,
    );
    console.log(`| chat rows in the page (virtualized) | ${rowsInPage} |`);
    console.log(
      `| open a chat (click → its message shown), median of 10 / worst | ${opens[5]!.toFixed(0)} ms / ${opens[9]!.toFixed(0)} ms |`,
    );
    console.log(
      `| search (typed → customer listed, with the 250 ms pause), median of 10 / worst | ${searches[5]!.toFixed(0)} ms / ${searches[9]!.toFixed(0)} ms |`,
    );
    console.log(
      `| event commit → visible in the open chat, ${latencies.length} messages, p50 / p99 | ${percentile(latencies, 50)} ms / ${percentile(latencies, 99)} ms |`,
    );
  } finally {
    await browser.close();
    await runtime.close(2000);
  }
}

export const consoleScenario: Scenario = {
  name: 'console',
  description: 'agent console in Chromium with 10,000 chats: inbox first paint, open a chat, search, event commit → visible p50/p99',
  async run() {
    const executablePath = findChromium();
    if (!executablePath) {
      console.log('\n## console: skipped (no Chromium: apt-get install chromium-headless-shell, or set CHROMIUM_PATH)');
      return;
    }
    for (const { label, config } of benchDatabases()) await runOn(label, config(), executablePath);
  },
};
