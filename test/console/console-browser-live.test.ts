/**
 * The agent console's live chat in a real browser (docs/console.md), on SQLite and PostgreSQL: a
 * customer's message appearing live, a reply (text, attachment) reaching the chat with its ticks
 * moving live, and WhatsApp's window with the template picker. By role and label only. Reconnects
 * and tenancy: console-browser-reconnect.test.ts.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describeInBrowser('agent console, live', (handle) => {
  it("shows a customer's message live, and a reply sent from the console reaches the chat's messages", async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await page.getByRole('tab', { name: 'Pending' }).click();
      // The page is open before the customer writes: the row comes from the event stream.
      const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511911112222', 'Where is my order?');
      await chatRow(page, 'Customer 5511911112222').click();
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByText('Where is my order?').waitFor();

      await page.getByRole('textbox', { name: 'Message' }).fill('It ships today.');
      await page.getByRole('button', { name: 'Send' }).click();
      await log.getByText('It ships today.').waitFor();
      // Its tick follows the sandbox's statuses live: sent, then delivered, then read.
      await log.getByRole('listitem').filter({ hasText: 'It ships today.' }).getByRole('img', { name: 'Read' }).waitFor();
      const stored = await waitFor(
        async () => {
          const res = await svc.inject({
            method: 'GET',
            url: `/api/${org.organizationId}/chats/${chatId}/messages`,
            headers: org.keyHeader,
          });
          return res.json().data as { direction: string; content: { text?: string } }[];
        },
        (messages) => messages.some((m) => m.direction === 'outbound' && m.content.text === 'It ships today.'),
      );
      assert.ok(stored.some((m) => m.direction === 'outbound' && m.content.text === 'It ships today.'));
      // An attachment goes through the files API and shows as a preview; the text typed with it is
      // its caption (Z-API has captions): one message, not a text and a file.
      await page.getByRole('textbox', { name: 'Message' }).fill('Our menu');
      await page.getByLabel('Attach file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('button', { name: 'Send' }).click();
      await log.getByRole('img', { name: 'Our menu' }).waitFor();
      assert.ok(await log.getByRole('img', { name: 'Our menu' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
      const withFile = await svc.db.selectFrom('messages').select(['type', 'content']).where('chat_id', '=', chatId).execute();
      const captioned = withFile.filter((m) => m.content.includes('Our menu'));
      assert.deepEqual(
        captioned.map((m) => [m.type, JSON.parse(m.content).caption]),
        [['image', 'Our menu']],
      );
      // The customer's message appears live once more while the chat is open.
      await customerWrites(svc, org.channels.whatsapp_zapi, '5511911112222', 'Thanks!');
      await log.getByText('Thanks!').waitFor();
    } finally {
      await context.close();
    }
  });

  it('opens a long chat at its newest message, and keeps it in view as the page lays out', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    let chatId = '';
    for (let i = 1; i <= 16; i++)
      ({ chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511933334444', `Line ${i} of my story`));
    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await page.goto(`${svc.url}/app/o/${org.organizationId}/inbox/${chatId}`);
      await page.getByRole('log', { name: 'Messages' }).getByText('Line 16 of my story').waitFor();
      // Pinned to the end: the pane's bottom is its content's bottom (a few pixels of rounding aside).
      await page.waitForFunction(
        () => {
          const pane = document.querySelector('.messages');
          return pane !== null && pane.scrollHeight > pane.clientHeight && pane.scrollHeight - pane.scrollTop - pane.clientHeight < 4;
        },
        undefined,
        { timeout: 5000 },
      );
    } finally {
      await context.close();
    }
  });

  it("shows WhatsApp's 24-hour window on an official chat and sends a template from the picker", async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const channelId = org.channels.whatsapp_official;
    await svc.services.templates.create(org.organizationId, {
      channelId,
      name: 'order_shipped',
      language: 'pt_BR',
      status: 'approved',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu.' } as { type: string }],
    });
    const { chatId } = await customerWrites(svc, channelId, '5511944440000', 'Any news?');
    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511944440000').click();
      await page
        .getByRole('note', { name: '24-hour window' })
        .getByText(/window open/)
        .waitFor();
      await page.getByLabel('Template').selectOption({ label: 'order_shipped (pt_BR)' });
      await page.getByLabel('Variable 1').fill('Ana');
      await page.getByLabel('Variable 2').fill('#42');
      await page.getByRole('button', { name: 'Send template' }).click();
      await page.getByRole('log', { name: 'Messages' }).getByText('Template order_shipped').waitFor();
      const messages = await svc.inject({
        method: 'GET',
        url: `/api/${org.organizationId}/chats/${chatId}/messages`,
        headers: org.keyHeader,
      });
      assert.ok((messages.json().data as { type: string }[]).some((m) => m.type === 'template'));
    } finally {
      await context.close();
    }
  });
});
