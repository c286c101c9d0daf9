/**
 * The Campaigns page's CSV audience (DESIGN.md §10, docs/campaigns.md "CSV audience") in a real
 * browser, on SQLite and PostgreSQL, in English and in Portuguese: the owner creates a draft with no
 * tag, uploads a small CSV (semicolons, one number already a customer's written another way), sees
 * the rows counted (created, updated, invalid) and the estimate count the file's recipients, starts
 * it and sees every one of them sent; the Portuguese page has no English left. By role and label only.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import { agentOrganization, describeInBrowser, type BrowserHandle } from './browser.js';
import { untranslated } from './i18n-check.js';

const LANG = {
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    tab: 'Pending',
    nav: 'Campaigns',
    form: 'New campaign',
    name: 'Campaign name',
    channel: 'Channel',
    text: 'Message text',
    create: 'Create draft',
    detail: 'Campaign ',
    csvForm: 'Add customers from a CSV file',
    file: 'CSV file',
    upload: 'Upload CSV',
    result: 'CSV result',
    counted: '3 rows read: 2 customers created, 1 updated, 0 invalid.',
    estimate: 'Cost estimate',
    recipients: /for 3 recipients/,
    start: 'Start',
    progress: 'Progress',
    completed: /Completed: 3 of 3 sent/,
  },
  'pt-BR': {
    email: 'E-mail',
    password: 'Senha',
    submit: 'Entrar',
    tab: 'Pendentes',
    nav: 'Campanhas',
    form: 'Nova campanha',
    name: 'Nome da campanha',
    channel: 'Canal',
    text: 'Texto da mensagem',
    create: 'Criar rascunho',
    detail: 'Campanha ',
    csvForm: 'Adicionar clientes de um arquivo CSV',
    file: 'Arquivo CSV',
    upload: 'Enviar CSV',
    result: 'Resultado do CSV',
    counted: '3 linhas lidas: 2 clientes criados, 1 atualizados, 0 inválidas.',
    estimate: 'Custo estimado',
    recipients: /para 3 destinatários/,
    start: 'Iniciar',
    progress: 'Andamento',
    completed: /Concluída: 3 de 3 enviadas/,
  },
} as const;

/** Seeded data the Portuguese check leaves alone (names, the channel's label). */
const SEEDED = /Lista \w+|Promo pt-BR|Sandbox whatsapp_\w+|Tester/;

async function run(handle: BrowserHandle, locale: keyof typeof LANG) {
  const { svc } = handle;
  const L = LANG[locale];
  const { org, email } = await agentOrganization(svc, `Lista ${locale === 'en' ? 'Loja' : 'Mercado'}`);
  // A customer the file updates: the file writes the number another way.
  const existing = await svc.inject({
    method: 'POST',
    url: `/api/${org.organizationId}/customers`,
    headers: org.keyHeader,
    payload: { name: 'Old Name', contacts: [{ type: 'whatsapp', value: '+55 11 98765-8000' }] },
  });
  assert.equal(existing.statusCode, 201, existing.body);
  const csv = ['phone;name', '5511987658000;Ana Nova', '5511987658001;Bruno', '5511987658002;Carla'].join('\r\n');

  const context = await handle.browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await page.goto(`${svc.url}/app/`);
    await page.getByLabel(L.email).fill(email);
    await page.getByLabel(L.password).fill(PASSWORD);
    await page.getByRole('button', { name: L.submit }).click();
    await page.getByRole('tab', { name: L.tab }).waitFor();
    await page.getByRole('link', { name: L.nav }).click();

    const form = page.getByRole('form', { name: L.form });
    await form.getByLabel(L.name).fill(`Promo ${locale}`);
    await form.getByLabel(L.channel).selectOption({ label: 'Sandbox whatsapp_zapi' });
    await form.getByLabel(L.text).fill('Olá {{customer.name}}!');
    await form.getByRole('button', { name: L.create }).click();

    const detail = page.getByRole('region', { name: `${L.detail}Promo ${locale}` });
    const upload = detail.getByRole('form', { name: L.csvForm });
    await upload.getByLabel(L.file).setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await upload.getByRole('button', { name: L.upload }).click();
    await upload.getByRole('status', { name: L.result }).getByText(L.counted).waitFor();
    // The estimate is read again: the file's three customers are the audience now.
    await detail.getByRole('group', { name: L.estimate }).getByText(L.recipients).waitFor();
    if (locale === 'pt-BR') assert.deepEqual(await untranslated(page, [SEEDED]), []);

    await detail.getByRole('button', { name: L.start }).click();
    await detail.getByRole('status', { name: L.progress }).getByText(L.completed).waitFor();
    if (locale === 'pt-BR') assert.deepEqual(await untranslated(page, [SEEDED]), []);
  } finally {
    await context.close();
  }
  const customers = (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/customers`, headers: org.keyHeader })).json()
    .data as { name: string }[];
  assert.deepEqual(customers.map((c) => c.name).sort(), ['Ana Nova', 'Bruno', 'Carla'], 'the file renamed one and created two');
}

describeInBrowser('console: a campaign audience from a CSV', (handle) => {
  it('uploads a CSV to a draft and sees the rows and recipients counted, in English', async () => {
    await run(handle, 'en');
  });
  it('the same in Portuguese, with no English left', async () => {
    await run(handle, 'pt-BR');
  });
});
