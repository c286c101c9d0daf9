/**
 * Supervision in the console, in a real browser on SQLite and PostgreSQL (DESIGN §12,
 * docs/console.md): a supervisor opens Reports in pt-BR and in English and sees a chart and the
 * figures the API computes, and downloads a report as CSV; an agent is offered no Reports (nor
 * Settings). The chat list counts down to a near SLA deadline every 30 s (the page's clock is
 * Playwright's, moved by the test) and a closed, rated chat shows its stars. By role and label.
 * With SCREENSHOTS=1 it also writes docs/images/reports-pt-BR.png and reports-en.png.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import { addMember, chatApi, customerWrites } from '../chats/support.js';
import type { SeededOrganization, TestService } from '../support/harness.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, type BrowserHandle } from './browser.js';
import { untranslated } from './i18n-check.js';

/** A member who signs in to the console with PASSWORD. */
async function personWithRole(svc: TestService, organizationId: string, name: string, role: string): Promise<string> {
  const email = `${name.toLowerCase()}-${organizationId.slice(0, 8)}@example.com`;
  const profile = await svc.services.tenancy.createProfile({ name, email, password: PASSWORD });
  await svc.services.tenancy.addMember(organizationId, { profileId: profile.id, role });
  return email;
}

/**
 * Three customers write; Bia (an agent, by API) answers two, closes one, which its customer rates
 * 5 (settings.csat); the third waits. SLA targets of 20 minutes for the first reply and 8 hours to
 * close apply from the start.
 */
async function seeded(svc: TestService) {
  const { org, email: ownerEmail } = await agentOrganization(svc, 'Loja da Ana');
  const settings = await svc.inject({
    method: 'PATCH',
    url: `/api/${org.organizationId}/settings`,
    headers: org.keyHeader,
    payload: { sla: { firstResponseMinutes: 20, resolutionMinutes: 480 }, csat: { enabled: true, message: 'De 1 a 5, como foi?' } },
  });
  assert.equal(settings.statusCode, 200, settings.body);
  const bia = await addMember(svc, org.organizationId, 'Bia');
  const api = chatApi(svc, org, bia.keyHeader);
  const channel = org.channels.whatsapp_zapi;
  const rated = await customerWrites(svc, channel, '5511900001001', 'Meu pedido atrasou');
  const answered = await customerWrites(svc, channel, '5511900001002', 'Vocês abrem sábado?');
  const waiting = await customerWrites(svc, channel, '5511900001003', 'Preciso de ajuda urgente');
  for (const chatId of [rated.chatId, answered.chatId]) {
    const sent = await api.reply(chatId, { type: 'text', content: 'Olá! Já vejo isso.' });
    assert.equal(sent.status, 201, sent.text);
  }
  for (const to of ['await_closing', 'closed']) assert.equal((await api.status(rated.chatId, to)).status, 200);
  const rating = await customerWrites(svc, channel, '5511900001001', '5');
  assert.equal(rating.chatId, rated.chatId, 'the rating went into the closed chat');
  return { org, ownerEmail, bia, rated: rated.chatId, answered: answered.chatId, waiting: waiting.chatId };
}

async function signIn(page: Page, url: string, email: string, pt: boolean) {
  await page.goto(`${url}/app/`);
  await page.getByLabel(pt ? 'E-mail' : 'Email').fill(email);
  await page.getByLabel(pt ? 'Senha' : 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: pt ? 'Entrar' : 'Sign in' }).click();
  await page.getByRole('tab', { name: pt ? /Pendentes/ : /Pending/ }).waitFor();
}

async function localizedPage(handle: BrowserHandle, locale: string) {
  const context = await handle.browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale,
    timezoneId: 'America/Sao_Paulo',
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** The totals a report card writes as text: `{ term: value }`. */
function totalsOf(card: Locator): Promise<Record<string, string>> {
  return card
    .locator('dl')
    .evaluate((dl) =>
      Object.fromEntries(
        [...dl.querySelectorAll('div')].map((pair) => [pair.querySelector('dt')!.textContent, pair.querySelector('dd')!.textContent]),
      ),
    );
}

async function reportTotal(svc: TestService, org: SeededOrganization, kind: string) {
  const res = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/reports/${kind}?groupBy=day`, headers: org.keyHeader });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.total as Record<string, number | null>;
}

const SCREENSHOTS = !!process.env.SCREENSHOTS;
/** Seeded names and figures, the same in both languages. */
const DATA = [/Customer \d+/, /\b(Loja da Ana|Bia|Supervisora|Tester)\b/, /\S+@\S+/, /^CSV$/, /^CSAT/];

describeInBrowser('agent console, reports and supervision', (handle) => {
  it('a supervisor reads the reports in pt-BR and English and downloads CSV; an agent is offered none', async () => {
    const { svc } = handle;
    const { org, answered, waiting } = await seeded(svc);
    const supervisor = await personWithRole(svc, org.organizationId, 'Supervisora', 'supervisor');
    const agent = await personWithRole(svc, org.organizationId, 'Caio', 'agent');
    const conversations = await reportTotal(svc, org, 'conversations');
    const satisfaction = await reportTotal(svc, org, 'satisfaction');
    assert.equal(conversations.opened, 3);
    assert.equal(satisfaction.rated, 1);

    const { context, page } = await localizedPage(handle, 'pt-BR');
    try {
      await signIn(page, svc.url, supervisor, true);
      assert.equal(await page.getByRole('link', { name: 'Configurações' }).count(), 0, 'a supervisor manages no settings');
      await page.getByRole('link', { name: 'Relatórios' }).click();
      await page.getByRole('heading', { name: 'Relatórios', level: 1 }).waitFor();
      const card = page.getByRole('region', { name: 'Conversas' });
      await card.getByRole('img', { name: 'Gráfico de Conversas, por Dia' }).waitFor();
      assert.equal(await card.locator('canvas').count(), 1, 'chart.js draws on a canvas');
      await card.getByText('Abertas', { exact: true }).waitFor();
      const totals = await totalsOf(card);
      assert.equal(totals.Abertas, '3');
      assert.equal(totals.Encerradas, '1');
      const csat = page.getByRole('region', { name: 'Satisfação' });
      await csat.getByText('Avaliações', { exact: true }).waitFor();
      assert.deepEqual(await totalsOf(csat), { Avaliações: '1', Média: '5', 'CSAT (4 e 5)': '100%' });
      const agents = page.getByRole('region', { name: 'Atendentes' });
      await agents.getByRole('rowheader', { name: 'Bia' }).waitFor();
      const firstResponse = await totalsOf(page.getByRole('region', { name: 'Primeira resposta' }));
      assert.equal(firstResponse.Conversas, '2', 'two chats answered');
      assert.deepEqual(await untranslated(page, DATA), [], 'no English left on the page');
      if (SCREENSHOTS) {
        fs.mkdirSync('docs/images', { recursive: true });
        await page.screenshot({ path: 'docs/images/reports-pt-BR.png', fullPage: true });
      }

      // CSV, fetched with the session and saved as a file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        card.getByRole('button', { name: 'Baixar CSV: Conversas' }).click(),
      ]);
      assert.match(download.suggestedFilename(), /^conversations-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs
        .readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r?\n/);
      assert.equal(csv[0], 'key,opened,closed,reopened,slaFirstResponseBreached,slaResolutionBreached');
      assert.equal(csv.at(-1), 'total,3,1,0,0,0');
      assert.equal(csv.length, 32, 'header, 30 days, total');

      // Filters: another grouping asks again; the chart follows.
      await page.getByLabel(/^Agrupar por/).selectOption({ label: 'Atendente' });
      await card.getByRole('img', { name: 'Gráfico de Conversas, por Atendente' }).waitFor();
      await page.getByLabel(/^Período/).selectOption({ label: 'Últimos 7 dias' });
      await card.getByRole('img', { name: 'Gráfico de Conversas, por Atendente' }).waitFor();
      assert.equal((await totalsOf(card)).Abertas, '3');

      // The same page in English, without a reload; the dates follow the language's order.
      const [day, month, year] = (await page.getByLabel('De', { exact: true }).inputValue()).split('/');
      await page.getByLabel('Idioma').selectOption('en');
      await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
      assert.equal(await page.getByLabel('From', { exact: true }).inputValue(), `${month}/${day}/${year}`);
      await page.getByLabel(/^Group by/).selectOption({ label: 'Day' });
      const english = page.getByRole('region', { name: 'Conversations' });
      await english.getByRole('img', { name: 'Conversations chart, by Day' }).waitFor();
      assert.equal((await totalsOf(english)).Opened, '3');
      assert.deepEqual(await totalsOf(page.getByRole('region', { name: 'Satisfaction' })), {
        Ratings: '1',
        Average: '5',
        'CSAT (4 and 5)': '100%',
      });
      await page
        .getByRole('region', { name: 'Messages by source' })
        .getByRole('img', { name: 'Messages by source chart, by Day' })
        .waitFor();
      if (SCREENSHOTS) await page.screenshot({ path: 'docs/images/reports-en.png', fullPage: true });
    } finally {
      await context.close();
    }

    // An agent: no Reports nor Settings in the menu, and the address alone shows no report.
    const { context: agentContext, page: agentPage } = await newPage(handle);
    try {
      await signIn(agentPage, svc.url, agent, false);
      assert.equal(await agentPage.getByRole('link', { name: 'Reports' }).count(), 0);
      assert.equal(await agentPage.getByRole('link', { name: 'Settings' }).count(), 0);
      await agentPage.goto(`${svc.url}/app/o/${org.organizationId}/reports`);
      await agentPage.getByText('Reports are for supervisors, administrators and owners.').waitFor();
      assert.equal(await agentPage.locator('canvas').count(), 0);
      // Reassigning: a chat Bia holds cannot be moved by an agent; an unheld one only taken.
      await agentPage.goto(`${svc.url}/app/o/${org.organizationId}/inbox/${answered}`);
      await agentPage.getByRole('log', { name: 'Messages' }).getByText('Vocês abrem sábado?').waitFor();
      assert.equal(
        await agentPage
          .getByRole('group', { name: 'Chat actions' })
          .getByLabel(/^Assignee/)
          .isDisabled(),
        true,
      );
      assert.equal(await agentPage.getByRole('group', { name: 'Chat actions' }).getByLabel(/^Team/).isDisabled(), true);
      await agentPage.getByRole('tab', { name: /Pending/ }).click();
      await chatRow(agentPage, 'Customer 5511900001003').click();
      await agentPage.getByRole('log', { name: 'Messages' }).getByText('Preciso de ajuda urgente').waitFor();
      const assignee = agentPage.getByRole('group', { name: 'Chat actions' }).getByLabel(/^Assignee/);
      assert.equal(await assignee.isDisabled(), false);
      assert.deepEqual(await assignee.locator('option').allTextContents(), ['Unassigned', 'Caio']);
      assert.equal(agentPage.url(), `${svc.url}/app/o/${org.organizationId}/inbox/${waiting}`);
    } finally {
      await agentContext.close();
    }
  });

  it('counts down to a near SLA deadline every 30 s, then says overdue; a rated closed chat shows its stars', async () => {
    const { svc } = handle;
    const { ownerEmail } = await seeded(svc);
    const { context, page } = await localizedPage(handle, 'en-US');
    try {
      // The page's clock starts now and moves only as the test says (timers and Date alike).
      await page.clock.install({ time: new Date() });
      await signIn(page, svc.url, ownerEmail, false);
      const waiting = chatRow(page, 'Customer 5511900001003');
      await waiting.waitFor();
      const name = async () => (await waiting.getAttribute('aria-label')) ?? '';
      assert.match(await name(), /^Customer 5511900001003, 1 unread, First reply due in (20|19) min$/);
      const badge = waiting.getByRole('img', { name: /First reply due in/ });
      assert.match((await badge.textContent()) ?? '', /⏱ (20|19) min/);

      await page.clock.fastForward(15 * 60_000);
      await waiting.getByRole('img', { name: /First reply due in (5|4) min/ }).waitFor();
      // Seconds of real time passed since the customer wrote: overdue by 1 minute and those seconds.
      await page.clock.fastForward(6 * 60_000);
      await waiting.getByRole('img', { name: /^First reply overdue by (1|2) min$/ }).waitFor();
      assert.equal(await waiting.locator('.sla-overdue').textContent(), '⏱ overdue');
      assert.match(await name(), /, First reply overdue by (1|2) min$/);

      // Answered in time: the first-reply target is met, and the resolution is hours away.
      await page.getByRole('tab', { name: /In progress/ }).click();
      const answered = chatRow(page, 'Customer 5511900001002');
      await answered.waitFor();
      assert.equal(await answered.locator('.sla-badge').count(), 0);
      assert.equal(await answered.getAttribute('aria-label'), 'Customer 5511900001002, 1 unread', 'no SLA in its name');

      await page.getByRole('tab', { name: /Closed/ }).click();
      const rated = chatRow(page, 'Customer 5511900001001');
      await rated.getByRole('img', { name: 'Customer rating: 5 of 5' }).waitFor();
      await rated.click();
      await page.locator('.chat-header').getByRole('img', { name: 'Customer rating: 5 of 5' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
