/**
 * Writes the event list of docs/webhooks.md from the event catalogue's schemas
 * (src/event-log/catalogue.ts): each type with its description, its fields and an example body.
 * test/unit/event-catalogue.test.ts fails when the doc and the schemas differ.
 *
 *   npx tsx scripts/event-docs.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EVENT_SCHEMAS, EVENT_TYPES } from '../src/event-log/catalogue.js';

export const DOC = path.resolve('docs/webhooks.md');
export const START = '<!-- event-list:start (written by `npx tsx scripts/event-docs.ts` from src/event-log/catalogue.ts) -->';
export const END = '<!-- event-list:end -->';

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: string[];
  const?: string;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  description?: string;
  minimum?: number;
  examples?: unknown[];
}

/** A field's type in a few words: `uuid or null`, `"sent" \| "read"`, `customer record`. */
function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  if (schema.enum) return schema.enum.map((v) => `\`"${v}"\``).join(' \\| ');
  if (schema.type === 'null') return 'null';
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (schema.type === 'object') return schema.properties ? 'object' : 'object (any keys)';
  if (schema.format) return `${schema.type} (${schema.format})`;
  return schema.type ?? 'any JSON value';
}

function section(type: (typeof EVENT_TYPES)[number]): string {
  const schema = JSON.parse(JSON.stringify(EVENT_SCHEMAS[type])) as JsonSchema;
  const required = new Set(schema.required ?? []);
  const rows = Object.entries(schema.properties ?? {}).map(([name, field]) => {
    const note = [required.has(name) ? '' : 'optional', field.description ?? ''].filter(Boolean).join('; ');
    return `| \`${name}\` | ${typeOf(field)} | ${note} |`;
  });
  const example = JSON.stringify({ event: type, data: schema.examples?.[0] }, null, 2);
  return [
    `### \`${type}\``,
    '',
    `${schema.description}.`,
    '',
    '| field | type | notes |',
    '| --- | --- | --- |',
    ...rows,
    '',
    '```json',
    example,
    '```',
  ].join('\n');
}

/** The generated part of docs/webhooks.md, markers included. */
export function renderEventList(): string {
  return [START, '', ...EVENT_TYPES.map(section).join('\n\n').split('\n'), '', END].join('\n');
}

/** The doc with its generated part replaced by `list`. */
export function withEventList(doc: string, list: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) throw new Error(`${DOC} has no ${START} … ${END} section`);
  return doc.slice(0, start) + list + doc.slice(end + END.length);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(DOC, withEventList(fs.readFileSync(DOC, 'utf8'), renderEventList()));
  console.log(`wrote the event list of ${path.relative(process.cwd(), DOC)}`);
}
