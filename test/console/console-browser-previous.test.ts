/**
 * The customer's previous conversations in a real browser (DESIGN §11, docs/console.md), on SQLite
 * and PostgreSQL: the panel beside a chat lists the customer's closed chats, and one opens
 * read-only (no reply box); `New conversation` from a closed chat opens a new one with a first
 * message. By role and label.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, previous conversations', (handle) => {
  it('lists the customer’s closed chats beside the chat and opens one read-only', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const first = await customerWrites(svc, org.channels.whatsapp_zapi, '5511922221111', 'Pedido 1001 chegou quebrado');
    const closed = await svc.inject({
      method: 'PUT',
      url: `/api/${org.organizationId}/chats/${first.chatId}/status`,
      headers: org.keyHeader,
      payload: { status: 'closed' },
    });
    assert.equal(closed.statusCode, 200, closed.body);
    const second = await customerWrites(svc, org.channels.whatsapp_zapi, '5511922221111', 'Oi de novo');
    assert.notEqual(second.chatId, first.chatId);

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511922221111').click();
      const previous = page.getByRole('complementary', { name: 'Customer' }).getByRole('region', { name: 'Previous conversations' });
      const link = previous.getByRole('link', { name: /Pedido 1001 chegou quebrado/ });
      await link.click();
      await page.waitForURL(`**/inbox/${first.chatId}`);
      await page.getByRole('log', { name: 'Messages' }).getByText('Pedido 1001 chegou quebrado').waitFor();
      await page.getByText('This chat is closed.', { exact: false }).waitFor();
      assert.equal(await page.getByRole('textbox', { name: 'Message' }).count(), 0, 'read-only');
    } finally {
      await context.close();
    }
  });

  it('starts a new conversation from a closed chat with a first message', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511922223333', 'Obrigado!');
    const api = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
      svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
    assert.equal((await api('PUT', `/chats/${chatId}/status`, { status: 'closed' })).statusCode, 200);
    const customerId = (await api('GET', `/chats/${chatId}`)).json().data.customerId as string;

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await page.getByRole('tab', { name: /Closed/ }).click();
      await chatRow(page, 'Customer 5511922223333').click();
      await page.getByRole('button', { name: 'New conversation' }).click();
      await page.getByLabel('First message').fill('Olá! Temos novidades para você.');
      await page.getByRole('button', { name: 'Start conversation' }).click();
      await page.getByRole('log', { name: 'Messages' }).getByText('Olá! Temos novidades para você.').waitFor();
      await page.getByRole('textbox', { name: 'Message' }).waitFor();
      const chats = (await api('GET', `/chats?customerId=${customerId}`)).json().data as { id: string; status: string }[];
      assert.equal(chats.length, 2);
      assert.ok(chats.some((c) => c.id !== chatId && c.status !== 'closed'));
    } finally {
      await context.close();
    }
  });
});
