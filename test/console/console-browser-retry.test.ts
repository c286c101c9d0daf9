/**
 * A failed reply in a real browser (DESIGN §11, docs/console.md), on SQLite and PostgreSQL: the
 * send that does not reach the service leaves no bubble, says why in a sentence, keeps the text,
 * and `Retry` sends it once. By role and label; the browser's network refuses the first send.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { customerWrites } from '../chats/support.js';
import { waitFor } from '../messages/support.js';
import { agentOrganization, chatRow, describeInBrowser, newPage, signInAs } from './browser.js';

describeInBrowser('agent console, failed send', (handle) => {
  it('offers Retry after a failed send, with no ghost bubble', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511933332222', 'Oi');
    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511933332222').click();
      const sends = `**/api/${org.organizationId}/chats/${chatId}/messages`;
      await page.route(sends, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Seu pedido saiu hoje');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('alert').filter({ hasText: 'Not sent: the service could not be reached' }).waitFor();
      const log = page.getByRole('log', { name: 'Messages' });
      const bubbles = log.getByRole('listitem').filter({ hasText: 'Seu pedido saiu hoje' });
      await bubbles.first().waitFor({ state: 'detached' });
      assert.equal(await box.inputValue(), 'Seu pedido saiu hoje', 'the text stays to retry');

      await page.unroute(sends);
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('button', { name: 'Retry' }).waitFor({ state: 'detached' });
      await bubbles.first().waitFor();
      const texts = async () =>
        (
          (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/chats/${chatId}/messages`, headers: org.keyHeader })).json()
            .data as { content: { text?: string } }[]
        ).filter((m) => m.content.text === 'Seu pedido saiu hoje');
      assert.equal((await waitFor(texts, (found) => found.length > 0)).length, 1);
      assert.equal(await bubbles.count(), 1);
    } finally {
      await context.close();
    }
  });

  it('Retry after a lost answer stores the reply once (the same Idempotency-Key)', async () => {
    const { svc } = handle;
    const { org, email } = await agentOrganization(svc);
    const { chatId } = await customerWrites(svc, org.channels.whatsapp_zapi, '5511933334321', 'Oi');
    const { context, page } = await newPage(handle);
    try {
      await signInAs(page, svc.url, email, PASSWORD);
      await chatRow(page, 'Customer 5511933334321').click();
      const sends = `**/api/${org.organizationId}/chats/${chatId}/messages`;
      const keys: string[] = [];
      // The first send reaches the service and is stored; its answer is lost on the way back.
      await page.route(sends, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        keys.push(route.request().headers()['idempotency-key'] ?? '');
        await route.fetch();
        await route.abort('connectionreset');
      });
      await page.getByRole('textbox', { name: 'Message' }).fill('Chega amanhã');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      await page.unroute(sends);
      await page.route(sends, (route) => {
        if (route.request().method() === 'POST') keys.push(route.request().headers()['idempotency-key'] ?? '');
        return route.continue();
      });
      // The Retry's answer (the stored reply, replayed under the same key) is awaited, not assumed.
      const answered = page.waitForResponse((res) => res.url().endsWith(`/chats/${chatId}/messages`) && res.request().method() === 'POST');
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('button', { name: 'Retry' }).waitFor({ state: 'detached' });
      assert.equal((await answered).status(), 201);
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByRole('listitem').filter({ hasText: 'Chega amanhã' }).first().waitFor();
      assert.equal(keys.length, 2);
      assert.ok(keys[0] && keys[0] === keys[1], `one key for both tries: ${keys.join(', ')}`);
      const stored = (
        (await svc.inject({ method: 'GET', url: `/api/${org.organizationId}/chats/${chatId}/messages`, headers: org.keyHeader })).json()
          .data as { content: { text?: string } }[]
      ).filter((m) => m.content.text === 'Chega amanhã');
      assert.equal(stored.length, 1, 'stored once');
      assert.equal(await log.getByRole('listitem').filter({ hasText: 'Chega amanhã' }).count(), 1);
    } finally {
      await context.close();
    }
  });
});
