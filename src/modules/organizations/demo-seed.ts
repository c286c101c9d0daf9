/**
 * First start on an empty database (NODE_ENV not production): a demo organization with a sandbox
 * channel of every kind and an API key, so a newcomer can send a message in the first minute, and
 * an agent with a console password (random, printed once), to sign in at /app.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { CHANNEL_KINDS } from '../../channels/kinds.js';
import type { ChannelsService } from '../channel-records/channels.service.js';
import type { TenancyService } from './tenancy.service.js';

export interface DemoCredentials {
  organizationId: string;
  profileId: string;
  apiKey: string;
  /** The console agent: an admin of the demo organization, so every part of the console is there to try. */
  agent: { profileId: string; email: string; password: string };
  channels: { id: string; kind: string; name: string }[];
}

export async function seedDemoIfEmpty(
  db: Kysely<DB>,
  services: { tenancy: TenancyService; channels: ChannelsService },
): Promise<DemoCredentials | undefined> {
  const any = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (any) return undefined;
  const { tenancy, channels: channelsService } = services;
  const organization = await tenancy.createOrganization({ name: 'Demo Organization', plan: 'starter' });
  const profile = await tenancy.createProfile({ name: 'Demo Admin', email: 'demo@conversa.local' });
  await tenancy.addMember(organization.id, { profileId: profile.id, role: 'owner' });
  const key = await tenancy.createApiKey(profile.id, { name: 'demo key' });
  const agentPassword = randomBytes(12).toString('base64url');
  const agent = await tenancy.createProfile({ name: 'Demo Agent', email: 'agent@conversa.local', password: agentPassword });
  await tenancy.addMember(organization.id, { profileId: agent.id, role: 'admin' });
  const channels = [];
  for (const kind of CHANNEL_KINDS) {
    const channel = await channelsService.create(organization.id, { kind, name: `Sandbox ${kind}`, config: { sandbox: true } });
    channels.push({ id: channel.id, kind, name: channel.name });
  }
  return {
    organizationId: organization.id,
    profileId: profile.id,
    apiKey: key.key,
    agent: { profileId: agent.id, email: agent.email, password: agentPassword },
    channels,
  };
}
