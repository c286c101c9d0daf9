/**
 * The agent console's realtime guarantees in a real browser (docs/console.md), on SQLite and
 * PostgreSQL: a reconnect that loses nothing, and one organization's agent seeing none of another's
 * chats, live or by address. By role and label only.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, reconnect and tenancy', (handle) => {
  it('loses nothing over a reconnect: offline, three customers write, online, all three shown', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await page.getByRole('status', { name: 'Updates: Live' }).waitFor();
      await context.setOffline(true);
      await page.getByRole('status', { name: 'Updates: Offline' }).waitFor();
      // Three new chats: each row can only come from its own event, replayed after Last-Event-ID.
      const contacts = ['5511955550001', '5511955550002', '5511955550003'];
      for (const contact of contacts) await customerWrites(svc, org.channels.whatsapp_zapi, contact, `Offline hello ${contact}`);
      await context.setOffline(false);
      for (const contact of contacts) await chatRow(page, `Customer ${contact}`).waitFor();
      const list = page.getByRole('list', { name: 'Chats' });
      for (const contact of contacts) await list.getByText(`Offline hello ${contact}`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows a chat a customer opened after the list was read but before the stream first connected', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { context, page } = await newPage(handle);
    // The stream's first connection is held until the customer has written: it replays nothing
    // (there is no cursor yet), so only a read of the list after it connects can show the chat.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/events/stream', async (route) => {
      await held;
      await route.continue();
    });
    try {
      const firstPage = page.waitForResponse((response) => /\/chats\?/.test(response.url()) && response.ok());
      await signInAs(page, svc.url, email, PASSWORD);
      await firstPage;
      await customerWrites(svc, org.channels.whatsapp_zapi, '5511955550009', 'Hello while connecting');
      release();
      await page.getByRole('status', { name: 'Updates: Live' }).waitFor();
      await chatRow(page, 'Customer 5511955550009').waitFor();
    } finally {
      release();
      await context.close();
    }
  });

  it("shows an organization's agent none of another organization's chats", async () => {
    const { svc } = handle;
    const a = await agentOrganization(svc, 'Org A');
    const b = await agentOrganization(svc, 'Org B');
    // Chats the customers wrote in: the Pending tab is the queue of people waiting (docs/console.md).
    const chatOfA = (await customerWrites(svc, a.org.channels.whatsapp_zapi, '5511977770001', 'Oi A')).chatId;
    await customerWrites(svc, b.org.channels.whatsapp_zapi, '5511977770002', 'Oi B');
    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, b.email, PASSWORD);
      await chatRow(page, '5511977770002').waitFor();
      assert.equal(await chatRow(page, '5511977770001').count(), 0);
      // A chat of A live while B watches: nothing reaches B's list.
      await customerWrites(svc, a.org.channels.whatsapp_zapi, '5511977770003', 'For A only');
      await customerWrites(svc, b.org.channels.whatsapp_zapi, '5511977770004', 'For B');
      await chatRow(page, 'Customer 5511977770004').waitFor();
      assert.equal(await chatRow(page, '5511977770003').count(), 0);
      // A's chat by its address under B's organization is not found; A's organization is not B's to open.
      await page.goto(`${svc.url}/app/o/${b.org.organizationId}/inbox/${chatOfA}`);
      await page.getByRole('alert').getByText('This chat does not exist.').waitFor();
      await page.goto(`${svc.url}/app/o/${a.org.organizationId}/inbox`);
      await page.waitForURL((url) => !url.pathname.includes(a.org.organizationId));
    } finally {
      await context.close();
    }
  });
});
