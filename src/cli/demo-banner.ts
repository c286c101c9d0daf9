/**
 * What `conversa serve` prints when it has just created the demo organization: the credentials
 * (shown once), what the demo holds, the dev inspector's address with its token, a line of shell
 * variables for the README's first steps (INSPECTOR is that token), and a first `curl`. Printed to
 * stdout, where a newcomer looks; everything else the server says is a log. A restart prints the
 * inspector's line alone (`inspectorLine`): the token is the same on every start.
 */
import type { Config } from '../config.js';
import { PLAN_SEND_LIMITS } from '../http/rate-limit.js';
import type { DemoSeedResult } from '../modules/organizations/demo-seed.js';
import { DEMO_ORGANIZATION } from '../modules/organizations/demo-seed.js';

/** The dev inspector as the banner shows it: its own address and the token that opens it. */
export interface InspectorForBanner {
  url: string;
  token: string;
}

/** The inspector's address, token included, to open in a browser. */
function inspectorPageUrl(inspector: InspectorForBanner): string {
  return `${inspector.url}?token=${inspector.token}`;
}

export function inspectorLine(inspector: InspectorForBanner): string {
  return `  Dev inspector (the demo's webhook deliveries): ${inspectorPageUrl(inspector)}`;
}

export function demoBanner(seed: Required<DemoSeedResult>, config: Config, inspector: InspectorForBanner): string {
  const { credentials: demo, content } = seed;
  const whatsapp = demo.channels.find((c) => c.kind === 'whatsapp_official')!;
  const plan = DEMO_ORGANIZATION.plan;
  // STAGE is the funnel's second stage and TAG the first tag: what the README's steps move to and attach.
  // BASE first: the README's steps address the service through it, so a changed PORT or PUBLIC_URL
  // needs no edits there.
  const variables = {
    BASE: config.publicUrl,
    KEY: demo.apiKey,
    ORG: demo.organizationId,
    CHANNEL: whatsapp.id,
    STAGE: content.stages[1]!.id,
    TAG: content.tags[0]!.id,
    FLOW: content.flow.id,
    TEMPLATE: content.template.id,
    INSPECTOR: inspector.token,
  };
  return [
    '',
    '  Conversa demo organization created (sandbox channels: messages are simulated).',
    `  Organization: ${demo.organizationId}   plan ${plan}: ${PLAN_SEND_LIMITS[plan]} messages a minute`,
    `  API key:      ${demo.apiKey}   (shown once)`,
    `  Agent:        ${demo.agent.email}   password: ${demo.agent.password}   (shown once; sign in at ${config.publicUrl}/app)`,
    ...demo.channels.map((c) => `  Channel ${c.kind.padEnd(18)} ${c.id}`),
    `  Template:     ${content.template.name} (${content.template.language}, approved) on the whatsapp_official channel`,
    `  Funnel:       ${content.stages.map((s) => s.name).join(', ')}   Tags: ${content.tags.map((t) => t.name).join(', ')}`,
    `  Fields:       ${content.fields.map((f) => `${f.slug} (${f.type})`).join(', ')}`,
    `  Team:         ${content.team.name} (the agent)   Flow: ${content.flow.name} (see docs/flows.md)`,
    `  Webhooks:     every event is delivered to the dev inspector: open ${inspectorPageUrl(inspector)}`,
    `                signing secret ${content.webhook.secret ?? '(see GET /api/{organizationId}/webhooks)'}`,
    '',
    "  The README's first steps use these variables; paste this line into your shell:",
    `  export ${Object.entries(variables)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}`,
    '',
    '  Send your first message:',
    `  curl -s "$BASE/v1/messages/send" -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \\`,
    `    -d "{\\"channel_id\\":\\"$CHANNEL\\",\\"to\\":\\"+5511987654321\\",\\"type\\":\\"text\\",\\"content\\":{\\"text\\":\\"Hello from Conversa\\"}}"`,
    '',
    `  API reference: ${config.publicUrl}/docs`,
    '',
  ].join('\n');
}
