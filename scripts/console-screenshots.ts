/**
 * Takes the console screenshots of docs/console.md (docs/images/console-*.png) with Debian's
 * Chromium: a service on a temporary SQLite file, seeded like a small shop's week through the same
 * API and sandbox callbacks a real one uses, then the inbox, a chat with the customer panel, the
 * funnel board and a chat at a phone's width.
 *
 *   npx tsx scripts/console-screenshots.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/config.js';
import { createRuntime } from '../src/runtime.js';
import { CHROMIUM_FLAGS, findChromium } from '../test/console/chromium.js';

const OUT = path.resolve('docs/images');
const PASSWORD = 'screenshots password';

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversa-shots-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false', PORT: '0', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }),
  };
  config.database = { dialect: 'sqlite', file: path.join(dir, 'shots.db') };
  config.files = { ...config.files, dir: path.join(dir, 'files') };
  const runtime = await createRuntime(config, { logger: pino({ level: 'warn' }) });
  const url = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const { tenancy, channels } = runtime.services;
  const org = await tenancy.createOrganization({ name: 'Acme Store', plan: 'professional', settings: { defaultCountry: 'BR' } });
  const ana = await tenancy.createProfile({ name: 'Ana Souza', email: 'ana@acme.example', password: PASSWORD });
  const bruno = await tenancy.createProfile({ name: 'Bruno Lima', email: 'bruno@acme.example' });
  await tenancy.addMember(org.id, { profileId: ana.id, role: 'owner' });
  await tenancy.addMember(org.id, { profileId: bruno.id, role: 'agent' });
  const key = (await tenancy.createApiKey(ana.id, { name: 'screenshots' })).key;
  const whatsapp = await channels.create(org.id, { kind: 'whatsapp_official', name: 'WhatsApp', config: { sandbox: true } });
  const instagram = await channels.create(org.id, { kind: 'instagram', name: 'Instagram', config: { sandbox: true } });
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}${route.startsWith('/api') || route.startsWith('/channels') ? '' : `/api/${org.id}`}${route}`, {
      method,
      headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { id?: string } };
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json.data as { id: string } & Record<string, unknown>;
  };
  const admin = (route: string, body: unknown) =>
    runtime.app.inject({ method: 'POST', url: `/admin/v1/organizations/${org.id}${route}`, payload: body as never });
  void admin;
  const stages: Record<string, string> = {};
  for (const [position, name] of ['Lead', 'Qualified', 'Proposal', 'Won'].entries()) {
    stages[name] = (await runtime.services.stages.create(org.id, { name, position })).id;
  }
  await runtime.services.teams.create(org.id, { name: 'Support', memberProfileIds: [ana.id, bruno.id] });
  await runtime.services.customFields.create(org.id, { slug: 'plan', name: 'Plan', type: 'select', options: ['Basic', 'Pro'] });
  await runtime.services.customFields.create(org.id, { slug: 'order', name: 'Last order', type: 'text' });
  const vip = await call('POST', '/tags', { name: 'VIP', color: '#d97706' });
  await call('POST', '/tags', { name: 'Wholesale', color: '#2563eb' });

  let n = 0;
  const writes = async (channelId: string, from: string, name: string, text: string) => {
    await call('POST', `/channels/${channelId}/webhook`, {
      event: 'message',
      message_id: `shot-${++n}`,
      from,
      name,
      type: 'text',
      content: { text },
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
  };
  const people: [string, string, string, string][] = [
    [whatsapp.id, '5511987650001', 'Mariana Costa', 'Hi! Is the blue jacket back in stock in size M?'],
    [instagram.id, 'joao.pereira', 'João Pereira', 'Do you ship to Recife?'],
    [whatsapp.id, '5511987650002', 'Carla Mendes', 'My order #4821 has not arrived yet'],
    [whatsapp.id, '5511987650003', 'Rafael Alves', 'Can I pay by bank transfer?'],
    [instagram.id, 'lu.fernandes', 'Luísa Fernandes', 'Love the new collection! Any discount for 3 items?'],
    [whatsapp.id, '5511987650004', 'Pedro Santos', 'What time do you open on Saturday?'],
  ];
  for (const [channelId, from, name, text] of people) await writes(channelId, from, name, text);
  // Wait for the worker to store them, then give the first chat a conversation.
  let chats: { id: string; customerId: string; customerName: string }[] = [];
  for (let i = 0; i < 50 && chats.length < people.length; i++) {
    chats = (
      (await (await fetch(`${url}/api/${org.id}/chats?status=pending`, { headers: { 'x-api-key': key } })).json()) as { data: typeof chats }
    ).data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const carla = chats.find((c) => c.customerName === 'Carla Mendes')!;
  await call('POST', `/chats/${carla.id}/messages`, { content: 'Hi Carla, I am checking it with the carrier right now.' });
  await writes(whatsapp.id, '5511987650002', 'Carla Mendes', 'Thank you! It was due on Monday.');
  await call('POST', `/chats/${carla.id}/messages`, { content: 'It is out for delivery today, before 6 pm. Sorry for the wait!' });
  await writes(whatsapp.id, '5511987650002', 'Carla Mendes', 'Great, thanks!');
  await call('PUT', `/customers/${carla.customerId}/stage`, { stageId: stages.Won });
  await call('POST', `/customers/${carla.customerId}/tags`, { tagId: vip.id });
  await call('POST', `/customers/${carla.customerId}/field-values`, { slug: 'plan', value: 'Pro' });
  await call('POST', `/customers/${carla.customerId}/field-values`, { slug: 'order', value: '#4821, 2 items' });
  await call('POST', `/customers/${carla.customerId}/notes`, {
    title: 'Prefers WhatsApp',
    content: 'Reach her here rather than by e-mail.',
  });
  await call('PUT', `/chats/${chats.find((c) => c.customerName === 'Rafael Alves')!.id}/assignee`, { profileId: bruno.id });
  const stageOf: Record<string, string> = {
    'Mariana Costa': 'Lead',
    'João Pereira': 'Lead',
    'Rafael Alves': 'Qualified',
    'Luísa Fernandes': 'Proposal',
    'Pedro Santos': 'Lead',
  };
  for (const chat of chats)
    if (stageOf[chat.customerName])
      await call('PUT', `/customers/${chat.customerId}/stage`, { stageId: stages[stageOf[chat.customerName]!] });
  await new Promise((resolve) => setTimeout(resolve, 2500)); // the sandbox's delivered/read ticks

  const browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1360, height: 820 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await page.goto(`${url}/app/`);
    await page.getByLabel('Email').fill('ana@acme.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('list', { name: 'Chats' }).getByRole('link').first().waitFor();
    await page.getByRole('status', { name: 'Updates: Live' }).waitFor();
    fs.mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'console-inbox.png') });

    await page.getByRole('tab', { name: 'In progress' }).click();
    await page.getByRole('link', { name: /Carla Mendes/ }).click();
    await page.getByRole('log', { name: 'Messages' }).getByText('Great, thanks!').waitFor();
    await page.getByRole('complementary', { name: 'Customer' }).getByText('Prefers WhatsApp').waitFor();
    await page.screenshot({ path: path.join(OUT, 'console-chat.png') });

    await page.getByRole('link', { name: 'Funnel' }).click();
    await page.getByRole('list', { name: 'Won' }).getByRole('listitem').first().waitFor();
    await page.screenshot({ path: path.join(OUT, 'console-funnel.png') });

    const phone = await browser.newContext({
      viewport: { width: 390, height: 780 },
      deviceScaleFactor: 1,
      storageState: await context.storageState(),
    });
    const phonePage = await phone.newPage();
    await phonePage.goto(`${url}/app/o/${org.id}/inbox/${carla.id}`);
    await phonePage.getByRole('log', { name: 'Messages' }).getByText('Great, thanks!').waitFor();
    await phonePage.screenshot({ path: path.join(OUT, 'console-phone.png') });
    console.log(`screenshots in ${OUT}`);
  } finally {
    await browser.close();
    await runtime.close(2000);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
