/**
 * What the demo organization holds besides its channels and key, so every first step of the README
 * works with the printed credentials alone: an approved template on the official WhatsApp sandbox
 * channel, a funnel with stages, custom fields of several types, tags, a team with the demo agent,
 * a sample flow using them, and a webhook endpoint pointing at the dev inspector.
 *
 * Each piece is looked up by its natural key (name, slug, URL path) before it is made, so running
 * this again (every restart of a development server) adds only what is missing and never a
 * duplicate; the webhook endpoint follows the inspector's address when PORT or PUBLIC_URL changed.
 */
import type { CreateFlowInput } from '../flows/index.js';
import type { Services } from '../services.js';

export type DemoContentServices = Pick<Services, 'templates' | 'stages' | 'customFields' | 'tags' | 'teams' | 'flows' | 'webhookEndpoints'>;

export interface DemoContent {
  template: { id: string; name: string; language: string };
  stages: { id: string; name: string }[];
  tags: { id: string; name: string }[];
  fields: { slug: string; type: string }[];
  team: { id: string; name: string };
  flow: { id: string; name: string };
  /** The webhook endpoint to the inspector; `secret` only when this run created it (shown once, as the API does). */
  webhook: { id: string; url: string; secret?: string };
}

export const DEMO_TEMPLATE = {
  name: 'order_update',
  language: 'en_US',
  components: [{ type: 'BODY', text: 'Hi {{1}}, your order {{2}} has shipped.' }],
};
const DEMO_STAGES = ['New lead', 'Qualified', 'Proposal', 'Won', 'Lost'];
const DEMO_TAGS = [
  { name: 'VIP', color: '#F59E0B' },
  { name: 'Lead', color: '#3B82F6' },
  { name: 'Support', color: '#10B981' },
];
const DEMO_FIELDS = [
  { slug: 'company', name: 'Company', type: 'text' },
  { slug: 'budget', name: 'Budget', type: 'number' },
  { slug: 'newsletter', name: 'Newsletter', type: 'boolean' },
  { slug: 'birthday', name: 'Birthday', type: 'date' },
  { slug: 'plan_interest', name: 'Plan of interest', type: 'select', options: ['starter', 'professional', 'enterprise'] },
] as const;
const DEMO_TEAM = 'Support';
const DEMO_FLOW = 'Welcome';

export interface DemoContentInput {
  organizationId: string;
  /** The official WhatsApp sandbox channel the template belongs to. */
  whatsappChannelId: string;
  agentProfileId: string;
  /** Where the organization delivers to the dev inspector (`…/dev/inspector?organization=…&signature=…`). */
  inspectorUrl: string;
}

/** The sample flow: greets, tags and moves the customer, waits for a reply, branches on it, hands over to the team. */
function welcomeSteps(ids: { lead: string; qualified: string; team: string }): CreateFlowInput['steps'] {
  return [
    { type: 'send_message', text: 'Hi {{customer.name}}! Thanks for trying Conversa. Interested in a demo? (yes/no)' },
    { type: 'add_tag', tagId: ids.lead },
    { type: 'wait_for_reply', timeoutSeconds: 3600, saveAs: 'answer', onTimeout: 'later' },
    { type: 'branch', variable: 'answer', op: 'contains', value: 'yes', goto: 'interested' },
    { type: 'send_message', text: 'No problem. Write any time.' },
    { type: 'end' },
    { id: 'interested', type: 'set_stage', stageId: ids.qualified },
    { type: 'set_field', slug: 'plan_interest', value: 'professional' },
    { type: 'assign', teamId: ids.team },
    { type: 'send_message', text: 'Great! An agent will be with you shortly.' },
    { type: 'end' },
    { id: 'later', type: 'send_message', text: 'Still there? Reply any time.' },
  ];
}

export async function ensureDemoContent(services: DemoContentServices, input: DemoContentInput): Promise<DemoContent> {
  const { organizationId: org } = input;
  const templates = await services.templates.list(org, { channelId: input.whatsappChannelId });
  const template =
    templates.find((t) => t.name === DEMO_TEMPLATE.name && t.language === DEMO_TEMPLATE.language) ??
    (await services.templates.create(org, { channelId: input.whatsappChannelId, status: 'approved', ...DEMO_TEMPLATE }));

  const stages = [];
  const existingStages = await services.stages.list(org);
  for (const name of DEMO_STAGES) {
    stages.push(existingStages.find((s) => s.name === name) ?? (await services.stages.create(org, { name })));
  }

  const tags = [];
  const existingTags = await services.tags.list(org);
  for (const tag of DEMO_TAGS) {
    tags.push(existingTags.find((t) => t.name.toLowerCase() === tag.name.toLowerCase()) ?? (await services.tags.create(org, tag)));
  }

  const existingFields = await services.customFields.list(org);
  for (const field of DEMO_FIELDS) {
    if (!existingFields.some((f) => f.slug === field.slug)) {
      await services.customFields.create(org, { ...field, options: 'options' in field ? [...field.options] : undefined });
    }
  }

  const team =
    (await services.teams.list(org)).find((t) => t.name === DEMO_TEAM) ??
    (await services.teams.create(org, { name: DEMO_TEAM, memberProfileIds: [input.agentProfileId] }));

  const flow =
    (await services.flows.list(org)).find((f) => f.name === DEMO_FLOW) ??
    (await services.flows.create(org, {
      name: DEMO_FLOW,
      // One tag and one stage per entry of DEMO_TAGS and DEMO_STAGES.
      steps: welcomeSteps({ lead: tags[1]!.id, qualified: stages[1]!.id, team: team.id }),
    }));

  return {
    template: { id: template.id, name: template.name, language: template.language },
    stages: stages.map((s) => ({ id: s.id, name: s.name })),
    tags: tags.map((t) => ({ id: t.id, name: t.name })),
    fields: DEMO_FIELDS.map((f) => ({ slug: f.slug, type: f.type })),
    team: { id: team.id, name: team.name },
    flow: { id: flow.id, name: flow.name },
    webhook: await ensureInspectorWebhook(services, org, input.inspectorUrl),
  };
}

/** The endpoint to the dev inspector (found by its path), moved to `url` when the address changed. */
async function ensureInspectorWebhook(services: DemoContentServices, org: string, url: string): Promise<DemoContent['webhook']> {
  const path = new URL(url).pathname;
  const existing = (await services.webhookEndpoints.list(org)).find((e) => new URL(e.url).pathname === path);
  if (!existing) {
    const created = await services.webhookEndpoints.create(org, { url });
    return { id: created.id, url: created.url, secret: created.secret };
  }
  if (existing.url !== url) await services.webhookEndpoints.update(org, existing.id, { url });
  return { id: existing.id, url };
}
