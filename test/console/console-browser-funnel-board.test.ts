/**
 * The funnel board's `New customer` and its `Tag` and `Agent` filters in a real browser (DESIGN §11;
 * docs/console.md), on SQLite and PostgreSQL, in pt-BR and English, by role and label: a customer
 * added to a chosen stage (stored there), refusals in the agent's language (nothing typed, a number
 * that is not one, a contact another customer holds), and the columns, counts and totals narrowed
 * to a tag's customers, to a member's (a chat assigned to them), and to both.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import { addMember } from '../chats/support.js';
import { insertChat } from '../customers/crm-fixtures.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, describeInBrowser, type BrowserHandle } from './browser.js';
import { untranslated } from './i18n-check.js';

async function localizedPage(handle: BrowserHandle, locale: string) {
  const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

const PT = { email: 'E-mail', password: 'Senha', submit: 'Entrar', tab: 'Pendentes', funnel: 'Funil' };
const EN = { email: 'Email', password: 'Password', submit: 'Sign in', tab: 'Pending', funnel: 'Funnel' };

async function openBoard(page: Page, url: string, email: string, labels: typeof PT) {
  await page.goto(`${url}/app/`);
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.getByRole('tab', { name: labels.tab }).waitFor();
  await page.getByRole('link', { name: labels.funnel }).click();
}

/** Seeded names and code-like text, the same in both languages. */
const DATA = [/\b(Loja da Ana|Bruna Quadro|Caio Funil|Duda Lista|Elisa Nova|Bia|Tester|Lead|Proposta|VIP)\b/, /\S+@\S+/, /\+55[\d\s-]+/];

/**
 * Two stages, a tag, a second member, and three customers: Bruna (Proposta, VIP, a chat of Bia's),
 * Caio (Lead, a chat of the owner's), Duda (Lead, VIP, no chat).
 */
async function seeded(handle: BrowserHandle) {
  const { svc } = handle;
  const { org, email } = await agentOrganization(svc, 'Loja da Ana');
  const admin = (url: string, body: unknown) => svc.admin('POST', `/organizations/${org.organizationId}${url}`, body);
  const api = (method: 'POST' | 'GET', url: string, payload?: unknown) =>
    svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
  const lead = (await admin('/stages', { name: 'Lead', position: 1 })).json().data.id as string;
  const proposal = (await admin('/stages', { name: 'Proposta', position: 2 })).json().data.id as string;
  const vip = (await api('POST', '/tags', { name: 'VIP', color: '#aa0000' })).json().data.id as string;
  const bia = await addMember(svc, org.organizationId, 'Bia');
  const customer = async (name: string, phone: string, stageId: string, salePrice: number, tags: string[] = []) => {
    const res = await api('POST', '/customers', {
      name,
      contacts: [{ type: 'whatsapp', value: phone }],
      stageId,
      salePrice,
      selectedTags: tags,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json().data.id as string;
  };
  const assigned = async (customerId: string, profileId: string, contact: string) => {
    const chatId = await insertChat(svc, org, customerId);
    await svc.db.updateTable('chats').set({ assignee_profile_id: profileId, contact }).where('id', '=', chatId).execute();
  };
  await assigned(await customer('Bruna Quadro', '5511933334444', proposal, 1000, [vip]), bia.profileId, '5511933334444');
  await assigned(await customer('Caio Funil', '5511933335555', lead, 200), org.profileId, '5511933335555');
  await customer('Duda Lista', '5511933336666', lead, 30, [vip]);
  const stageOf = async (name: string) =>
    ((await api('GET', `/customers?q=${encodeURIComponent(name)}`)).json().data as { name: string; stageId: string }[]).find(
      (c) => c.name === name,
    )?.stageId;
  return { org, email, lead, proposal, stageOf };
}

/** The names of the cards on the board, sorted. */
async function cardNames(page: Page) {
  const names = await page.locator('.card strong').allInnerTexts();
  return names.sort();
}

async function showsCards(page: Page, expected: string[]) {
  await page.waitForFunction(
    (want) => JSON.stringify([...document.querySelectorAll('.card strong')].map((e) => e.textContent).sort()) === want,
    JSON.stringify([...expected].sort()),
  );
  assert.deepEqual(await cardNames(page), [...expected].sort());
}

describeInBrowser('agent console, funnel board: new customer and filters', (handle) => {
  it('in pt-BR: filters by etiqueta and agente, adds a customer to a stage, refuses in Portuguese', async () => {
    const { svc } = handle;
    const { email, proposal, stageOf } = await seeded(handle);
    const { context, page } = await localizedPage(handle, 'pt-BR');
    const problems: string[] = [];
    const check = async (where: string) => problems.push(...(await untranslated(page, DATA)).map((p) => `${where}: ${p}`));
    try {
      await openBoard(page, svc.url, email, PT);
      await showsCards(page, ['Bruna Quadro', 'Caio Funil', 'Duda Lista']);
      const leadColumn = page.getByRole('region', { name: /^Lead/ });

      // By tag: Caio leaves; Lead counts and sums only Duda.
      await page.getByLabel('Etiqueta').selectOption({ label: 'VIP' });
      await showsCards(page, ['Bruna Quadro', 'Duda Lista']);
      await leadColumn.getByText('Total R$ 30,00').waitFor();
      assert.match((await page.getByRole('heading', { name: /^Lead/ }).innerText()).replace(/\s+/g, ' '), /Lead 1/);
      // And by agent: only Bia's customer; without the tag, still only hers; the owner's is Caio.
      await page.getByLabel('Agente').selectOption({ label: 'Bia' });
      await showsCards(page, ['Bruna Quadro']);
      await page.getByLabel('Etiqueta').selectOption({ label: 'Todas as etiquetas' });
      await showsCards(page, ['Bruna Quadro']);
      await page.getByLabel('Agente').selectOption({ label: 'Tester' });
      await showsCards(page, ['Caio Funil']);
      await check('filters');
      await page.getByLabel('Agente').selectOption({ label: 'Todos os agentes' });
      await showsCards(page, ['Bruna Quadro', 'Caio Funil', 'Duda Lista']);

      // New customer: nothing to reach them by is said before asking the service.
      await page.getByRole('button', { name: 'Novo cliente' }).click();
      const form = page.getByRole('form', { name: 'Novo cliente' });
      await form.getByLabel('Nome do cliente').fill('Elisa Nova');
      await form.getByRole('button', { name: 'Adicionar cliente' }).click();
      await form.getByRole('alert').getByText('Digite um WhatsApp ou um e-mail: o cliente precisa de um meio de contato.').waitFor();
      // A number that is not one: the service's 400, in Portuguese, naming the field.
      await form.getByLabel('WhatsApp').fill('123');
      await form.getByRole('button', { name: 'Adicionar cliente' }).click();
      await form
        .getByRole('alert')
        .getByText(/^Alguns valores não foram aceitos \(contacts.*\)\. Confira e tente novamente\.$/)
        .waitFor();
      await check('refused');
      // A good number, in the chosen stage: the card is there and the customer is stored in it.
      await form.getByLabel('WhatsApp').fill('+55 11 97777-6666');
      await form.getByLabel('Etapa do funil').selectOption({ label: 'Proposta' });
      await form.getByRole('button', { name: 'Adicionar cliente' }).click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('status').getByText('Elisa Nova adicionado em Proposta').waitFor();
      await page
        .getByRole('region', { name: /^Proposta/ })
        .getByRole('listitem', { name: /Elisa Nova/ })
        .waitFor();
      assert.equal(
        await waitFor(
          () => stageOf('Elisa Nova'),
          (id) => id === proposal,
        ),
        proposal,
      );
      await check('added');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('in English: both filters together, a customer added by e-mail to the first stage, a taken contact refused', async () => {
    const { svc } = handle;
    const { email, lead, stageOf } = await seeded(handle);
    const { context, page } = await localizedPage(handle, 'en-US');
    try {
      await openBoard(page, svc.url, email, EN);
      await showsCards(page, ['Bruna Quadro', 'Caio Funil', 'Duda Lista']);
      await page.getByLabel('Tag').selectOption({ label: 'VIP' });
      await page.getByLabel('Agent').selectOption({ label: 'Bia' });
      await showsCards(page, ['Bruna Quadro']);
      await page
        .getByRole('region', { name: /^Proposta/ })
        .getByText('Total R$1,000.00')
        .waitFor();
      await page.getByRole('region', { name: /^Lead/ }).getByText('Total R$0.00').waitFor();

      // Another customer's WhatsApp: 409, said in words; what was typed stays.
      await page.getByRole('button', { name: 'New customer' }).click();
      const form = page.getByRole('form', { name: 'New customer' });
      await form.getByLabel('Customer name').fill('Fabio Email');
      await form.getByLabel('WhatsApp').fill('+55 11 93333-4444');
      await form.getByRole('button', { name: 'Add customer' }).click();
      await form.getByRole('alert').getByText('Another customer already has this contact.').waitFor();
      assert.equal(await form.getByLabel('Customer name').inputValue(), 'Fabio Email');
      // By e-mail alone, in the funnel's first stage (the default): stored there, shown once the filters are cleared.
      await form.getByLabel('WhatsApp').fill('');
      await form.getByLabel('Email').fill('fabio@example.com');
      assert.equal(await form.getByLabel('Funnel stage').inputValue(), lead);
      await form.getByRole('button', { name: 'Add customer' }).click();
      await page.getByRole('status').getByText('Added Fabio Email to Lead').waitFor();
      assert.equal(
        await waitFor(
          () => stageOf('Fabio Email'),
          (id) => id === lead,
        ),
        lead,
      );
      await showsCards(page, ['Bruna Quadro']);
      await page.getByLabel('Tag').selectOption({ label: 'All tags' });
      await page.getByLabel('Agent').selectOption({ label: 'All agents' });
      await showsCards(page, ['Bruna Quadro', 'Caio Funil', 'Duda Lista', 'Fabio Email']);
      await page
        .getByRole('region', { name: /^Lead/ })
        .getByRole('listitem', { name: /Fabio Email/ })
        .waitFor();
    } finally {
      await context.close();
    }
  });
});
