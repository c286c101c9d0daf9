/**
 * The customer's previous conversations in a real browser (DESIGN §11, docs/console.md), on SQLite
 * and PostgreSQL: the panel beside a chat lists the customer's closed chats, and one opens
 * read-only (no reply box). By role and label.
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
});
