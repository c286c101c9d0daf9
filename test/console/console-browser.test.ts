/**
 * The agent console in a real browser (docs/console.md), on SQLite and PostgreSQL: every element is
 * found by role and label (DESIGN §8's names), as a person finds it.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD, givePassword } from '../auth/support.js';
import { customerWrites, openChat } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import type { SeededOrganization, TestService } from '../support/harness.js';
import { describeInBrowser, newPage, signInAs } from './browser.js';

async function agentOrganization(svc: TestService, name = 'Acme'): Promise<{ org: SeededOrganization; email: string }> {
  const org = await svc.seedOrganization({ name });
  return { org, email: await givePassword(svc, org) };
}

/** The chat row of the inbox list, by the customer's name. */
function chatRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Chats' }).getByRole('link', { name: new RegExp(name) });
}

describeInBrowser('agent console', (env, handle) => {
  it('signs in (a refusal in an alert), shows the inbox, and signs out', async () => {
    const svc = await env.start({ listen: true });
    const { email } = await agentOrganization(svc);
    const { context, page } = await newPage(handle);
    try {
      await page.goto(`${svc.url}/app/`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').waitFor();
      assert.match((await page.getByRole('alert').textContent()) ?? '', /\S/);

      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      for (const tab of ['Pending', 'In progress', 'Await closing', 'Closed']) await page.getByRole('tab', { name: tab }).waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Email').waitFor();
      // The session is over: a reload stays on the sign-in form.
      await page.reload();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("shows a customer's message live, and a reply sent from the console reaches the chat's messages", async () => {
    const svc = await env.start({ listen: true });
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
      // The customer's message appears live once more while the chat is open.
      await customerWrites(svc, org.channels.whatsapp_zapi, '5511911112222', 'Thanks!');
      await log.getByText('Thanks!').waitFor();
    } finally {
      await context.close();
    }
  });

  it('lists chats by status under the Pending, In progress, Await closing and Closed tabs', async () => {
    const svc = await env.start({ listen: true });
    const { org, email } = await agentOrganization(svc);
    const api = (method: 'PUT', url: string, payload: unknown) =>
      svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
    const names = { pending: '5511900000001', in_progress: '5511900000002', await_closing: '5511900000003', closed: '5511900000004' };
    const chats: Record<string, string> = {};
    for (const [status, contact] of Object.entries(names)) {
      chats[status] = (await customerWrites(svc, org.channels.whatsapp_zapi, contact, `I am ${status}`)).chatId;
    }
    await api('PUT', `/chats/${chats.in_progress}/status`, { status: 'in_progress' });
    await api('PUT', `/chats/${chats.await_closing}/status`, { status: 'in_progress' });
    await api('PUT', `/chats/${chats.await_closing}/status`, { status: 'await_closing' });
    await api('PUT', `/chats/${chats.closed}/status`, { status: 'closed' });

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      const tabs: [string, keyof typeof names][] = [
        ['Pending', 'pending'],
        ['In progress', 'in_progress'],
        ['Await closing', 'await_closing'],
        ['Closed', 'closed'],
      ];
      for (const [tab, status] of tabs) {
        await page.getByRole('tab', { name: tab }).click();
        await chatRow(page, `Customer ${names[status]}`).waitFor();
        for (const [other, contact] of Object.entries(names)) {
          if (other !== status) assert.equal(await chatRow(page, `Customer ${contact}`).count(), 0, `${contact} under ${tab}`);
        }
      }
      // Attending from the chat view moves the chat from Pending to In progress.
      await page.getByRole('tab', { name: 'Pending' }).click();
      await chatRow(page, `Customer ${names.pending}`).click();
      await page.getByRole('button', { name: 'Attend' }).click();
      await page.getByRole('button', { name: 'Ask to close' }).waitFor();
      await chatRow(page, `Customer ${names.pending}`).waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'In progress' }).click();
      await chatRow(page, `Customer ${names.pending}`).waitFor();
    } finally {
      await context.close();
    }
  });

  it('moves a customer on the funnel board by keyboard and by drag and drop', async () => {
    const svc = await env.start({ listen: true });
    const { org, email } = await agentOrganization(svc);
    const stage = async (name: string, position: number) =>
      (await svc.admin('POST', `/organizations/${org.organizationId}/stages`, { name, position })).json().data.id as string;
    const lead = await stage('Lead', 1);
    const qualified = await stage('Qualified', 2);
    const won = await stage('Won', 3);
    const created = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/customers`,
      headers: org.keyHeader,
      payload: { name: 'Bruna Board', contacts: [{ type: 'whatsapp', value: '5511933334444' }], stageId: lead },
    });
    assert.equal(created.statusCode, 201, created.body);
    const customerId = created.json().data.id as string;
    const stageOf = async () =>
      (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/customers/${customerId}`, headers: org.keyHeader })).json().data
        .stageId;

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await page.getByRole('link', { name: 'Funnel' }).click();
      const card = (stageName: string) => page.getByRole('list', { name: stageName }).getByRole('listitem', { name: /Bruna Board/ });
      await card('Lead').focus();
      await page.keyboard.press('ArrowRight');
      await card('Qualified').waitFor();
      assert.equal(await waitFor(stageOf, (id) => id === qualified), qualified);

      await card('Qualified').dragTo(page.getByRole('list', { name: 'Won' }));
      await card('Won').waitFor();
      assert.equal(await waitFor(stageOf, (id) => id === won), won);
    } finally {
      await context.close();
    }
  });

  it('loses nothing over a reconnect: offline, three customers write, online, all three shown', async () => {
    const svc = await env.start({ listen: true });
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

  it("shows an organization's agent none of another organization's chats", async () => {
    const svc = await env.start({ listen: true });
    const a = await agentOrganization(svc, 'Org A');
    const b = await agentOrganization(svc, 'Org B');
    const chatOfA = await openChat(svc, a.org, '5511977770001');
    await openChat(svc, b.org, '5511977770002');
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
