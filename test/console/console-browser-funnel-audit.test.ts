/**
 * The funnel's values, the template preview, translated errors, the notification sound and the
 * audit page in a real browser (DESIGN §11, §14; docs/console.md), on SQLite and PostgreSQL, in
 * pt-BR and English, by role and label. With SCREENSHOTS=1 it also writes docs/images/funnel-*.png
 * and audit-*.png.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import { addMember, customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, describeInBrowser, type BrowserHandle } from './browser.js';
import { untranslated } from './i18n-check.js';

const SHOTS = !!process.env.SCREENSHOTS;

async function localizedPage(handle: BrowserHandle, locale: string) {
  const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

const PT = { email: 'E-mail', password: 'Senha', submit: 'Entrar', tab: 'Pendentes' };
const EN = { email: 'Email', password: 'Password', submit: 'Sign in', tab: 'Pending' };

async function signIn(page: Page, url: string, email: string, labels: typeof PT) {
  await page.goto(`${url}/app/`);
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.getByRole('tab', { name: labels.tab }).waitFor();
}

/** Records the beeps the console makes (WebAudio stubbed) and lets the test hide the tab. */
const RECORD_SOUND = `
  window.__beeps = 0;
  window.__hidden = false;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (window.__hidden ? 'hidden' : 'visible') });
  window.AudioContext = class {
    constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }; }
    createOscillator() {
      return { type: '', frequency: { setValueAtTime() {} }, connect() {}, start() { window.__beeps += 1; }, stop() {} };
    }
  };
`;

/** Seeded data and code-like names (actions, resources, ids, addresses) that are the same in both languages. */
const DATA = [
  /Customer \d+/,
  /\b(Loja da Ana|Bruna Quadro|Lead|Proposta|pedido_enviado|Olá Ana, seu pedido 4521 saiu\.|Any news\?)/,
  /\S+@\S+/,
  /\b[a-z-]+(\.[a-z-]+)+\b/,
  /\b(customer|chat|stage_id|sale_price|name|message|contacts|tags|funnel)\b/,
  /[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/,
  /\b[0-9a-f]{8}\b/,
  /127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/,
  /\(pt_BR\)/,
];

async function seeded(handle: BrowserHandle) {
  const { svc } = handle;
  const { org, email } = await agentOrganization(svc, 'Loja da Ana');
  const admin = (url: string, body: unknown) => svc.admin('POST', `/organizations/${org.organizationId}${url}`, body);
  const api = (method: 'POST' | 'GET' | 'PUT', url: string, payload?: unknown) =>
    svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
  const lead = (await admin('/stages', { name: 'Lead', position: 1 })).json().data.id as string;
  const proposal = (await admin('/stages', { name: 'Proposta', position: 2 })).json().data.id as string;
  const board = await api('POST', '/customers', {
    name: 'Bruna Quadro',
    contacts: [{ type: 'whatsapp', value: '5511933334444' }],
    stageId: proposal,
    salePrice: 1299.9,
  });
  assert.equal(board.statusCode, 201, board.body);
  return { org, email, api, lead, proposal, brunaId: board.json().data.id as string };
}

describeInBrowser('agent console, funnel values, template preview and audit log', (handle) => {
  it('in pt-BR: types a sale price, previews and sends a template, sums the funnel, opens a card, reads the audit log', async () => {
    const { svc } = handle;
    const { org, email, api, proposal } = await seeded(handle);
    const channelId = org.channels.whatsapp_official;
    await svc.services.templates.create(org.organizationId, {
      channelId,
      name: 'pedido_enviado',
      language: 'pt_BR',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu.' } as { type: string }],
    });
    const { chatId } = await customerWrites(svc, channelId, '5511944440000', 'Any news?');
    const customerId = (await api('GET', `/chats/${chatId}`)).json().data.customerId as string;
    const customer = async () =>
      (await api('GET', `/customers/${customerId}`)).json().data as { salePrice: number | null; stageId: string };

    const { context, page } = await localizedPage(handle, 'pt-BR');
    const problems: string[] = [];
    const check = async (where: string) => problems.push(...(await untranslated(page, DATA)).map((p) => `${where}: ${p}`));
    try {
      await signIn(page, svc.url, email, PT);
      await page
        .getByRole('list', { name: 'Conversas' })
        .getByRole('link', { name: /Customer 5511944440000/ })
        .click();
      const panel = page.getByRole('complementary', { name: 'Cliente' });
      await panel.getByLabel('Etapa do funil').selectOption({ label: 'Proposta' });
      await waitFor(customer, (c) => c.stageId === proposal);
      // A value typed the Brazilian way is read as such (not 1.5005 nor 150050).
      await panel.getByLabel('Preço de venda (BRL)').fill('1.500,50');
      await panel.getByLabel('Preço de venda (BRL)').blur();
      assert.equal((await waitFor(customer, (c) => c.salePrice === 1500.5)).salePrice, 1500.5);

      // The template's body, filled as the variables are typed, before sending.
      await page.getByRole('combobox', { name: /^Modelo/ }).selectOption({ label: 'pedido_enviado (pt_BR)' });
      const preview = page.getByRole('figure', { name: 'Prévia' });
      await page.getByLabel('Variável 1').fill('Ana');
      await preview.getByText('Olá Ana, seu pedido {{2}} saiu.').waitFor();
      assert.ok(await page.getByRole('button', { name: 'Enviar modelo' }).isDisabled(), 'not with {{2}} blank');
      await page.getByLabel('Variável 2').fill('4521');
      await preview.getByText('Olá Ana, seu pedido 4521 saiu.').waitFor();
      await check('template preview');
      await page.getByRole('button', { name: 'Enviar modelo' }).click();
      // The bubble shows the filled text; the picker is empty again, so a second click sends nothing.
      const log = page.getByRole('log', { name: 'Mensagens' });
      await log.getByText('Olá Ana, seu pedido 4521 saiu.').waitFor();
      await log.getByText('Modelo pedido_enviado').waitFor();
      assert.equal(await page.getByRole('combobox', { name: /^Modelo/ }).inputValue(), '');
      assert.ok(await page.getByRole('button', { name: 'Enviar modelo' }).isDisabled());
      await preview.waitFor({ state: 'detached' });
      const templates = async () =>
        ((await api('GET', `/chats/${chatId}/messages`)).json().data as { type: string }[]).filter((m) => m.type === 'template');
      assert.equal((await templates()).length, 1);

      // The board: each card's value and each column's count and total, in R$.
      await page.getByRole('link', { name: 'Funil' }).click();
      const column = page.getByRole('region', { name: /^Proposta/ });
      await column.getByText('R$ 1.299,90', { exact: true }).waitFor();
      await column.getByText('R$ 1.500,50', { exact: true }).waitFor();
      await column.getByText('Total R$ 2.800,40').waitFor();
      assert.match((await page.getByRole('heading', { name: /^Proposta/ }).innerText()).replace(/\s+/g, ' '), /Proposta 2/);
      await page.getByRole('region', { name: /^Lead/ }).getByText('Total R$ 0,00').waitFor();
      await check('funnel');
      if (SHOTS) await page.screenshot({ path: 'docs/images/funnel-pt-BR.png' });

      // A card without a conversation says so; one with a chat opens it, with the customer beside it.
      await page.getByRole('button', { name: 'Abrir a conversa com Bruna Quadro' }).click();
      await page.getByRole('status').getByText('Ainda não há conversa com Bruna Quadro.').waitFor();
      await page.getByRole('button', { name: 'Abrir a conversa com Customer 5511944440000' }).click();
      await page.waitForURL((url) => url.pathname.endsWith(`/inbox/${chatId}`));
      await log.getByText('Any news?').waitFor();
      await panel.getByLabel('Preço de venda (BRL)').waitFor();

      // The audit log shows the owner's sale price change: who, from where, before → after.
      await page.getByRole('link', { name: 'Auditoria' }).click();
      const row = page.getByRole('row').filter({ hasText: 'customer.updated' });
      await row.waitFor();
      const text = await row.innerText();
      assert.match(text, /127\.0\.0\.1/);
      assert.match(text, /sale_price/);
      assert.match(text, /1500\.5/);
      const owner = (await svc.services.tenancy.getProfile(org.profileId)).name;
      assert.ok(text.includes(owner), `${owner} in ${text}`);
      await page.getByRole('row').filter({ hasText: 'customer.stage' }).waitFor();
      await check('audit');
      if (SHOTS) await page.screenshot({ path: 'docs/images/audit-pt-BR.png', fullPage: true });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('in English: moves a valued card, filters the audit log, refuses a bad period in words, beeps when hidden; an agent has no audit page', async () => {
    const { svc } = handle;
    const { org, email, brunaId, lead } = await seeded(handle);
    const { context, page } = await localizedPage(handle, 'en-US');
    await context.addInitScript(RECORD_SOUND);
    try {
      await signIn(page, svc.url, email, EN);
      await page.getByRole('link', { name: 'Funnel' }).click();
      const proposal = page.getByRole('region', { name: /^Proposta/ });
      await proposal.getByText('R$1,299.90', { exact: true }).waitFor();
      await proposal.getByText('Total R$1,299.90').waitFor();
      // Moved by keyboard to Lead: the totals follow.
      await page.getByRole('listitem', { name: /Bruna Quadro/ }).focus();
      await page.keyboard.press('ArrowLeft');
      const leadColumn = page.getByRole('region', { name: /^Lead/ });
      await leadColumn.getByText('Total R$1,299.90').waitFor();
      await proposal.getByText('Total R$0.00').waitFor();
      await waitFor(
        async () =>
          (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/customers/${brunaId}`, headers: org.keyHeader })).json().data
            .stageId,
        (id) => id === lead,
      );
      if (SHOTS) await page.screenshot({ path: 'docs/images/funnel-en.png' });

      await page.getByRole('link', { name: 'Audit log' }).click();
      const stageRow = page.getByRole('row').filter({ hasText: 'customer.stage' });
      await stageRow.waitFor();
      // The stages by name: what an owner reads, not their ids.
      assert.match(await stageRow.innerText(), /stage_id: Proposta → Lead/);
      // Filtered by action: only the move (the customer's creation by key is left out).
      await page.getByLabel('Action').fill('customer.stage');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page.getByRole('row').filter({ hasText: 'customer.created' }).waitFor({ state: 'detached' });
      await stageRow.waitFor();
      assert.equal(await page.getByRole('row').filter({ hasText: 'customer.stage' }).count(), 1);
      if (SHOTS) await page.screenshot({ path: 'docs/images/audit-en.png', fullPage: true });
      // A period that ends before it starts: the service's 400, in words.
      await page.getByLabel('From').fill('12/31/2030');
      await page.getByLabel('Until').fill('01/01/2030');
      await page.getByRole('button', { name: 'Filter' }).click();
      await page
        .getByRole('alert')
        .getByText('Could not load the audit log: Some values were not accepted (from). Check them and try again.')
        .waitFor();

      // The sound: off until turned on (the click beeps once), then a customer's message beeps while the tab is hidden.
      assert.equal(await page.evaluate(() => (window as unknown as { __beeps: number }).__beeps), 0);
      await page.getByRole('checkbox', { name: 'Sound on new messages' }).check();
      assert.equal(await page.evaluate(() => localStorage.getItem('conversa.sound')), 'on');
      await page.evaluate(() => ((window as unknown as { __hidden: boolean }).__hidden = true));
      await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000777', 'Alguém aí?');
      await page.waitForFunction(() => (window as unknown as { __beeps: number }).__beeps >= 2);
    } finally {
      await context.close();
    }

    // An agent sees no audit link, and the page itself answers the service's refusal in Portuguese.
    const agent = await addMember(svc, org.organizationId, 'Agente');
    const { password_hash } = await svc.db
      .selectFrom('profiles')
      .select('password_hash')
      .where('id', '=', org.profileId)
      .executeTakeFirstOrThrow();
    await svc.db.updateTable('profiles').set({ password_hash }).where('id', '=', agent.profileId).execute();
    const agentEmail = (await svc.services.tenancy.getProfile(agent.profileId)).email;
    const second = await localizedPage(handle, 'pt-BR');
    try {
      await signIn(second.page, svc.url, agentEmail, PT);
      const nav = second.page.getByRole('navigation', { name: 'Principal' });
      await nav.getByRole('link', { name: 'Funil' }).waitFor();
      assert.equal(await nav.getByRole('link', { name: 'Auditoria' }).count(), 0);
      await second.page.goto(`${svc.url}/app/o/${org.organizationId}/audit`);
      await second.page
        .getByRole('alert')
        .getByText('Não foi possível carregar a auditoria: Você não tem permissão para fazer isso. Peça a um administrador da organização.')
        .waitFor();
    } finally {
      await second.context.close();
    }
  });
});
