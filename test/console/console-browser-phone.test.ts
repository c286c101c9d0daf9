/**
 * The console at a phone's size, in the dark, by keyboard (DESIGN §11 "Everywhere", "The
 * composer"), on SQLite and PostgreSQL: at 390×844 the list, the chat and the customer panel are
 * each reachable (the `Customer`/`Cliente` control shows the panel); the `Emoji` picker loads on
 * demand and puts an emoji in the reply; a dark system theme darkens the page; `j`/`k` move between
 * chats and `?` shows the shortcuts. With SCREENSHOTS=1 it also writes docs/images/console-*.png
 * (both languages, 1440×900 and 390×844).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { agentOrganization, describeInBrowser, type BrowserHandle } from './browser.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function open(handle: BrowserHandle, options: { locale: string; viewport: typeof PHONE; colorScheme?: 'light' | 'dark' }) {
  const context = await handle.browser.newContext({ ...options, colorScheme: options.colorScheme ?? 'light' });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

async function signIn(page: Page, url: string, email: string, pt: boolean) {
  await page.goto(`${url}/app/`);
  await page.getByLabel(pt ? 'E-mail' : 'Email').fill(email);
  await page.getByLabel(pt ? 'Senha' : 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: pt ? 'Entrar' : 'Sign in' }).click();
  await page.getByRole('tab', { name: pt ? 'Pendentes' : 'Pending' }).waitFor();
}

const rowIn = (page: Page, list: string, name: string) =>
  page.getByRole('list', { name: list }).getByRole('link', { name: new RegExp(name) });

describeInBrowser('agent console on a phone, in the dark, by keyboard', (handle) => {
  it('reaches the list, the chat and the customer at 390×844, and sends an emoji', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000301', 'Oi, preciso de ajuda');
    for (const pt of [false, true]) {
      const { context, page } = await open(handle, { locale: pt ? 'pt-BR' : 'en-US', viewport: PHONE });
      try {
        await signIn(page, svc.url, email, pt);
        await rowIn(page, pt ? 'Conversas' : 'Chats', 'Customer 5511900000301').click();
        const chat = page.getByRole('region', { name: new RegExp(pt ? 'Conversa com' : 'Chat with') });
        await chat.waitFor();
        assert.equal(await page.getByRole('complementary', { name: pt ? 'Cliente' : 'Customer' }).isVisible(), false);
        await page.getByRole('button', { name: pt ? 'Cliente' : 'Customer', exact: true }).click();
        const panel = page.getByRole('complementary', { name: pt ? 'Cliente' : 'Customer' });
        await panel.waitFor();
        const box = await panel.boundingBox();
        assert.ok(box && box.width > 300, `the panel has the screen's width (${box?.width})`);
        await page.getByRole('button', { name: pt ? 'Cliente' : 'Customer', exact: true }).click();
        await chat.waitFor();

        await page.getByRole('button', { name: 'Emoji' }).click();
        const reply = page.getByRole('textbox', { name: pt ? 'Mensagem' : 'Message', exact: true });
        // The picker reads its data after it shows; a click on a placeholder button picks nothing, so click until one picks.
        for (let tries = 0; tries < 20 && !(await reply.inputValue()); tries++) {
          await page.locator('emoji-picker').getByRole('menuitem').first().click();
          await page.waitForTimeout(100);
        }
        assert.match(await reply.inputValue(), /\p{Extended_Pictographic}/u);
        await page.getByRole('link', { name: pt ? '← Conversas' : '← Chats' }).click();
        await rowIn(page, pt ? 'Conversas' : 'Chats', 'Customer 5511900000301').waitFor();
      } finally {
        await context.close();
      }
    }
  });

  it('follows a dark system theme, and moves between chats with j and k', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const older = await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000401', 'Primeiro');
    const newer = await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000402', 'Segundo');
    const { context, page } = await open(handle, { locale: 'en-US', viewport: DESKTOP, colorScheme: 'dark' });
    try {
      await signIn(page, svc.url, email, false);
      const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
      assert.equal(background, 'rgb(15, 20, 26)', 'the dark background');
      await rowIn(page, 'Chats', 'Customer 5511900000402').waitFor();
      await page.keyboard.press('j');
      await page.waitForURL(`**/inbox/${newer.chatId}`);
      await page.keyboard.press('j');
      await page.waitForURL(`**/inbox/${older.chatId}`);
      await page.keyboard.press('k');
      await page.waitForURL(`**/inbox/${newer.chatId}`);
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it(
    'takes the screenshots of docs/images when asked (SCREENSHOTS=1)',
    { skip: !process.env.SCREENSHOTS && 'SCREENSHOTS is not set' },
    async () => {
      const { svc } = handle;
      const { org, email } = await agentOrganization(svc, 'Loja da Ana');
      const stage = (await svc.admin('POST', `/organizations/${org.organizationId}/stages`, { name: 'Proposta', position: 1 })).json().data
        .id;
      await svc.inject({
        method: 'POST',
        url: `/api/${org.organizationId}/customers`,
        headers: org.keyHeader,
        payload: { name: 'Bruna Souza', contacts: [{ type: 'whatsapp', value: '5511933334444' }], stageId: stage, salePrice: 1299.9 },
      });
      await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000501', 'Oi! O pedido 4521 já saiu?');
      await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000502', 'Vocês entregam em Recife?');
      fs.mkdirSync('docs/images', { recursive: true });
      for (const [language, locale] of [
        ['pt-BR', 'pt-BR'],
        ['en', 'en-US'],
      ] as const) {
        for (const [size, viewport] of [
          ['1440x900', DESKTOP],
          ['390x844', PHONE],
        ] as const) {
          const { context, page } = await open(handle, { locale, viewport });
          try {
            await signIn(page, svc.url, email, language === 'pt-BR');
            await rowIn(page, language === 'pt-BR' ? 'Conversas' : 'Chats', 'Customer 5511900000501').click();
            await page.getByRole('log').getByText('O pedido 4521').waitFor();
            await page.screenshot({ path: `docs/images/console-${language}-${size}.png` });
          } finally {
            await context.close();
          }
        }
      }
    },
  );
});
