/**
 * An example answer on every operation of the OpenAPI document (/docs shows it beside the schema,
 * client generators and API explorers read it): drawn from each success response's schema by
 * openapi-sampler (Redocly's sampler, the one their reference docs use), which takes the fields' own
 * `examples` where the schemas give them (ids, phones, names) and a plausible value by type and
 * format elsewhere. The sampler's placeholders are then made to read like an answer: a bare
 * `"string"` becomes a value fitting its field's name (a phone for `to`, a name for `name`), its
 * 2019 timestamps today's kind of date, and its `property1`/`property2` maps empty. An example
 * written by hand on a response is kept as written.
 */
import { sample } from 'openapi-sampler';

interface MediaType {
  schema?: object;
  example?: unknown;
  examples?: unknown;
}
interface Operation {
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

/** Adds `example` to each JSON success answer that has a schema and no example yet. */
export function addResponseExamples(document: { paths?: Record<string, Record<string, Operation>> }): void {
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        const json = response.content?.['application/json'];
        if (!json?.schema || json.example !== undefined || json.examples !== undefined) continue;
        json.example = readable(
          sample(
            json.schema,
            { skipWriteOnly: true, skipNonRequired: true, quiet: true, maxSampleDepth: 8, enablePatterns: true },
            document,
          ),
        );
      }
    }
  }
}

/** Values for the sampler's bare `"string"`, by the field's name (first match wins). */
const BY_FIELD: [RegExp, string][] = [
  [/^(to|from|recipient|contact|phone|whatsapp)$/i, '5511987654321'],
  [/email/i, 'ana.souza@example.com'],
  [/name$/i, 'Ana Souza'],
  [/^(text|body|message|caption|content|notes?)$/i, 'Olá! Seu pedido saiu para entrega.'],
  [/url$/i, 'https://conversa.example.com/files/0192f1c4'],
  [/^code$/i, 'VALIDATION_ERROR'],
  [/(_id|Id)$/, '0192f1c4-7a8b-7c3d-9e0f-1a2b3c4d5e6f'],
];
const SAMPLER_DATE = /^2019-08-24(T14:15:22(\.\d+)?Z)?$/;

function readable(value: unknown, field = ''): unknown {
  if (typeof value === 'string') {
    if (value === 'string') return BY_FIELD.find(([name]) => name.test(field))?.[1] ?? 'text';
    if (SAMPLER_DATE.test(value)) return value.length === 10 ? '2026-11-27' : '2026-11-27T13:45:00.000Z';
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => readable(item, field));
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    // An open map (additionalProperties) sampled as two made-up keys: shown empty.
    if (keys.length === 2 && keys[0] === 'property1' && keys[1] === 'property2') return {};
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, readable(item, key)]));
  }
  return value;
}
