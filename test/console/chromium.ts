/**
 * Where the browser is and how it is started, apart from the test harness (browser.ts) so that the
 * console benchmark can use them without loading node:test: its async hook tracks every async
 * resource of the process, which made the service the benchmark measures about half as fast.
 */
import fs from 'node:fs';

/** Flags for a machine with no internet and no GPU (the list). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function findChromium(): string | undefined {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));
}
