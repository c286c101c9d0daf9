/**
 * The list's live state in a real browser (DESIGN §11 "The list", "Never missing a customer"), on
 * SQLite and PostgreSQL: counts in the status tabs' names (`Pending 2`, `Pendentes 2`) that follow
 * live events, the title counting unread chats (`(2) Conversa`), `Enable notifications` asking
 * permission on a click and a notification for a new waiting customer, and the open chat's tab
 * following it after a reload. The page's Notification is recorded (a headless browser shows none).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

/** A Notification that records what the console announces, and grants permission when asked. */
const RECORD_NOTIFICATIONS = `
  window.__notifications = [];
  window.Notification = class {
    static permission = 'default';
    static requestPermission() { window.Notification.permission = 'granted'; return Promise.resolve('granted'); }
    constructor(title, options) { window.__notifications.push({ title, body: options && options.body }); }
    close() {}
  };
`;

describeInBrowser('agent console, the list', (handle) => {
  it('counts chats in the tabs and the title live, and notifies a new waiting customer once allowed', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const first = await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000101', 'Oi');
    const { context, page } = await newPage(handle);
    await context.addInitScript(RECORD_NOTIFICATIONS);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await page.getByRole('tab', { name: 'Pending 1' }).waitFor();
      await page.getByRole('tab', { name: 'In progress 0' }).waitFor();
      await page.waitForFunction(() => document.title === '(1) Conversa');

      await page.getByRole('button', { name: 'Enable notifications' }).click();
      await page.getByRole('button', { name: 'Enable notifications' }).waitFor({ state: 'detached' });

      await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000102', 'Bom dia, vocês entregam?');
      await page.getByRole('tab', { name: 'Pending 2' }).waitFor();
      await page.waitForFunction(() => document.title === '(2) Conversa');
      await page.waitForFunction(() => (window as unknown as { __notifications: unknown[] }).__notifications.length > 0);
      const [shown] = await page.evaluate(
        () => (window as unknown as { __notifications: { title: string; body: string }[] }).__notifications,
      );
      assert.match(shown!.title, /New customer waiting: Customer 5511900000102/);
      assert.equal(shown!.body, 'Bom dia, vocês entregam?');

      // Attending moves the count between tabs; opening the chat reads it.
      await chatRow(page, 'Customer 5511900000101').click();
      await page.getByRole('button', { name: 'Attend' }).click();
      await page.getByRole('tab', { name: 'In progress 1' }).waitFor();
      await page.getByRole('tab', { name: 'Pending 1' }).waitFor();
      await page.waitForFunction(() => document.title === '(1) Conversa');

      // After a reload the open chat's tab is shown, with the chat in its list.
      await page.reload();
      await page.getByRole('tab', { name: /In progress/, selected: true }).waitFor();
      await chatRow(page, 'Customer 5511900000101').waitFor();
      assert.ok(page.url().endsWith(`/inbox/${first.chatId}`));
    } finally {
      await context.close();
    }
  });

  it('names the tabs with their counts in Portuguese', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    await customerWrites(svc, org.channels.whatsapp_zapi, '5511900000201', 'Oi');
    const context = await handle.browser.newContext({ locale: 'pt-BR' });
    // A headless browser answers `denied` before anyone is asked (the headless shell does), and the
    // console offers the button only while the choice is open: the page's Notification is this one.
    await context.addInitScript(RECORD_NOTIFICATIONS);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      await page.goto(`${svc.url}/app/`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.getByRole('tab', { name: 'Pendentes 1' }).waitFor();
      await page.getByRole('tab', { name: 'Encerradas 0' }).waitFor();
      await page.getByRole('button', { name: 'Ativar notificações' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
