import type { Kysely } from 'kysely';
import type { Static, TSchema } from '@sinclair/typebox';
import type { DB } from '../db/schema.js';
import { validationError } from '../errors.js';
import { validationDetails, validatorCompiler } from '../http/validation.js';
import type { Clock } from '../lib/clock.js';
import { ChannelsService } from '../modules/channel-records/channels.service.js';
import { CustomFieldsService } from '../modules/custom-fields/custom-fields.service.js';
import { FlowsService } from '../modules/flows/flows.service.js';
import { StagesService } from '../modules/stages/stages.service.js';
import { TeamsService } from '../modules/teams/teams.service.js';
import { TemplatesService } from '../modules/templates/templates.service.js';
import { TenancyService } from '../modules/organizations/tenancy.service.js';

/** What an admin CLI command gets: the database and the admin services over it. */
export interface AdminCliContext {
  db: Kysely<DB>;
  tenancy: TenancyService;
  channels: ChannelsService;
  stages: StagesService;
  teams: TeamsService;
  customFields: CustomFieldsService;
  templates: TemplatesService;
  flows: FlowsService;
}

export function createAdminCliContext(db: Kysely<DB>, clock: Clock, publicUrl: string): AdminCliContext {
  return {
    db,
    tenancy: new TenancyService(db, clock),
    channels: new ChannelsService(db, clock, publicUrl),
    stages: new StagesService(db, clock),
    teams: new TeamsService(db, clock),
    customFields: new CustomFieldsService(db, clock),
    templates: new TemplatesService(db, clock),
    flows: new FlowsService(db, clock),
  };
}

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
