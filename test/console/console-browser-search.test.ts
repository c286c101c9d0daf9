/**
 * The console's search box in a real browser (docs/console.md, docs/search.md), on SQLite and
 * PostgreSQL: a customer found by a name typed without its accent and by part of the phone, `/`
 * focusing the box, a message found by its words; each result opens its chat. By role and label.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { agentOrganization, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, search', (handle) => {
  it('finds João by "joao" and by part of the phone, and a message by its words', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511998765432', 'meu pedido não chegou');
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511911112222', 'bom dia');
    const api = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
      svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
    const customerId = (await api('GET', `/chats/${chatId}`)).json().data.customerId as string;
    const renamed = await api('PUT', `/customers/${customerId}`, { name: 'João Pereira' });
    assert.equal(renamed.statusCode, 200, renamed.body);

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      const box = page.getByRole('searchbox', { name: 'Search' });
      const results = page.getByRole('region', { name: 'Search results' });
      await box.fill('joao');
      const found = results.getByRole('list', { name: 'Chats found' }).getByRole('link', { name: /João Pereira/ });
      await found.waitFor();
      assert.equal(await results.getByRole('link', { name: /5511911112222/ }).count(), 0);
      await found.click();
      await page.getByRole('region', { name: 'Chat with João Pereira' }).waitFor();
      await results.waitFor({ state: 'detached' });

      await box.blur();
      await page.keyboard.press('/');
      assert.equal(await box.evaluate((el) => el === document.activeElement), true, '/ focuses the search box');
      await page.keyboard.type('98765');
      await results
        .getByRole('list', { name: 'Chats found' })
        .getByRole('link', { name: /João Pereira/ })
        .waitFor();

      await box.fill('pedido cheg');
      const message = results.getByRole('list', { name: 'Messages found' }).getByRole('link', { name: /meu pedido não chegou/ });
      await message.waitFor();
      await message.click();
      await page.getByRole('region', { name: 'Chat with João Pereira' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
