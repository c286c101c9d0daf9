/**
 * The browser of the console tests: Debian's Chromium driven by playwright-core (no browser
 * download; `.ci/run` installs `chromium-headless-shell` when missing). Where no Chromium can be had
 * the suites are skipped with a message, except in CI (`CI` set), where a missing browser fails the
 * run.
 *
 * The headless shell comes first: it is the same Blink and V8 as the full browser without its
 * window machinery, and the engine Playwright itself drives headless. On the 2-core machine three
 * console sign-ins cost 1.4-1.7 s of its processor time against 4.5-6.6 s for the full `chromium`
 * in headless mode, and an idle signed-in page 0.05-0.09 s per 10 s against 0.65-1.4 s; the browser
 * tests were most of the suite's processor time.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DIALECTS } from '../support/databases.js';
import { recordSuiteFile } from '../support/suite-files.js';
import { TestEnv, type SeededOrganization, type TestService } from '../support/harness.js';
import { givePassword } from '../auth/support.js';
import { CHROMIUM_FLAGS, findChromium } from './chromium.js';

const CONSOLE_INDEX = path.resolve('console/dist/index.html');

export interface BrowserHandle {
  browser: Browser;
  /** The service of the current database, listening on 127.0.0.1; shared by the file's tests (each seeds its own organizations). */
  svc: TestService;
}

/**
 * Runs `body` once per database, with one browser for the file and one started service per
 * database (starting one per test cost seconds; the tests seed their own organizations, so they
 * do not see each other's data). Without Chromium (outside CI) or without a console build, the
 * suite is skipped and says why.
 */
export function describeInBrowser(title: string, body: (handle: BrowserHandle) => void): void {
  recordSuiteFile([title, ...DIALECTS.map(({ dialect }) => `${title} [${dialect}]`)]);
  const executablePath = findChromium();
  const missing = !executablePath
    ? 'no Chromium found (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)'
    : !fs.existsSync(CONSOLE_INDEX)
      ? 'the console is not built (npm run build:console)'
      : undefined;
  if (missing) {
    if (process.env.CI) {
      describe(title, () =>
        it('has a browser and a console build in CI', () => assert.fail(`console browser tests cannot run in CI: ${missing}`)),
      );
    } else {
      describe(title, { skip: `console browser tests skipped: ${missing}` }, () => {});
    }
    return;
  }
  let browser: Browser | undefined;
  before(async () => {
    browser = await chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
  });
  after(async () => {
    await browser?.close();
  });
  for (const { dialect, skip } of DIALECTS) {
    describe(`${title} [${dialect}]`, { skip }, () => {
      const env = new TestEnv(dialect);
      const handle = {} as BrowserHandle;
      before(async () => {
        handle.browser = browser!;
        handle.svc = await env.start({ listen: true });
      });
      after(() => env.cleanup());
      body(handle);
    });
  }
}

/** A fresh browser context (own cookies) at a phone's or a desktop's size; closed by the caller. */
export async function newPage(
  handle: BrowserHandle,
  options: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await handle.browser.newContext({ viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Signs in through the form, by label and role only. */
export async function signInAs(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/app/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('tab', { name: 'Pending' }).waitFor();
}

/** An organization (seeded as the harness does) whose profile has a console password; answers its e-mail. */
export async function agentOrganization(svc: TestService, name = 'Acme'): Promise<{ org: SeededOrganization; email: string }> {
  const org = await svc.seedOrganization({ name });
  return { org, email: await givePassword(svc, org) };
}

/** The chat row of the inbox list, by the customer's name (or contact). */
export function chatRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Chats' }).getByRole('link', { name: new RegExp(name) });
}

/** The console's words a test needs before the page is in its language: the sign-in form and the first tab. */
export const SIGN_IN_WORDS = {
  en: { email: 'Email', password: 'Password', submit: 'Sign in', tab: 'Pending' },
  'pt-BR': { email: 'E-mail', password: 'Senha', submit: 'Entrar', tab: 'Pendentes' },
} as const;
export type ConsoleLanguage = keyof typeof SIGN_IN_WORDS;

/** A fresh context whose browser speaks `language` (the console follows it), 1440×900 unless told. */
export async function localizedPage(
  handle: BrowserHandle,
  language: ConsoleLanguage,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await handle.browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: language === 'en' ? 'en-US' : 'pt-BR',
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** Signs in through the form in the page's language. */
export async function signInIn(page: Page, language: ConsoleLanguage, baseUrl: string, email: string, password: string): Promise<void> {
  const words = SIGN_IN_WORDS[language];
  await page.goto(`${baseUrl}/app/`);
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill(password);
  await page.getByRole('button', { name: words.submit }).click();
  await page.getByRole('tab', { name: words.tab }).waitFor();
}

/** With SCREENSHOTS=1, the page as it is now in docs/images/NAME-LANGUAGE.png (the viewport, not the whole page). */
export async function shoot(page: Page, name: string, language: ConsoleLanguage): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  fs.mkdirSync('docs/images', { recursive: true });
  await page.screenshot({ path: `docs/images/${name}-${language}.png` });
}
