/**
 * The agent console's CRM pages in a real browser (docs/console.md), on SQLite and PostgreSQL: the
 * funnel board (drag and drop, keyboard), the customer panel beside a chat, the settings. By role
 * and label only.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, CRM', (handle) => {
  it('moves a customer on the funnel board by keyboard and by drag and drop', async () => {
    const { svc } = handle;
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

  it('edits the customer beside the chat (tags, stage, field, notes) and the settings (tag, API key)', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const lead = (await svc.admin('POST', `/organizations/${org.organizationId}/stages`, { name: 'Lead', position: 1 })).json().data.id;
    await svc.admin('POST', `/organizations/${org.organizationId}/custom-fields`, { slug: 'city', name: 'City', type: 'text' });
    const vip = await svc.inject({
      method: 'POST',
      url: `/api/${org.organizationId}/tags`,
      headers: org.keyHeader,
      payload: { name: 'VIP', color: '#d97706' },
    });
    assert.equal(vip.statusCode, 201, vip.body);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511966667777', 'Hello there');
    const customerId = (
      await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/chats/${chatId}`, headers: org.keyHeader })
    ).json().data.customerId as string;
    const customer = async () =>
      (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/customers/${customerId}`, headers: org.keyHeader })).json().data;

    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511966667777').click();
      const panel = page.getByRole('complementary', { name: 'Customer' });
      await panel.getByLabel('Tag to add').selectOption({ label: 'VIP' });
      await panel.getByRole('button', { name: 'Add tag' }).click();
      await panel.getByRole('button', { name: 'Remove tag VIP' }).waitFor();
      assert.deepEqual(
        (await customer()).tags.map((t: { name: string }) => t.name),
        ['VIP'],
      );
      await panel.getByRole('button', { name: 'Remove tag VIP' }).click();
      await panel.getByRole('button', { name: 'Remove tag VIP' }).waitFor({ state: 'detached' });
      assert.deepEqual((await customer()).tags, []);

      await panel.getByLabel('Funnel stage').selectOption({ label: 'Lead' });
      await waitFor(customer, (c) => c.stageId === lead);
      await panel.getByLabel('City').fill('Recife');
      await panel.getByLabel('City').blur();
      await waitFor(customer, (c) =>
        c.customFields.some((f: { slug: string; value: unknown }) => f.slug === 'city' && f.value === 'Recife'),
      );

      await panel.getByLabel('Note title').fill('Call back');
      await panel.getByLabel('Note text').fill('After 5 pm');
      await panel.getByRole('button', { name: 'Add note' }).click();
      await panel.getByRole('button', { name: 'Edit note Call back' }).click();
      await panel.getByLabel('Title', { exact: true }).fill('Call back tomorrow');
      await panel.getByRole('button', { name: 'Save note' }).click();
      await panel.getByRole('button', { name: 'Delete note Call back tomorrow' }).click();
      await panel.getByRole('button', { name: 'Delete note Call back tomorrow' }).waitFor({ state: 'detached' });
      const notes = await svc.inject({
        method: 'GET',
        url: `/api/${org.organizationId}/customers/${customerId}/notes`,
        headers: org.keyHeader,
      });
      assert.deepEqual(notes.json().data, []);
      const noteEvents = await svc.db
        .selectFrom('events')
        .select('type')
        .where('organization_id', '=', org.organizationId)
        .where('type', 'like', 'customer.note_%')
        .orderBy('seq')
        .execute();
      assert.deepEqual(
        noteEvents.map((e) => e.type),
        ['customer.note_created', 'customer.note_updated', 'customer.note_deleted'],
      );

      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByLabel('Tag name').fill('Wholesale');
      await page.getByRole('button', { name: 'Add tag' }).click();
      await page.getByRole('button', { name: 'Delete tag Wholesale' }).waitFor();
      await page.getByRole('tab', { name: 'API keys' }).click();
      await page.getByLabel('Key name').fill('Zapier');
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = (await page.getByRole('status').filter({ hasText: 'shown once' }).textContent()) ?? '';
      const key = /cnv_\S+/.exec(shown)?.[0];
      assert.ok(key, shown);
      assert.equal(
        (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags`, headers: { 'x-api-key': key } })).statusCode,
        200,
      );
      await page.getByRole('button', { name: 'Revoke key Zapier' }).click();
      await page.getByRole('button', { name: 'Revoke key Zapier' }).waitFor({ state: 'detached' });
      assert.equal(
        (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/tags`, headers: { 'x-api-key': key } })).statusCode,
        401,
      );
    } finally {
      await context.close();
    }
  });
});
