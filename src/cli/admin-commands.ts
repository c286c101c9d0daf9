/**
 * `conversa admin …`: the common admin operations from the shell, calling the same services as the
 * admin API (no HTTP, so it works before the server is up). Output is JSON for scripting.
 */
import type { Command } from 'commander';
import pino from 'pino';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { PLANS, UpdateOrganizationBody, type Plan } from '../modules/organizations/tenancy.schemas.js';
import { CHANNEL_KINDS, type ChannelKind } from '../channels/kinds.js';
import { createDeps } from '../runtime.js';
import { createServices } from '../modules/services.js';
import { example, parseInput, type AdminCliContext } from './admin-context.js';
import { registerOrgResourceCommands } from './org-resource-commands.js';
import { registerPasswordCommands } from './password-commands.js';

export function registerAdminCommands(program: Command, loadConfig: () => Config): void {
  const admin = program
    .command('admin')
    .description(
      'Manage organizations, profiles (and their console passwords), keys, channels, stages, teams, fields, templates and flows from the shell. ' +
        'Each command prints JSON alone on stdout (errors and logs go to stderr), so its output pipes into jq',
    )
    .addHelpText(
      'after',
      example('npm run -s conversa -- admin list-orgs | jq .', 'npx conversa admin create-org "Acme" --plan professional'),
    );

  async function withServices(fn: (ctx: AdminCliContext) => Promise<unknown>): Promise<void> {
    const config = loadConfig();
    // stdout carries the command's JSON alone: the few log lines a command may write go to stderr.
    const logger = pino({ level: config.logLevel === 'silent' ? 'silent' : 'warn' }, pino.destination(2));
    const deps = await createDeps(config, { logger, backgroundCheckpoints: false });
    const services = createServices(deps);
    try {
      const result = await fn({ ...services, db: deps.db });
      console.log(JSON.stringify(result, null, 2));
    } catch (err) {
      if (err instanceof AppError) {
        console.error(`conversa admin: ${err.code}: ${err.message}${err.details ? ` ${JSON.stringify(err.details)}` : ''}`);
        process.exitCode = 1;
      } else throw err;
    } finally {
      await services.close();
      await deps.database.close();
    }
  }

  admin
    .command('create-org <name>')
    .description('Create an organization')
    .addHelpText('after', example('conversa admin create-org "Acme" --plan professional --country BR'))
    .option('--plan <plan>', `one of ${PLANS.join(', ')}`, 'starter')
    .option('--country <cc>', 'default country for phone numbers', 'BR')
    .action((name: string, opts: { plan: string; country: string }) =>
      withServices(({ tenancy }) => {
        if (!PLANS.includes(opts.plan as Plan)) throw new AppError('VALIDATION_ERROR', `--plan must be one of ${PLANS.join(', ')}`);
        return tenancy.createOrganization({ name, plan: opts.plan as Plan, settings: { defaultCountry: opts.country } });
      }),
    );
  admin
    .command('list-orgs')
    .description('List every organization')
    .addHelpText('after', example('conversa admin list-orgs | jq -r \'.[] | "\\(.id) \\(.name)"\''))
    .action(() => withServices(({ tenancy }) => tenancy.listOrganizations()));
  admin
    .command('set-send-limit <orgId> <perMinute>')
    .description("Set an organization's own send limit a minute instead of its plan's; `plan` clears it (takes effect on the next send)")
    .addHelpText('after', example('conversa admin set-send-limit <orgId> 500', 'conversa admin set-send-limit <orgId> plan'))
    .action((orgId: string, perMinute: string) =>
      withServices(({ tenancy }) => {
        const body = parseInput(UpdateOrganizationBody, { sendLimitPerMinute: perMinute === 'plan' ? null : Number(perMinute) });
        return tenancy.updateOrganization(orgId, body);
      }),
    );
  admin
    .command('create-profile <name> <email>')
    .description('Create a profile (a person: agent, admin or API user); give it a console password with set-password')
    .addHelpText('after', example('conversa admin create-profile "Ana" ana@acme.example'))
    .action((name: string, email: string) => withServices(({ tenancy }) => tenancy.createProfile({ name, email })));
  registerPasswordCommands(admin, withServices);
  admin
    .command('add-member <orgId> <profileId>')
    .description('Make a profile a member of an organization (role: owner, admin, supervisor or agent)')
    .addHelpText('after', example('conversa admin add-member <orgId> <profileId> --role owner'))
    .option('--role <role>', 'owner, admin, supervisor or agent (default: owner for the first member, agent after)')
    .action((orgId: string, profileId: string, opts: { role?: string }) =>
      withServices(({ tenancy }) => tenancy.addMember(orgId, { profileId, role: opts.role })),
    );
  admin
    .command('create-key <profileId>')
    .description("Create an API key for a profile; the answer's `key` is shown once")
    .addHelpText('after', example('conversa admin create-key <profileId> --scopes messages:write,customers:write | jq -r .key'))
    .option('--name <name>', 'key name')
    .option('--scopes <scopes>', 'comma-separated scopes', '*')
    .option('--allowed-ips <cidrs>', 'comma-separated IPs/CIDRs')
    .action((profileId: string, opts: { name?: string; scopes: string; allowedIps?: string }) =>
      withServices(({ tenancy }) =>
        tenancy.createApiKey(profileId, {
          name: opts.name,
          scopes: opts.scopes.split(',').map((s) => s.trim()),
          allowedIps: opts.allowedIps?.split(',').map((s) => s.trim()),
        }),
      ),
    );
  admin
    .command('revoke-key <keyId>')
    .description('Revoke an API key at once (the next request with it gets 401)')
    .addHelpText('after', example('conversa admin revoke-key <keyId>'))
    .action((keyId: string) => withServices(({ tenancy }) => tenancy.revokeApiKey(keyId)));
  admin
    .command('create-channel <orgId> <kind> <name>')
    .description(
      `Create a channel (kind: ${CHANNEL_KINDS.join(', ')}); its webhookUrl, built from PUBLIC_URL (default http://HOST:PORT), is where the provider must send callbacks`,
    )
    .addHelpText(
      'after',
      example(
        'conversa admin create-channel <orgId> whatsapp_official "Main line" --sandbox',
        'PUBLIC_URL=https://conversa.example.com conversa admin create-channel <orgId> whatsapp_zapi "Sales" --config \'{"instanceId":"…","instanceToken":"…"}\'',
      ),
    )
    .option('--sandbox', 'simulate the provider', false)
    .option('--config <json>', 'provider configuration as JSON', '{}')
    .action((orgId: string, kind: string, name: string, opts: { sandbox: boolean; config: string }) =>
      withServices(async ({ tenancy, channels }) => {
        if (!CHANNEL_KINDS.includes(kind as ChannelKind))
          throw new AppError('VALIDATION_ERROR', `kind must be one of ${CHANNEL_KINDS.join(', ')}`);
        let config: Record<string, unknown>;
        try {
          config = JSON.parse(opts.config) as Record<string, unknown>;
        } catch {
          throw new AppError('VALIDATION_ERROR', '--config must be JSON');
        }
        await tenancy.getOrganization(orgId);
        return channels.create(orgId, {
          kind: kind as ChannelKind,
          name,
          config: { ...config, ...(opts.sandbox ? { sandbox: true } : {}) },
        });
      }),
    );
  admin
    .command('list-channels <orgId>')
    .description("List an organization's channels with their callback URLs")
    .addHelpText('after', example('conversa admin list-channels <orgId> | jq -r \'.[] | "\\(.kind) \\(.webhookUrl)"\''))
    .action((orgId: string) => withServices(({ channels }) => channels.list(orgId)));
  registerOrgResourceCommands(admin, withServices);
}
