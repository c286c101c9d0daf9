/**
 * Issue 24's items walked as an agent would, in English and in pt-BR at 1440×900, on SQLite and
 * PostgreSQL, by role and label (DESIGN §11, docs/console.md): the tab counts under the `Channel`
 * filter, the title count and `Enable notifications`, search, a canned response, the emoji picker,
 * the agent's name on the reply, a customer's edit, deletion and reaction
 * and an echo from the phone, a private note, `Retry`, a previous conversation opened read-only, the
 * shortcuts, `New customer` on the board, the dark theme, and a notification for a new customer.
 * Every pt-BR page is checked for English left. With SCREENSHOTS=1 each step writes
 * docs/images/<item>-<language>.png (docs/console.md shows them under each item).
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../auth/support.js';
import { addMember } from '../chats/support.js';
import { post, waitFor } from '../messages/support.js';
import type { TestService } from '../support/harness.js';
import {
  agentOrganization,
  describeInBrowser,
  localizedPage,
  shoot,
  signInIn,
  type BrowserHandle,
  type ConsoleLanguage,
} from './browser.js';
import { untranslated } from './i18n-check.js';

const WORDS = {
  en: {
    pending: (n: number) => `Pending ${n}`,
    chats: 'Chats',
    sound: 'Sound on new messages',
    notify: 'Enable notifications',
    channel: 'Channel',
    search: 'Search',
    results: 'Search results',
    messagesFound: 'Messages found',
    message: 'Message',
    canned: 'Canned responses',
    send: 'Send',
    log: 'Messages',
    edited: '· edited',
    deleted: 'Message deleted',
    fromPhone: '· sent from the phone',
    reactions: 'Reactions',
    noteMode: 'Private note',
    addNote: 'Add private note',
    noteLabel: 'Private note · Tester',
    notSent: 'Not sent: the service could not be reached',
    retry: 'Retry',
    customer: 'Customer',
    previous: 'Previous conversations',
    closedChat: 'This chat is closed.',
    details: 'Details',
    name: 'Name',
    email: 'Email',
    addContact: 'Add contact',
    newContact: 'New contact',
    contactType: 'Contact type',
    shortcuts: 'Keyboard shortcuts',
    funnel: 'Funnel',
    newCustomer: 'New customer',
    customerName: 'Customer name',
    stage: 'Funnel stage',
    addCustomer: 'Add customer',
    board: /^Proposta/,
    waiting: 'New customer waiting: Daniel Costa',
  },
  'pt-BR': {
    pending: (n: number) => `Pendentes ${n}`,
    chats: 'Conversas',
    sound: 'Som em novas mensagens',
    notify: 'Ativar notificações',
    channel: 'Canal',
    search: 'Buscar',
    results: 'Resultados da busca',
    messagesFound: 'Mensagens encontradas',
    message: 'Mensagem',
    canned: 'Respostas prontas',
    send: 'Enviar',
    log: 'Mensagens',
    edited: '· editada',
    deleted: 'Mensagem apagada',
    fromPhone: '· enviada pelo celular',
    reactions: 'Reações',
    noteMode: 'Nota interna',
    addNote: 'Adicionar nota interna',
    noteLabel: 'Nota interna · Tester',
    notSent: 'Não enviada: não foi possível falar com o serviço',
    retry: 'Tentar novamente',
    customer: 'Cliente',
    previous: 'Conversas anteriores',
    closedChat: 'Esta conversa está encerrada.',
    details: 'Dados',
    name: 'Nome',
    email: 'E-mail',
    addContact: 'Adicionar contato',
    newContact: 'Novo contato',
    contactType: 'Tipo de contato',
    shortcuts: 'Atalhos de teclado',
    funnel: 'Funil',
    newCustomer: 'Novo cliente',
    customerName: 'Nome do cliente',
    stage: 'Etapa do funil',
    addCustomer: 'Adicionar cliente',
    board: /^Proposta/,
    waiting: 'Novo cliente aguardando: Daniel Costa',
  },
} as const;

/** The data the pages show, which is no catalogue's (names, messages, the seeded records). */
const DATA = [
  /Ana Souza( Lima)?|ana@example\.com|João Pereira|Bruna Lima|Carla Dias|Daniel Costa|Elisa Nova|Tester|Bia|Loja da Ana/,
  /pedido|Recife|tamanho|etiqueta|Separei|azul|amanhã|Obrigado|errada|ligar|Chega/i,
  /Sandbox whatsapp_\w+|Lead|Proposta|obrigado|Agradecimento|WhatsApp/,
];

/** A granted-on-request Notification that records what the console announces; WebAudio silenced (the sound is ticked). */
const RECORD_NOTIFICATIONS = `
  window.AudioContext = class {
    constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
    resume() { return Promise.resolve(); }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }; }
    createOscillator() { return { type: '', frequency: { setValueAtTime() {} }, connect() {}, start() {}, stop() {} }; }
  };
  window.__notifications = [];
  window.Notification = class {
    static permission = 'default';
    static requestPermission() { window.Notification.permission = 'granted'; return Promise.resolve('granted'); }
    constructor(title, options) { window.__notifications.push({ title, body: options && options.body }); }
    close() {}
  };
`;

let seq = 0;

/** A customer writing on a sandbox channel, with a name; answers our message and chat ids and the provider's id. */
async function writes(svc: TestService, channelId: string, from: string, name: string, text: string) {
  const providerId = `tour-${Date.now()}-${++seq}`;
  const res = await post(svc, `/channels/${channelId}/webhook`, {
    event: 'message',
    message_id: providerId,
    from,
    name,
    type: 'text',
    content: { text },
  });
  assert.equal(res.status, 200, res.text);
  const row = await waitFor(
    () => svc.db.selectFrom('messages').select(['id', 'chat_id']).where('provider_message_id', '=', providerId).executeTakeFirst(),
    (r) => r !== undefined,
  );
  return { providerId, messageId: row!.id, chatId: row!.chat_id };
}

/** The sandbox's simulation of a channel's news (src/channels/sandbox/sandbox-news.ts). */
async function news(svc: TestService, channelId: string, body: Record<string, unknown>) {
  const res = await post(svc, `/channels/${channelId}/webhook`, { message_id: `tour-news-${++seq}`, ...body });
  assert.equal(res.status, 200, res.text);
}

async function seed(svc: TestService) {
  const { org, email } = await agentOrganization(svc, 'Loja da Ana');
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    svc.inject({ method, url: `/api/${org.organizationId}${url}`, headers: org.keyHeader, payload: payload as never });
  for (const [position, name] of ['Lead', 'Proposta'].entries()) {
    const stage = await svc.admin('POST', `/organizations/${org.organizationId}/stages`, { name, position });
    assert.equal(stage.statusCode, 201, stage.body);
  }
  await addMember(svc, org.organizationId, 'Bia');
  const canned = await api('POST', '/canned-responses', {
    shortcut: 'obrigado',
    title: 'Agradecimento',
    content: 'Obrigado, {{customer.name}}! Seu pedido sai hoje.',
  });
  assert.equal(canned.statusCode, 201, canned.body);
  const zapi = org.channels.whatsapp_zapi;
  const ana = '5511987650001';
  const earlier = await writes(svc, zapi, ana, 'Ana Souza', 'Meu pedido 4400 chegou quebrado');
  assert.equal((await api('PUT', `/chats/${earlier.chatId}/status`, { status: 'closed' })).statusCode, 200);
  const now = await writes(svc, zapi, ana, 'Ana Souza', 'Oi! O pedido 4521 já chegou?');
  await writes(svc, zapi, '5511912345678', 'João Pereira', 'Vocês entregam em Recife?');
  await writes(svc, zapi, '5511933330003', 'Bruna Lima', 'Quero trocar o tamanho da blusa');
  await writes(svc, org.channels.whatsapp_waha, '5511944440004', 'Carla Dias', 'Tem a blusa azul?');
  return { org, email, api, ana, anaChat: now.chatId, anaFirst: now.providerId, earlierChat: earlier.chatId };
}

type Seeded = Awaited<ReturnType<typeof seed>>;

const row = (page: Page, language: ConsoleLanguage, name: string) =>
  page.getByRole('list', { name: WORDS[language].chats }).getByRole('link', { name: new RegExp(name) });

async function noEnglish(page: Page, language: ConsoleLanguage, where: string) {
  if (language !== 'pt-BR') return;
  assert.deepEqual(await untranslated(page, DATA), [], `English left on ${where}`);
}

/** The inbox: counts under a filter, the title, notifications' controls, search. */
async function inbox(page: Page, language: ConsoleLanguage) {
  const W = WORDS[language];
  await page.getByRole('tab', { name: W.pending(4) }).waitFor();
  await page.getByRole('checkbox', { name: W.sound }).check();
  await waitFor(
    () => page.title(),
    (title) => title === '(4) Conversa',
  );
  await page.getByRole('button', { name: W.notify }).waitFor();
  await noEnglish(page, language, 'the inbox');
  await shoot(page, 'notifications', language);
  await page.getByRole('button', { name: W.notify }).click();
  await page.getByRole('button', { name: W.notify }).waitFor({ state: 'detached' });

  // The shared channel picker reads channels as everywhere (channelLabel); the counts follow the filter.
  await page.getByRole('combobox', { name: new RegExp(`^${W.channel}`) }).selectOption({ label: 'Sandbox whatsapp_zapi' });
  await page.getByRole('tab', { name: W.pending(3) }).waitFor();
  await row(page, language, 'Carla Dias').waitFor({ state: 'detached' });
  await shoot(page, 'list', language);

  await page.keyboard.press('/');
  await page.keyboard.type('pedido cheg');
  const results = page.getByRole('region', { name: W.results });
  await results
    .getByRole('list', { name: W.messagesFound })
    .getByRole('link', { name: /O pedido 4521/ })
    .waitFor();
  await results
    .getByRole('list', { name: W.messagesFound })
    .getByRole('link', { name: /Meu pedido 4400/ })
    .waitFor();
  await noEnglish(page, language, 'the search results');
  await shoot(page, 'search', language);
  await results
    .getByRole('list', { name: W.messagesFound })
    .getByRole('link', { name: /O pedido 4521/ })
    .click();
  await results.waitFor({ state: 'detached' });
}

/** The composer and the timeline, in Ana's chat. */
async function composer(page: Page, language: ConsoleLanguage, svc: TestService, s: Seeded) {
  const W = WORDS[language];
  const log = page.getByRole('log', { name: W.log });
  await log.getByText('Oi! O pedido 4521 já chegou?').waitFor();
  const box = page.getByRole('textbox', { name: W.message, exact: true });

  await box.fill('/obr');
  const canned = page.getByRole('listbox', { name: W.canned });
  await canned.getByRole('option', { name: /obrigado/ }).waitFor();
  await noEnglish(page, language, 'the canned responses');
  await shoot(page, 'canned', language);
  await box.press('Enter');
  assert.equal(await box.inputValue(), 'Obrigado, Ana Souza! Seu pedido sai hoje.');
  await page.getByRole('button', { name: W.send, exact: true }).click();
  // The agent's name on the reply.
  const reply = log.getByRole('listitem').filter({ hasText: 'Obrigado, Ana Souza!' });
  await reply.filter({ hasText: 'Tester ·' }).waitFor();
  // The box empties once the service has the reply.
  assert.equal(
    await waitFor(
      () => box.inputValue(),
      (v) => v === '',
    ),
    '',
  );

  await page.getByRole('button', { name: 'Emoji' }).click();
  for (let tries = 0; tries < 20 && !(await box.inputValue()); tries++) {
    await page.locator('emoji-picker').getByRole('menuitem').first().click();
    await page.waitForTimeout(100);
  }
  assert.match(await box.inputValue(), /\p{Extended_Pictographic}/u);
  // Styled despite the page's CSP (its own sheet is 400 px high; unstyled it runs down the page).
  const picker = await page.locator('emoji-picker').boundingBox();
  assert.ok(picker && picker.height <= 410 && picker.height >= 300, `the picker's height: ${picker?.height}`);
  const categories = await page.locator('emoji-picker').getByRole('tablist').boundingBox();
  assert.ok(categories && categories.height < 80, `the categories in one row: ${categories?.height}`);
  await shoot(page, 'emoji', language);
  await page.getByRole('button', { name: 'Emoji' }).click();
  await box.fill('');

  const stored = (await s.api('GET', `/chats/${s.anaChat}/messages`)).json().data as { id: string; content: { text?: string } }[];

  // The customer edits and deletes, reacts to the reply; a message sent from the business's phone echoes.
  const channelId = s.org.channels.whatsapp_zapi;
  const replyId = stored.find((m) => m.content.text?.startsWith('Obrigado, Ana Souza!'))!.id;
  await news(svc, channelId, {
    event: 'edit',
    from: s.ana,
    target_message_id: s.anaFirst,
    content: { text: 'Oi! O pedido 4521 já chegou? É o azul.' },
  });
  const wrong = await writes(svc, channelId, s.ana, 'Ana Souza', 'mensagem errada');
  await news(svc, channelId, { event: 'delete', from: s.ana, target_message_id: wrong.providerId });
  await news(svc, channelId, { event: 'reaction', from: s.ana, target_message_id: replyId, emoji: '❤️' });
  await news(svc, channelId, { event: 'echo', to: s.ana, type: 'text', content: { text: 'Separei seu pedido agora.' } });
  await log.getByRole('listitem').filter({ hasText: 'É o azul.' }).filter({ hasText: W.edited }).waitFor();
  await log.getByRole('listitem').filter({ hasText: W.deleted }).waitFor();
  await reply.getByLabel(W.reactions).getByText('❤️').waitFor();
  await log.getByRole('listitem').filter({ hasText: 'Separei seu pedido agora.' }).filter({ hasText: W.fromPhone }).waitFor();
  await noEnglish(page, language, 'the timeline');
  await shoot(page, 'context', language);

  await page.getByRole('checkbox', { name: W.noteMode }).check();
  await box.fill('@Bia pode ligar para a cliente amanhã?');
  await page.getByRole('button', { name: W.addNote }).click();
  await log.getByRole('listitem').filter({ hasText: 'pode ligar para a cliente' }).filter({ hasText: W.noteLabel }).waitFor();
  await noEnglish(page, language, 'a private note');
  await shoot(page, 'note', language);
  await page.getByRole('checkbox', { name: W.noteMode }).uncheck();

  const sends = `**/api/${s.org.organizationId}/chats/${s.anaChat}/messages`;
  await page.route(sends, (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await box.fill('Chega amanhã até as 18h');
  await page.getByRole('button', { name: W.send, exact: true }).click();
  await page.getByRole('alert').filter({ hasText: W.notSent }).waitFor();
  await page.getByRole('button', { name: W.retry }).waitFor();
  assert.equal(await log.getByRole('listitem').filter({ hasText: 'Chega amanhã até as 18h' }).count(), 0, 'no ghost bubble');
  await noEnglish(page, language, 'a failed send');
  await shoot(page, 'retry', language);
  await page.unroute(sends);
  await page.getByRole('button', { name: W.retry }).click();
  await log.getByRole('listitem').filter({ hasText: 'Chega amanhã até as 18h' }).waitFor();
}

/** The customer's name, e-mail and contacts edited in the panel, and stored. */
async function details(page: Page, language: ConsoleLanguage, s: Seeded) {
  const W = WORDS[language];
  const panel = page.getByRole('complementary', { name: W.customer });
  const section = panel.getByRole('region', { name: W.details });
  const customerId = (await s.api('GET', `/chats/${s.anaChat}`)).json().data.customerId as string;
  const stored = async () =>
    (await s.api('GET', `/customers/${customerId}`)).json().data as {
      name: string;
      email: string | null;
      contacts: { type: string; value: string }[];
    };
  await section.getByLabel(W.name, { exact: true }).fill('Ana Souza Lima');
  await section.getByLabel(W.email, { exact: true }).fill('ana@example.com');
  await section.getByLabel(W.email, { exact: true }).blur();
  await waitFor(stored, (c) => c.name === 'Ana Souza Lima' && c.email === 'ana@example.com');
  const add = section.getByRole('form', { name: W.addContact });
  await add.getByLabel(W.contactType).selectOption('phone');
  await add.getByLabel(W.newContact).fill('+55 11 3333-4444');
  await add.getByRole('button', { name: W.addContact }).click();
  await section.getByRole('button', { name: /^(Remove contact|Remover contato) \+?55 ?11 ?3333/ }).waitFor();
  const after = await waitFor(stored, (c) => c.contacts.length === 2);
  assert.deepEqual(after.contacts.map((c) => c.type).sort(), ['phone', 'whatsapp']);
  // The chat's header follows the rename (customer.updated re-reads the open chat).
  await page
    .getByRole('region', { name: /Ana Souza Lima/ })
    .getByRole('heading', { name: 'Ana Souza Lima' })
    .waitFor();
  await noEnglish(page, language, 'the customer details');
  await shoot(page, 'customer', language);
}

/** Previous conversations, the shortcuts, the board's `New customer`, a notification. */
async function around(page: Page, language: ConsoleLanguage, svc: TestService, s: Seeded) {
  const W = WORDS[language];
  const previous = page.getByRole('complementary', { name: W.customer }).getByRole('region', { name: W.previous });
  await previous.getByRole('link', { name: /Meu pedido 4400/ }).click();
  await page.waitForURL(`**/inbox/${s.earlierChat}`);
  await page.getByText(W.closedChat, { exact: false }).waitFor();
  assert.equal(await page.getByRole('textbox', { name: W.message, exact: true }).count(), 0, 'read-only');
  await noEnglish(page, language, 'a previous conversation');
  await shoot(page, 'previous', language);

  await page.keyboard.press('?');
  await page.getByRole('dialog', { name: W.shortcuts }).waitFor();
  await noEnglish(page, language, 'the shortcuts');
  await shoot(page, 'shortcuts', language);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: W.shortcuts }).waitFor({ state: 'detached' });

  await page.getByRole('link', { name: W.funnel, exact: true }).click();
  await page.getByRole('button', { name: W.newCustomer }).click();
  const form = page.getByRole('form', { name: W.newCustomer });
  await form.getByLabel(W.customerName).fill('Elisa Nova');
  await form.getByLabel('WhatsApp').fill('5511977776666');
  await form.getByLabel(W.stage).selectOption({ label: 'Proposta' });
  await noEnglish(page, language, 'the new customer form');
  await shoot(page, 'funnel-new-customer', language);
  await form.getByRole('button', { name: W.addCustomer }).click();
  await page.getByRole('region', { name: W.board }).getByText('Elisa Nova').waitFor();

  // Away from the inbox, a new customer is announced (the permission was given on the click above).
  await writes(svc, s.org.channels.whatsapp_zapi, '5511955550005', 'Daniel Costa', 'Bom dia, vocês abrem sábado?');
  await page.waitForFunction(() => (window as unknown as { __notifications: unknown[] }).__notifications.length > 0);
  const [shown] = await page.evaluate(() => (window as unknown as { __notifications: { title: string }[] }).__notifications);
  assert.equal(shown!.title, W.waiting);
}

async function tour(handle: BrowserHandle, language: ConsoleLanguage) {
  const { svc } = handle;
  const s = await seed(svc);
  const { context, page } = await localizedPage(handle, language);
  await context.addInitScript(RECORD_NOTIFICATIONS);
  try {
    await signInIn(page, language, svc.url, s.email, PASSWORD);
    await inbox(page, language);
    await composer(page, language, svc, s);
    await details(page, language, s);
    await around(page, language, svc, s);
  } catch (err) {
    await page.screenshot({ path: `/tmp/debug-${language}.png` });
    throw err;
  } finally {
    await context.close();
  }
  // The same chat under a dark system theme.
  const dark = await localizedPage(handle, language, { colorScheme: 'dark' });
  try {
    await signInIn(dark.page, language, svc.url, s.email, PASSWORD);
    await dark.page.goto(`${svc.url}/app/o/${s.org.organizationId}/inbox/${s.anaChat}`);
    await dark.page.getByRole('log', { name: WORDS[language].log }).getByText('Separei seu pedido agora.').waitFor();
    const background = await dark.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(background, 'rgb(15, 20, 26)', 'the dark background');
    await shoot(dark.page, 'dark', language);
  } finally {
    await dark.context.close();
  }
}

describeInBrowser('agent console, the second edition walked through', (handle) => {
  for (const language of ['en', 'pt-BR'] as const) {
    it(`every item of issue 24 as an agent does it (${language})`, async () => {
      await tour(handle, language);
    });
  }
});
