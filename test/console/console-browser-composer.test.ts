/**
 * The composer in a real browser (DESIGN §11 "The composer", docs/composer.md), on SQLite and
 * PostgreSQL: `/` in the reply box opens the canned responses, picked by click or keyboard, which
 * put their text rendered for the customer in the box; the `Private note` mode writes a note that
 * shows in the timeline by time, set apart, and a note naming the agent raises a notification. By
 * role and label; the page's Notification is recorded (a headless browser shows none).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { addMember, customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

/** A granted Notification that records what the console announces. */
const RECORD_NOTIFICATIONS = `
  window.__notifications = [];
  window.Notification = class {
    static permission = 'granted';
    static requestPermission() { return Promise.resolve('granted'); }
    constructor(title, options) { window.__notifications.push({ title, body: options && options.body }); }
    close() {}
  };
`;

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

  it('writes a private note into the timeline and notifies the agent a note names', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511944443333', 'Oi, preciso de ajuda');
    const bia = await addMember(svc, org.organizationId, 'Bia');
    const api = (url: string, headers = org.keyHeader) => svc.inject({ method: 'GET', url: `/api/${org.organizationId}${url}`, headers });

    const { context, page } = await newPage(handle);
    await context.addInitScript(RECORD_NOTIFICATIONS);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511944443333').click();
      await page.getByRole('checkbox', { name: 'Private note' }).check();
      await page.getByRole('textbox', { name: 'Message' }).fill('Cliente VIP, ligar amanhã');
      await page.getByRole('button', { name: 'Add private note' }).click();
      const log = page.getByRole('log', { name: 'Messages' });
      const note = log.getByRole('listitem').filter({ hasText: 'Cliente VIP, ligar amanhã' });
      await note.waitFor();
      assert.match(await note.innerText(), /Private note · /);
      const items = await log.getByRole('listitem').allInnerTexts();
      const at = (text: string) => items.findIndex((i) => i.includes(text));
      assert.ok(at('Oi, preciso de ajuda') < at('Cliente VIP, ligar amanhã'), 'the note after the message it follows');
      assert.notEqual(await note.evaluate((el) => getComputedStyle(el).borderStyle), 'solid', 'set apart from messages');

      const notes = (await api(`/chats/${chatId}/notes`)).json().data as { content: string }[];
      assert.deepEqual(
        notes.map((n) => n.content),
        ['Cliente VIP, ligar amanhã'],
      );
      const messages = (await api(`/chats/${chatId}/messages`)).json().data as { content: { text?: string } }[];
      assert.ok(!messages.some((m) => m.content.text?.includes('ligar amanhã')), 'a note is never sent');

      // Away from the chat, Bia's note naming this agent is announced.
      await page.getByRole('link', { name: 'Funnel' }).click();
      const written = await svc.inject({
        method: 'POST',
        url: `/api/${org.organizationId}/chats/${chatId}/notes`,
        headers: bia.keyHeader,
        payload: { content: `@${email.split('@')[0]} pode ver este cliente?` },
      });
      assert.equal(written.statusCode, 201, written.body);
      await page.waitForFunction(() => (window as unknown as { __notifications: unknown[] }).__notifications.length > 0);
      const [shown] = await page.evaluate(() => (window as unknown as { __notifications: { title: string }[] }).__notifications);
      assert.equal(shown!.title, 'Bia mentioned you in the chat with Customer 5511944443333');
    } finally {
      await context.close();
    }
  });
});
