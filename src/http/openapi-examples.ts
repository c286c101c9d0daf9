/**
 * An example answer on every operation of the OpenAPI document (/docs shows it beside the schema,
 * client generators and API explorers read it): drawn from each success response's schema by
 * openapi-sampler (Redocly's sampler, the one their reference docs use), which takes the fields' own
 * `examples` where the schemas give them (ids, phones, names) and a plausible value by type and
 * format elsewhere. A hand-written example (the send's) is kept as written.
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
        json.example = sample(json.schema, { skipWriteOnly: true, quiet: true, maxSampleDepth: 8, enablePatterns: true }, document);
      }
    }
  }
}
