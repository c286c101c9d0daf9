/**
 * `conversa admin create-stage|create-team|create-field|create-template|create-flow …` and their
 * `list-…`: the admin API's organization resources from the shell. Input is checked with the API's
 * own body schemas (parseInput), then handed to the same services.
 */
import type { Command } from 'commander';
import { AppError } from '../errors.js';
import { CreateCustomFieldBody } from '../modules/custom-fields/custom-fields.schemas.js';
import { CreateFlowBody } from '../modules/flows/flows.schemas.js';
import { CreateStageBody } from '../modules/stages/stages.schemas.js';
import { CreateTeamBody } from '../modules/teams/teams.schemas.js';
import { CreateTemplateBody } from '../modules/templates/templates.schemas.js';
import { example, parseInput, type AdminCliContext } from './admin-context.js';

type WithServices = (fn: (ctx: AdminCliContext) => Promise<unknown>) => Promise<void>;

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function jsonOption(name: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new AppError('VALIDATION_ERROR', `--${name} must be JSON`);
  }
}

export function registerOrgResourceCommands(admin: Command, withServices: WithServices): void {
  /** Runs `fn` for an existing organization (the API's 404 for an unknown one). */
  const inOrg = (orgId: string, fn: (ctx: AdminCliContext) => Promise<unknown>) =>
    withServices(async (ctx) => {
      await ctx.tenancy.getOrganization(orgId);
      return fn(ctx);
    });

  admin
    .command('create-stage <orgId> <name>')
    .description('Create a CRM funnel stage')
    .option('--funnel <funnel>', 'funnel name (default "default")')
    .option('--position <n>', 'order in the funnel (default: after the last)')
    .addHelpText('after', example('conversa admin create-stage <orgId> "Qualified" --funnel sales'))
    .action((orgId: string, name: string, opts: { funnel?: string; position?: string }) =>
      inOrg(orgId, ({ stages }) =>
        stages.create(
          orgId,
          parseInput(CreateStageBody, {
            name,
            funnel: opts.funnel,
            position: opts.position === undefined ? undefined : Number(opts.position),
          }),
        ),
      ),
    );
  admin
    .command('list-stages <orgId>')
    .description("List an organization's funnel stages, in funnel order")
    .addHelpText('after', example('conversa admin list-stages <orgId> --funnel sales'))
    .option('--funnel <funnel>', 'only this funnel')
    .action((orgId: string, opts: { funnel?: string }) => inOrg(orgId, ({ stages }) => stages.list(orgId, { funnel: opts.funnel })));

  admin
    .command('create-team <orgId> <name>')
    .description('Create a team of organization members')
    .option('--members <profileIds>', 'comma-separated profile ids (members of the organization)')
    .addHelpText('after', example('conversa admin create-team <orgId> "Support" --members <profileId>,<profileId>'))
    .action((orgId: string, name: string, opts: { members?: string }) =>
      inOrg(orgId, ({ teams }) => teams.create(orgId, parseInput(CreateTeamBody, { name, memberProfileIds: list(opts.members) }))),
    );
  admin
    .command('list-teams <orgId>')
    .description("List an organization's teams with their members")
    .addHelpText('after', example('conversa admin list-teams <orgId>'))
    .action((orgId: string) => inOrg(orgId, ({ teams }) => teams.list(orgId)));

  admin
    .command('create-field <orgId> <slug> <name> <type>')
    .description('Define a custom field (type: text, number, boolean, date, select, multiselect, email, phone, url)')
    .option('--options <choices>', 'comma-separated choices (select and multiselect)')
    .addHelpText('after', example('conversa admin create-field <orgId> size "Size" select --options S,M,L'))
    .action((orgId: string, slug: string, name: string, type: string, opts: { options?: string }) =>
      inOrg(orgId, ({ customFields }) =>
        customFields.create(orgId, parseInput(CreateCustomFieldBody, { slug, name, type, options: list(opts.options) })),
      ),
    );
  admin
    .command('list-fields <orgId>')
    .description("List an organization's custom field definitions")
    .addHelpText('after', example('conversa admin list-fields <orgId>'))
    .action((orgId: string) => inOrg(orgId, ({ customFields }) => customFields.list(orgId)));

  admin
    .command('create-template <orgId> <channelId> <name> <language>')
    .description('Record a WhatsApp template of a whatsapp_official channel')
    .option('--status <status>', 'approved, pending or rejected', 'approved')
    .requiredOption('--components <json>', 'the template components as JSON, e.g. \'[{"type":"BODY","text":"Hi {{1}}"}]\'')
    .addHelpText(
      'after',
      example('conversa admin create-template <orgId> <channelId> order_update en_US --components \'[{"type":"BODY","text":"Hi {{1}}"}]\''),
    )
    .action((orgId: string, channelId: string, name: string, language: string, opts: { status: string; components: string }) =>
      inOrg(orgId, ({ templates }) =>
        templates.create(
          orgId,
          parseInput(CreateTemplateBody, {
            channelId,
            name,
            language,
            status: opts.status,
            components: jsonOption('components', opts.components),
          }),
        ),
      ),
    );
  admin
    .command('list-templates <orgId>')
    .description("List an organization's WhatsApp templates")
    .addHelpText('after', example('conversa admin list-templates <orgId> --channel <channelId>'))
    .option('--channel <channelId>', 'only this channel')
    .action((orgId: string, opts: { channel?: string }) =>
      inOrg(orgId, ({ templates }) => templates.list(orgId, { channelId: opts.channel })),
    );

  admin
    .command('create-flow <orgId> <name>')
    .description(
      'Create an automation flow (its steps as docs/flows.md lists them: send_message, wait, wait_for_reply, branch, add_tag, …)',
    )
    .requiredOption('--steps <json>', 'the steps as JSON, e.g. \'[{"type":"send_message","text":"Hi"}]\'')
    .addHelpText(
      'after',
      example(
        'conversa admin create-flow <orgId> "Welcome" --steps \'[{"type":"send_message","text":"Hi"},{"type":"wait","seconds":60}]\'',
      ),
    )
    .action((orgId: string, name: string, opts: { steps: string }) =>
      inOrg(orgId, ({ flows }) => flows.create(orgId, parseInput(CreateFlowBody, { name, steps: jsonOption('steps', opts.steps) }))),
    );
  admin
    .command('list-flows <orgId>')
    .description("List an organization's flows")
    .addHelpText('after', example('conversa admin list-flows <orgId>'))
    .action((orgId: string) => inOrg(orgId, ({ flows }) => flows.list(orgId)));
}
