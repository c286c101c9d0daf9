/**
 * The Campaigns page (DESIGN.md §10, issue 23 item 6) in a real browser, on SQLite and PostgreSQL, in
 * English and in Portuguese: the owner creates a draft on the sandbox channel with an audience by
 * tag and a text, sees its estimate (a text is not priced), starts it and sees it complete with
 * every recipient sent, and the Portuguese page has no English left. By role and label only. With
 * SCREENSHOTS=1 it writes docs/images/campaigns-{en,pt-BR}.png.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import type { SeededOrganization, TestService } from '../support/harness.js';
import { agentOrganization, describeInBrowser, shoot, type BrowserHandle } from './browser.js';
import { untranslated } from './i18n-check.js';

const LANG = {
  en: {
    email: 'Email',
    password: 'Password',
    submit: 'Sign in',
    tab: 'Pending',
    nav: 'Campaigns',
    name: 'Campaign name',
    channel: 'Channel',
    text: 'Message text',
    create: 'Create draft',
    notPriced: /Text messages are not priced/,
    start: 'Start',
    completed: /Completed: 3 of 3 sent/,
    progress: 'Progress',
    detail: 'Campaign ',
    list: 'All campaigns',
  },
  'pt-BR': {
    email: 'E-mail',
    password: 'Senha',
    submit: 'Entrar',
    tab: 'Pendentes',
    nav: 'Campanhas',
    name: 'Nome da campanha',
    channel: 'Canal',
    text: 'Texto da mensagem',
    create: 'Criar rascunho',
    notPriced: /Mensagens de texto não são cobradas/,
    start: 'Iniciar',
    completed: /Concluída: 3 de 3 enviadas/,
    progress: 'Andamento',
    detail: 'Campanha ',
    list: 'Todas as campanhas',
  },
} as const;

async function seeded(svc: TestService): Promise<{ org: SeededOrganization; email: string }> {
  const { org, email } = await agentOrganization(svc, 'Loja da Ana');
  const api = (url: string, payload: unknown) =>
    svc.inject({ method: 'POST', url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
  const tag = (await api('/tags', { name: 'VIP', color: '#2563eb' })).json().data.id as string;
  for (const phone of ['5511987657001', '5511987657002', '5511987657003']) {
    const res = await api('/customers', {
      name: `Cliente ${phone.slice(-1)}`,
      contacts: [{ type: 'whatsapp', value: phone }],
      selectedTags: [tag],
    });
    assert.equal(res.statusCode, 201, res.body);
  }
  return { org, email };
}

async function run(handle: BrowserHandle, locale: keyof typeof LANG) {
  const { svc } = handle;
  const L = LANG[locale];
  const { org, email } = await seeded(svc);
  const context = await handle.browser.newContext({ viewport: { width: 1440, height: 900 }, locale });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await page.goto(`${svc.url}/app/`);
    await page.getByLabel(L.email).fill(email);
    await page.getByLabel(L.password).fill(PASSWORD);
    await page.getByRole('button', { name: L.submit }).click();
    await page.getByRole('tab', { name: L.tab }).waitFor();
    await page.getByRole('link', { name: L.nav }).click();

    const form = page.getByRole('form', { name: L.create === 'Create draft' ? 'New campaign' : 'Nova campanha' });
    await form.getByLabel(L.name).fill(`Promo ${locale}`);
    await form.getByLabel(L.channel).selectOption({ label: 'Sandbox whatsapp_zapi' });
    await form.getByRole('checkbox', { name: 'VIP' }).check();
    await form.getByLabel(L.text).fill('Olá {{customer.name}}!');
    await form.getByRole('button', { name: L.create }).click();

    const detail = page.getByRole('region', { name: `${L.detail}Promo ${locale}` });
    await detail.getByText(L.notPriced).waitFor();
    if (locale === 'pt-BR') assert.deepEqual(await untranslated(page, [/Loja da Ana|Promo pt-BR|Sandbox whatsapp_\w+|VIP|Tester/]), []);
    await detail.getByRole('button', { name: L.start }).click();
    await detail
      .getByRole('status', { name: L.progress })
      .getByText(L.completed)
      .waitFor()
      .catch(async (err: unknown) => {
        const state = await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/campaigns`, headers: org.keyHeader });
        throw new Error(`${String(err)}\nPAGE: ${await detail.innerText()}\nAPI: ${state.body}`);
      });
    await page
      .getByRole('region', { name: L.list })
      .getByRole('row', { name: `Promo ${locale}` })
      .waitFor();
    await shoot(page, 'campaigns', locale);
    if (locale === 'pt-BR') assert.deepEqual(await untranslated(page, [/Loja da Ana|Promo pt-BR|Sandbox whatsapp_\w+|VIP|Tester/]), []);

    const listed = (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/campaigns`, headers: org.keyHeader })).json()
      .data as { name: string; status: string; counts: { sent: number } }[];
    assert.deepEqual(
      listed.map((c) => [c.name, c.status, c.counts.sent]),
      [[`Promo ${locale}`, 'completed', 3]],
    );
  } finally {
    await context.close();
  }
}

describeInBrowser('console: campaigns', (handle) => {
  it('creates, estimates, starts and sees a campaign complete, in English', async () => {
    await run(handle, 'en');
  });
  it('the same in Portuguese, with no English left', async () => {
    await run(handle, 'pt-BR');
  });
});
