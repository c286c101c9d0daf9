/**
 * "Schedule" in the composer (DESIGN.md §10) in a real browser, on SQLite and PostgreSQL: an agent
 * schedules a message for the next day, sees it waiting in the chat, and cancels it. By role and
 * label only; what was stored is read back through the API.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, scheduled messages', (handle) => {
  it('schedules a message from the composer, lists it, and cancels it', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511955556666', 'Will you call me back?');
    const scheduled = async () =>
      (
        await svc.inject({
          method: 'GET',
          url: `/api/${org.organizationId}/chats/${chatId}/scheduled-messages`,
          headers: org.keyHeader,
        })
      ).json().data as {
        status: string;
        reason: string | null;
        content: { text: string };
        sendAt: string;
        cancelIfCustomerReplies: boolean;
      }[];

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511955556666').click();
      const panel = page.getByRole('region', { name: 'Scheduled messages' });
      await panel.getByRole('button', { name: 'Schedule' }).click();
      await panel.getByText('Nothing scheduled in this chat.').waitFor();
      await panel.getByLabel('Message to schedule').fill('Checking in: did it work?');
      const sendAt = await panel.getByLabel('Send at').inputValue();
      // The console's own date field, in the language's order (mm/dd/yyyy in English), not a native date input.
      assert.match(sendAt, /^\d{2}\/\d{2}\/\d{4}$/, 'a date is proposed');
      assert.match(await panel.getByLabel('Time').inputValue(), /^\d{2}:\d{2}$/, 'and a time');
      await panel.getByLabel('Cancel if the customer replies').uncheck();
      await panel.getByRole('button', { name: 'Schedule message' }).click();

      const waiting = panel.getByRole('list', { name: 'Waiting to be sent' }).getByRole('listitem');
      await waiting.filter({ hasText: 'Checking in: did it work?' }).waitFor();
      const [stored] = await waitFor(scheduled, (rows) => rows.length === 1);
      assert.equal(stored!.status, 'scheduled');
      assert.equal(stored!.content.text, 'Checking in: did it work?');
      assert.equal(stored!.cancelIfCustomerReplies, false);
      const ahead = Date.parse(stored!.sendAt) - Date.now();
      assert.ok(ahead > 23 * 3_600_000 && ahead < 25 * 3_600_000, `about a day ahead (${ahead} ms)`);
      assert.equal(await panel.getByRole('button', { name: 'Schedule (1)' }).count(), 1, 'the toggle counts what waits');

      await panel.getByRole('button', { name: /^Cancel the message scheduled for / }).click();
      await panel.getByText('Nothing scheduled in this chat.').waitFor();
      const [cancelled] = await waitFor(scheduled, (rows) => rows[0]?.status === 'cancelled');
      assert.equal(cancelled!.status, 'cancelled');
      assert.equal(cancelled!.reason, 'cancelled_by_user');
    } finally {
      await context.close();
    }
  });
});
