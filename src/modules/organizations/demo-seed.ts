/**
 * The demo organization of a development server (never in production): on the first start with an
 * empty database, an organization with a sandbox channel of every kind, an API key and an agent
 * with a console password (random, printed once), so a newcomer can send a message in the first
 * minute and sign in at /app; and, on that start and every later one, its content (demo-content.ts:
 * template, funnel, fields, tags, team, flow, webhook to the dev inspector), so each first step of
 * the README works with the printed credentials. Idempotent: a restart creates nothing twice and
 * prints no new credentials.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { CHANNEL_KINDS } from '../../channels/kinds.js';
import type { Services } from '../services.js';
import { ensureDemoContent, type DemoContent, type DemoContentServices } from './demo-content.js';

export const DEMO_ORGANIZATION = { name: 'Demo Organization', plan: 'starter' } as const;
export const DEMO_ADMIN_EMAIL = 'demo@conversa.local';
export const DEMO_AGENT_EMAIL = 'agent@conversa.local';

export interface DemoCredentials {
  organizationId: string;
  profileId: string;
  apiKey: string;
  /** The console agent: an admin of the demo organization, so every part of the console is there to try. */
  agent: { profileId: string; email: string; password: string };
  channels: { id: string; kind: string; name: string }[];
}

export interface DemoSeedResult {
  /** Set on the start that created the organization: what is shown once. */
  credentials?: DemoCredentials;
  content: DemoContent;
}

type SeedServices = Pick<Services, 'tenancy' | 'channels'> & DemoContentServices;

/**
 * Seeds the demo organization on an empty database, or completes an existing one; undefined when the
 * database holds other organizations and no demo one (nothing is added to someone's real data).
 * `inspectorUrl` is where the organization's webhook endpoint delivers to the dev inspector (the
 * serving process: `devInspector.deliveryUrl`, signed for that organization alone).
 */
export async function seedDemo(
  db: Kysely<DB>,
  services: SeedServices,
  options: { inspectorUrl: (organizationId: string) => string },
): Promise<DemoSeedResult | undefined> {
  const any = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  const credentials = any ? undefined : await createDemoOrganization(services);
  const organizationId = credentials?.organizationId ?? (await findDemoOrganization(services));
  if (!organizationId) return undefined;
  const whatsapp = (await services.channels.list(organizationId)).find((c) => c.kind === 'whatsapp_official' && c.config.sandbox === true);
  const agent = await services.tenancy.getProfileByEmail(DEMO_AGENT_EMAIL).catch(() => undefined);
  // A demo organization someone has taken apart (channel or agent deleted) is left as it is.
  if (!whatsapp || !agent) return undefined;
  const content = await ensureDemoContent(services, {
    organizationId,
    whatsappChannelId: whatsapp.id,
    agentProfileId: agent.id,
    inspectorUrl: options.inspectorUrl(organizationId),
  });
  return { credentials, content };
}

/** The organization named as the demo's whose owner is the demo admin profile. */
async function findDemoOrganization(services: SeedServices): Promise<string | undefined> {
  try {
    const admin = await services.tenancy.getProfileByEmail(DEMO_ADMIN_EMAIL);
    const organizations = await services.tenancy.organizationsOf(admin.id);
    return organizations.find((o) => o.name === DEMO_ORGANIZATION.name && o.role === 'owner')?.id;
  } catch (err) {
    if (err instanceof AppError && err.code === 'PROFILE_NOT_FOUND') return undefined;
    throw err;
  }
}

async function createDemoOrganization(services: SeedServices): Promise<DemoCredentials> {
  const { tenancy, channels: channelsService } = services;
  const organization = await tenancy.createOrganization(DEMO_ORGANIZATION);
  const profile = await tenancy.createProfile({ name: 'Demo Admin', email: DEMO_ADMIN_EMAIL });
  await tenancy.addMember(organization.id, { profileId: profile.id, role: 'owner' });
  const key = await tenancy.createApiKey(profile.id, { name: 'demo key' });
  const agentPassword = randomBytes(12).toString('base64url');
  const agent = await tenancy.createProfile({ name: 'Demo Agent', email: DEMO_AGENT_EMAIL, password: agentPassword });
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
