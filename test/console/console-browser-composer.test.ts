/**
 * The composer in a real browser (DESIGN §11 "The composer", docs/composer.md), on SQLite and
 * PostgreSQL: `/` in the reply box opens the canned responses, picked by click or keyboard, which
 * put their text rendered for the customer in the box. By role and label.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, composer', (handle) => {
  it('puts a canned response, rendered for the customer, in the reply box', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511955554444', 'Oi');
    const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
    for (const body of [
      { shortcut: 'thanks', title: 'Thank you', content: 'Obrigado, {{customer.name}}!' },
      { shortcut: 'hours', title: 'Opening hours', content: 'We open at 9.' },
    ]) {
      const created = await api('POST', '/canned-responses', body);
      assert.equal(created.statusCode, 201, created.body);
    }

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511955554444').click();
      const box = page.getByRole('textbox', { name: 'Message' });
      const list = page.getByRole('listbox', { name: 'Canned responses' });
      await box.fill('/tha');
      await list.getByRole('option').first().waitFor();
      assert.equal(await list.getByRole('option').count(), 1);
      await list.getByRole('option', { name: /thanks/ }).click();
      assert.equal(await box.inputValue(), 'Obrigado, Customer 5511955554444!');
      await list.waitFor({ state: 'detached' });

      await box.fill('');
      await box.press('/');
      await list.getByRole('option', { name: /hours/ }).waitFor();
      await list.getByRole('option', { name: /thanks/ }).waitFor();
      await box.press('ArrowDown');
      await list.getByRole('option', { name: /thanks/, selected: true }).waitFor();
      await box.press('Enter');
      assert.equal(await box.inputValue(), 'Obrigado, Customer 5511955554444!');
      await page.getByRole('button', { name: 'Send' }).click();
      const texts = async () =>
        ((await api('GET', `/chats/${chatId}/messages`)).json().data as { content: { text?: string } }[]).map((m) => m.content.text);
      await waitFor(texts, (all) => all.includes('Obrigado, Customer 5511955554444!'));
    } finally {
      await context.close();
    }
  });
});
