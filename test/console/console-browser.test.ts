/**
 * The agent console in a real browser (docs/console.md), on SQLite and PostgreSQL: sign-in and
 * sign-out, the organization picker, the status tabs. Every element is found by role and label
 * (DESIGN §8's names), as a person finds it. Also console-browser-crm.test.ts (customer panel,
 * funnel, settings) and console-browser-live.test.ts (live updates).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console', (handle) => {
  it('signs in (a refusal in an alert), shows the inbox, and signs out', async () => {
    const { svc } = handle;
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

  it('lets an agent of two organizations pick one; the address names it, and the picker switches', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc, 'First Org');
    const second = await svc.seedOrganization({ name: 'Second Org' });
    await svc.services.tenancy.addMember(second.organizationId, { profileId: org.profileId, role: 'agent' });
    // A chat its customer wrote in: the Pending tab lists only those (a send-opened one waits for an answer).
    await customerWrites(svc, second.channels.whatsapp_zapi, '5511988880001', 'Oi');
    const { context, page } = await newPage(handle);
    try {
      await page.goto(`${svc.url}/app/`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('link', { name: 'Second Org' }).click();
      await page.waitForURL(`**/app/o/${second.organizationId}/inbox`);
      await chatRow(page, '5511988880001').waitFor();
      // A member, not an admin, of the second: no settings there.
      assert.equal(await page.getByRole('link', { name: 'Settings' }).count(), 0);
      await page.getByLabel('Organization').selectOption({ label: 'First Org' });
      await page.waitForURL(`**/app/o/${org.organizationId}/inbox`);
      await page.getByRole('link', { name: 'Settings' }).waitFor();
      assert.equal(await chatRow(page, '5511988880001').count(), 0);
    } finally {
      await context.close();
    }
  });

  it('lists chats by status under the Pending, In progress, Await closing and Closed tabs', async () => {
    const { svc } = handle;
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
});
