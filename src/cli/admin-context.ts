import type { Kysely } from 'kysely';
import type { Static, TSchema } from '@sinclair/typebox';
import type { DB } from '../db/schema.js';
import { validationError } from '../errors.js';
import { validationDetails, validatorCompiler } from '../http/validation.js';
import type { Services } from '../modules/services.js';

/** What an admin CLI command gets: the service graph (the same services as the admin API) and the database. */
export type AdminCliContext = Services & { db: Kysely<DB> };

type Validate = ((data: unknown) => boolean) & { errors?: Parameters<typeof validationDetails>[0] | null };

/**
 * Checks a command's input against the admin API's own body schema, with the same validator as
 * HTTP, so the shell cannot write what the API would refuse.
 */
export function parseInput<T extends TSchema>(schema: T, input: unknown): Static<T> {
  const validate = validatorCompiler({ schema, httpPart: 'body', method: 'POST', url: 'cli' }) as unknown as Validate;
  if (!validate(input)) throw validationError(validationDetails(validate.errors ?? [], 'input'));
  return input as Static<T>;
}

/** The help text every subcommand ends with (`.addHelpText('after', example(…))`): one or more command lines to copy. */
export function example(...lines: string[]): string {
  return `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
}
