/**
 * The words of the plain-TypeScript stores (inbox list, chat messages), which carry no React and
 * no i18next so that tests run them in Node: a store takes a `StoreText` and defaults to English
 * from the catalogue; the console passes one that reads the agent's language (i18n/index.ts).
 */
import { en } from './en.ts';

export type StoreTextKey = 'inbox.loadError' | 'inbox.resyncError' | 'inbox.updateError' | 'messages.loadError' | 'messages.olderError';

export type StoreText = (key: StoreTextKey, reason: string) => string;

export const englishStoreText: StoreText = (key, reason) => {
  const [section, name] = key.split('.') as [string, string];
  const template = (en as unknown as Record<string, Record<string, string>>)[section]![name]!;
  return template.replace('{{reason}}', reason);
};
