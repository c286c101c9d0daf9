/**
 * The agents' queue in a real browser (DESIGN §11, docs/console.md), on SQLite and PostgreSQL: the
 * Pending tab lists the chats a customer wrote in, not those a send opened that nobody answered,
 * and its count agrees; such a chat joins the tab live when its customer writes. The `Unassigned`
 * filter leaves out chats someone attends. By role and label.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites, openChat } from '../chats/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, the queue', (handle) => {
  it('keeps unanswered sends out of Pending and its count, and filters unassigned chats', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000301', 'Oi');
    await openChat(svc, org, '5511900000302');

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await page.getByRole('tab', { name: 'Pending 1' }).waitFor();
      await chatRow(page, 'Customer 5511900000301').waitFor();
      assert.equal(await page.getByRole('list', { name: 'Chats' }).getByRole('link').count(), 1, 'the unanswered send is not queued');

      // Its customer answers: now someone is waiting.
      await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000302', 'Recebi, obrigado');
      await page.getByRole('tab', { name: 'Pending 2' }).waitFor();
      await page
        .getByRole('list', { name: 'Chats' })
        .getByRole('link', { name: /5511900000302/ })
        .waitFor();

      await chatRow(page, 'Customer 5511900000301').click();
      await page.getByRole('button', { name: 'Attend' }).click();
      await page.getByRole('tab', { name: 'In progress 1' }).click();
      await chatRow(page, 'Customer 5511900000301').waitFor();
      await page.getByRole('checkbox', { name: 'Unassigned' }).check();
      await page.getByRole('tab', { name: 'In progress 0' }).waitFor();
      await chatRow(page, 'Customer 5511900000301').waitFor({ state: 'detached' });
      await page.getByRole('checkbox', { name: 'Unassigned' }).uncheck();
      await chatRow(page, 'Customer 5511900000301').waitFor();
    } finally {
      await context.close();
    }
  });
});
