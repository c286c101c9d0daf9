/**
 * The console in Portuguese and English in a real browser (DESIGN §11), on SQLite and PostgreSQL:
 * a walk through every page in pt-BR that fails on any English left (i18n-check.ts); the main
 * flows in both languages (sign-in, tabs, reply, numbers and dates typed the locale's way); the
 * Language/Idioma select, remembered across a reload, with `<html lang>` following it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, chatRow, describeInBrowser, type BrowserHandle } from './browser.js';
import { untranslated } from './i18n-check.js';

async function localizedPage(handle: BrowserHandle, locale: string) {
  const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** An organization with what every page shows: stages with a sale value, number and date fields, a tag, a chat, a webhook. */
async function seeded(handle: BrowserHandle) {
  const { svc } = handle;
  const { org, email } = await agentOrganization(svc, 'Loja da Ana');
  const admin = (url: string, body: unknown) => svc.admin('POST', `/organizations/${org.organizationId}${url}`, body);
  const api = (method: 'POST' | 'GET', url: string, payload?: unknown) =>
    svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
  const stage = (await admin('/stages', { name: 'Proposta', position: 1 })).json().data.id as string;
  await admin('/custom-fields', { slug: 'valor', name: 'Valor', type: 'number' });
  await admin('/custom-fields', { slug: 'aniversario', name: 'Aniversário', type: 'date' });
  await api('POST', '/tags', { name: 'Atacado', color: '#d97706' });
  const board = await api('POST', '/customers', {
    name: 'Bruna Quadro',
    contacts: [{ type: 'whatsapp', value: '5511933334444' }],
    stageId: stage,
    salePrice: 1299.9,
  });
  assert.equal(board.statusCode, 201, board.body);
  const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511966667777', 'Olá, tudo bem?');
  const customerId = (await api('GET', `/chats/${chatId}`)).json().data.customerId as string;
  const customer = async () =>
    (await api('GET', `/customers/${customerId}`)).json().data as { customFields: { slug: string; value: unknown }[] };
  const field = async (slug: string) => (await customer()).customFields.find((f) => f.slug === slug)?.value;
  return { org, email, field };
}

async function signIn(page: Page, url: string, email: string, labels: { email: string; password: string; submit: string; tab: string }) {
  await page.goto(`${url}/app/`);
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password).fill(PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
  await page.getByRole('tab', { name: labels.tab }).waitFor();
}

/** A chat row of the list named `Conversas`. */
const conversa = (page: Page, name: string) => page.getByRole('list', { name: 'Conversas' }).getByRole('link', { name: new RegExp(name) });

const PT = { email: 'E-mail', password: 'Senha', submit: 'Entrar', tab: 'Pendentes' };
const EN = { email: 'Email', password: 'Password', submit: 'Sign in', tab: 'Pending' };
/** What the test seeded, and names that are the same in both languages. */
const DATA = [/Customer \d+/, /Olá, tudo bem\?/, /\b(Loja da Ana|Bruna Quadro|Proposta|Atacado|Valor|Aniversário)\b/, /\S+@\S+/];

/** A pt-BR agent signed in, on the seeded customer's conversation; the caller closes `context`. */
async function onTheCustomerInPortuguese(handle: BrowserHandle) {
  const { email, field } = await seeded(handle);
  const { context, page } = await localizedPage(handle, 'pt-BR');
  try {
    await signIn(page, handle.svc.url, email, PT);
    await conversa(page, 'Customer 5511966667777').click();
  } catch (err) {
    await context.close();
    throw err;
  }
  return { context, page, field };
}

describeInBrowser('agent console in Portuguese and English', (handle) => {
  it('walks every page in pt-BR and finds no English left', async () => {
    const { svc } = handle;
    const { email } = await seeded(handle);
    const { context, page } = await localizedPage(handle, 'pt-BR');
    const problems: string[] = [];
    const check = async (where: string) => problems.push(...(await untranslated(page, DATA)).map((p) => `${where}: ${p}`));
    try {
      await page.goto(`${svc.url}/app/`);
      await page.getByRole('button', { name: 'Entrar' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
      await check('sign-in');
      await signIn(page, svc.url, email, PT);
      for (const tab of ['Pendentes', 'Em atendimento', 'Aguardando encerramento', 'Encerradas']) {
        await page.getByRole('tab', { name: tab }).click();
        await check(`tab ${tab}`);
      }
      await page.getByRole('tab', { name: 'Pendentes' }).click();
      await conversa(page, 'Customer 5511966667777').click();
      await page.getByRole('complementary', { name: 'Cliente' }).waitFor();
      await page.getByRole('button', { name: 'Agendar' }).click();
      await page.getByLabel('Mensagem a agendar').waitFor();
      await check('chat');
      await page.getByRole('link', { name: 'Funil' }).click();
      await page.getByRole('list', { name: 'Proposta' }).getByText('R$ 1.299,90').waitFor();
      await check('funnel');
      await page.getByRole('link', { name: 'Configurações' }).click();
      for (const tab of ['Etiquetas', 'Webhooks', 'Chaves de API']) {
        await page.getByRole('tab', { name: tab }).click();
        await check(`settings ${tab}`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('in pt-BR: reads 1.299,90 and dd/mm/aaaa, shows dates the Brazilian way, and switches to English remembered', async () => {
    const { context, page, field } = await onTheCustomerInPortuguese(handle);
    try {
      await page.getByRole('textbox', { name: 'Mensagem', exact: true }).fill('Já separei seu pedido.');
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await page.getByRole('log', { name: 'Mensagens' }).getByText('Já separei seu pedido.').waitFor();

      const panel = page.getByRole('complementary', { name: 'Cliente' });
      // The first save is held 400 ms on its way to the service, so that its answer, and the read of
      // the customer it starts, land while the second edit below is typed: the new stored value must
      // not replace the text under the selection `fill` makes (SavedOnLeave.tsx), which turned
      // `1500,50` into `1.299,91500,50` on a busy machine.
      let held = false;
      await page.route('**/field-values', async (route) => {
        if (!held) {
          held = true;
          await new Promise((resolve) => setTimeout(resolve, 400));
        }
        await route.continue();
      });
      await panel.getByLabel('Valor').fill('1.299,90');
      await panel.getByLabel('Valor').blur();
      assert.equal(
        await waitFor(
          () => field('valor'),
          (v) => v === 1299.9,
        ),
        1299.9,
      );
      await panel.getByLabel('Valor').fill('1500,50');
      await panel.getByLabel('Valor').blur();
      await page.unroute('**/field-values');
      assert.equal(
        await waitFor(
          () => field('valor'),
          (v) => v === 1500.5,
        ),
        1500.5,
      );
      await panel.getByLabel('Aniversário').fill('27/11/1990');
      await panel.getByLabel('Aniversário').blur();
      assert.match(
        String(
          await waitFor(
            () => field('aniversario'),
            (v) => typeof v === 'string',
          ),
        ),
        /^1990-11-27/,
      );
      await panel.getByLabel('Valor').fill('doze');
      await panel.getByLabel('Valor').blur();
      await panel.getByRole('alert').filter({ hasText: 'Valor: digite como 1.299,9' }).waitFor();

      await page.getByRole('button', { name: 'Agendar' }).click();
      assert.match(await page.getByLabel('Enviar em').inputValue(), /^\d{2}\/\d{2}\/\d{4}$/);
      assert.equal(await page.getByLabel('Enviar em').getAttribute('placeholder'), 'dd/mm/aaaa');

      await page.getByLabel('Idioma').selectOption('en');
      await page.getByRole('tab', { name: 'Pending' }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      await page.reload();
      await page.getByRole('tab', { name: 'Pending' }).waitFor();
      assert.equal(await page.getByLabel('Language').inputValue(), 'en');
      // The check that guards pt-BR sees English when there is some (it can fail).
      assert.ok((await untranslated(page, DATA)).length > 3);
    } finally {
      await context.close();
    }
  });

  it('in English: reads 1,299.90 and mm/dd/yyyy, and switches to Portuguese', async () => {
    const { svc } = handle;
    const { email, field } = await seeded(handle);
    const { context, page } = await localizedPage(handle, 'en-US');
    try {
      await signIn(page, svc.url, email, EN);
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
      await chatRow(page, 'Customer 5511966667777').click();
      const panel = page.getByRole('complementary', { name: 'Customer' });
      await panel.getByLabel('Valor').fill('1,299.90');
      await panel.getByLabel('Valor').blur();
      assert.equal(
        await waitFor(
          () => field('valor'),
          (v) => v === 1299.9,
        ),
        1299.9,
      );
      await panel.getByLabel('Aniversário').fill('11/27/1990');
      await panel.getByLabel('Aniversário').blur();
      assert.match(
        String(
          await waitFor(
            () => field('aniversario'),
            (v) => typeof v === 'string',
          ),
        ),
        /^1990-11-27/,
      );
      await page.getByRole('link', { name: 'Funnel' }).click();
      await page.getByRole('list', { name: 'Proposta' }).getByText('R$1,299.90').waitFor();

      await page.getByLabel('Language').selectOption('pt-BR');
      await page.getByRole('link', { name: 'Funil' }).waitFor();
      await page.getByRole('list', { name: 'Proposta' }).getByText('R$ 1.299,90').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
    } finally {
      await context.close();
    }
  });

  it('an answer to a save that lands while the agent types in the field again keeps what they typed', async () => {
    const { context, page, field } = await onTheCustomerInPortuguese(handle);
    try {
      const valor = page.getByRole('complementary', { name: 'Cliente' }).getByLabel('Valor');
      // From the first save on, the customer's answers are held until the agent types again: the
      // save's own, and the reads that follow it (the save's, and the live event's).
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let saving = false;
      await page.route('**/customers/**', async (route) => {
        if (route.request().method() !== 'GET') saving = true;
        if (!saving) return route.continue();
        const response = await route.fetch();
        await released;
        await route.fulfill({ response });
      });
      await valor.fill('1.299,90');
      await valor.blur();
      await waitFor(
        () => field('valor'),
        (v) => v === 1299.9,
      );
      await valor.fill('1500,50');
      // The answers land: the console has the customer's stored value, 1299.9, while the agent types.
      const reread = page.waitForResponse((r) => r.request().method() === 'GET' && /\/customers\/[^/?]+$/.test(new URL(r.url()).pathname));
      release();
      await reread;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.equal(await valor.inputValue(), '1500,50', 'what the agent was typing is still there');
      await valor.blur();
      assert.equal(
        await waitFor(
          () => field('valor'),
          (v) => v === 1500.5,
        ),
        1500.5,
      );
    } finally {
      // Reads the console makes as the page closes would otherwise be answered after it is gone.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    }
  });
});
