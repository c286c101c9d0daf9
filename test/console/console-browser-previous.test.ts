/**
 * The customer's previous conversations in a real browser (DESIGN §11, docs/console.md), on SQLite
 * and PostgreSQL: the panel beside a chat lists the customer's closed chats, and one opens
 * read-only (no reply box); `New conversation` from a closed chat opens a new one with a first
 * message, or, on an official channel (the Cloud API fake) with a customer outside the 24-hour
 * window, with a template: chosen, its variables filled and previewed, sent, and the new chat's
 * bubble showing the filled text, in English and in pt-BR. By role and label. With SCREENSHOTS=1
 * it writes docs/images/new-conversation-{en,pt-BR}.png and template-sent-{en,pt-BR}.png.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { PASSWORD } from '../auth/support.js';
import { CLOUD, customerWrites, officialChannel } from '../chats/support.js';
import { cloudWebhook, startWhatsAppCloudFake, type WhatsAppCloudFake } from '../fakes/whatsapp-cloud.fake.js';
import { metaSigned } from '../fakes/provider-test-kit.js';
import { post, waitFor } from '../messages/support.js';
import {
  agentOrganization,
  chatRow,
  describeInBrowser,
  localizedPage,
  newPage,
  shoot,
  signInAs,
  signInIn,
  type ConsoleLanguage,
} from './browser.js';
import { untranslated } from './i18n-check.js';

const WORDS = {
  en: {
    closed: /^Closed/,
    inProgressOne: 'In progress 1',
    chats: 'Chats',
    window: '24-hour window',
    windowClosed: /window closed/,
    newConversation: 'New conversation',
    firstMessage: 'First message',
    template: 'Template',
    variable: (n: number) => `Variable ${n}`,
    preview: 'Preview',
    send: 'Send template',
    messages: 'Messages',
    sentAs: 'Template pedido_enviado',
  },
  'pt-BR': {
    closed: /^Encerradas/,
    inProgressOne: 'Em atendimento 1',
    chats: 'Conversas',
    window: 'Janela de 24 horas',
    windowClosed: /janela de 24 horas fechada/i,
    newConversation: 'Nova conversa',
    firstMessage: 'Primeira mensagem',
    template: 'Modelo',
    variable: (n: number) => `Variável ${n}`,
    preview: 'Prévia',
    send: 'Enviar modelo',
    messages: 'Mensagens',
    sentAs: 'Modelo pedido_enviado',
  },
} as const;

describeInBrowser('agent console, previous conversations', (handle) => {
  let cloud: WhatsAppCloudFake;
  before(async () => {
    cloud = await startWhatsAppCloudFake(CLOUD);
  });
  after(() => cloud.close());
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

  for (const language of ['en', 'pt-BR'] as const satisfies ConsoleLanguage[]) {
    it(`re-engages a customer outside the 24-hour window with a template, variables previewed (${language})`, async () => {
      const W = WORDS[language];
      const { svc } = handle;
      const { org, email } = await agentOrganization(svc, 'Loja da Ana');
      // The window is enforced by us and by the fake (which refuses free-form text to this number).
      const channelId = await officialChannel(svc, org, cloud.url, { enforceWhatsAppWindow: true });
      await svc.services.templates.create(org.organizationId, {
        channelId,
        name: 'pedido_enviado',
        language: 'pt_BR',
        status: 'approved',
        components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu.' } as { type: string }],
      });
      // The customer wrote two days ago (a signed Cloud API callback carrying that time); the chat was closed since.
      const customer = language === 'en' ? '5511955550001' : '5511955550002';
      cloud.windowClosed.add(customer);
      const twoDaysAgo = Math.floor((Date.now() - 2 * 24 * 3_600_000) / 1000);
      const inbound = cloudWebhook(
        {
          contacts: [{ profile: { name: 'Ana Paula' }, wa_id: customer }],
          messages: [
            {
              from: customer,
              id: `wamid.OLD-${customer}`,
              timestamp: String(twoDaysAgo),
              type: 'text',
              text: { body: 'Quero o modelo azul' },
            },
          ],
        },
        CLOUD.phoneNumberId,
      );
      const signed = metaSigned(inbound, 'app-secret');
      const received = await post(svc, `/channels/${channelId}/webhook`, signed.body, signed.headers);
      assert.equal(received.status, 200, received.text);
      const api = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
        svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
      const old = await waitFor(
        () =>
          svc.db.selectFrom('chats').select(['id', 'customer_id', 'last_inbound_at']).where('contact', '=', customer).executeTakeFirst(),
        (c) => c?.last_inbound_at != null,
      );
      assert.ok(Date.parse(old!.last_inbound_at!) < Date.now() - 24 * 3_600_000, 'outside the window');
      assert.equal((await api('PUT', `/chats/${old!.id}/status`, { status: 'closed' })).statusCode, 200);

      const { context, page } = await localizedPage(handle, language);
      try {
        await signInIn(page, language, svc.url, email, PASSWORD);
        await page.getByRole('tab', { name: W.closed }).click();
        await page
          .getByRole('list', { name: W.chats })
          .getByRole('link', { name: /Ana Paula/ })
          .click();
        await page.getByRole('note', { name: W.window }).getByText(W.windowClosed).waitFor();
        await page.getByRole('button', { name: W.newConversation }).click();
        const form = page.getByRole('form', { name: W.newConversation });
        // On an official channel only a template may start it: no free text, and nothing to send until one is chosen and filled.
        assert.equal(await form.getByLabel(W.firstMessage).count(), 0);
        const send = form.getByRole('button', { name: W.send });
        assert.ok(await send.isDisabled(), 'no template chosen');
        await form.getByRole('combobox', { name: new RegExp(`^${W.template}`) }).selectOption({ label: 'pedido_enviado (pt_BR)' });
        const preview = form.getByRole('figure', { name: W.preview });
        await form.getByLabel(W.variable(1)).fill('Ana');
        await preview.getByText('Olá Ana, seu pedido {{2}} saiu.').waitFor();
        assert.ok(await send.isDisabled(), 'not with {{2}} blank');
        await form.getByLabel(W.variable(2)).fill('4521');
        await preview.getByText('Olá Ana, seu pedido 4521 saiu.').waitFor();
        if (language === 'pt-BR') assert.deepEqual(await untranslated(page, [/Ana Paula/, /pedido/i, /Quero o modelo azul/]), []);
        await shoot(page, 'new-conversation', language);
        await send.click();

        // The new chat opens, its bubble showing the body as the customer reads it.
        await page.waitForURL((url) => /\/inbox\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith(old!.id));
        const log = page.getByRole('log', { name: W.messages });
        await log.getByText('Olá Ana, seu pedido 4521 saiu.').waitFor();
        await log.getByText(W.sentAs).waitFor();
        await page.getByRole('tab', { name: W.inProgressOne }).waitFor();
        await shoot(page, 'template-sent', language);
        const sent = cloud.requests.filter((r) => r.json?.to === customer);
        assert.equal(sent.length, 1, 'one message to the customer');
        assert.equal(sent[0]!.json.type, 'template');
        assert.deepEqual(sent[0]!.json.template.components, [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '4521' },
            ],
          },
        ]);
        const chats = (await api('GET', `/chats?customerId=${old!.customer_id}`)).json().data as { id: string; status: string }[];
        assert.equal(chats.length, 2);
        const fresh = chats.find((c) => c.id !== old!.id)!;
        assert.ok(page.url().endsWith(fresh.id));
        const messages = (await api('GET', `/chats/${fresh.id}/messages`)).json().data as { type: string; content: { name?: string } }[];
        assert.deepEqual(
          messages.map((m) => [m.type, m.content.name]),
          [['template', 'pedido_enviado']],
        );
      } finally {
        await context.close();
      }
    });
  }
});
