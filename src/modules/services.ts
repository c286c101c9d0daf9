/**
 * The service graph: every domain service, built once from the capabilities (deps.ts) by
 * `createServices`, and handed alike to the HTTP routes, the job handlers, the CLI, the tests and the
 * benchmark. A service that needs another gets it here, so no caller builds its own copy; the
 * resources services hold (the outbound HTTP agent) are released by `close`, after the worker stops.
 */
import type { AppDeps } from '../deps.js';
import type { RequireApiKey } from '../http/auth.js';
import type { SessionCookie } from '../http/session-cookie.js';
import { createGuardedFetch, createOutboundAgent } from '../http/outbound.js';
import type { ProviderDeps } from '../channels/provider.js';
import { ChannelsService } from './channel-records/channels.service.js';
import { CustomFieldsService } from './custom-fields/custom-fields.service.js';
import { FlowRunControl } from './flows/flow-run-control.js';
import { FlowRunner } from './flows/flow-runner.js';
import { FlowRunsService } from './flows/flow-runs.service.js';
import { FlowsService } from './flows/flows.service.js';
import { StagesService } from './stages/stages.service.js';
import { TeamsService } from './teams/teams.service.js';
import { TemplatesService } from './templates/templates.service.js';
import { TenancyService } from './organizations/tenancy.service.js';
import { SessionsService } from './auth/sessions.service.js';
import { SignInThrottle } from '../access/sign-in-throttle.js';
import { ChatDelivery } from './delivery/chat-delivery.js';
import { Governor } from './governor/governor.js';
import { sendTimings } from './messages/send-outbox.js';
import { ChatCreateService } from './chats/chat-create.service.js';
import { ChatLifecycle } from './chats/chat-lifecycle.service.js';
import { MessageSequences } from './chats/message-sequence.service.js';
import { SendTemplateService } from './chats/send-template.service.js';
import { AwayMessages } from './chats/away-message.js';
import { OptOutKeywords } from './campaigns/opt-out-keywords.js';
import { CampaignRunner } from './campaigns/campaign-runner.js';
import { CampaignsService } from './campaigns/campaigns.service.js';
import { ScheduledMessages } from './scheduled-messages/scheduled-messages.service.js';
import { ReportsService } from './reports/reports.service.js';
import { Satisfaction } from './csat/satisfaction.js';
import { ScheduledSender } from './scheduled-messages/scheduled-send.js';
import { FileLinks } from './files/file-links.js';
import { InspectorAccess, inspectorEnabled, inspectorUrl } from './dev-inspector/inspector-access.js';
import { LocalFileStore } from './files/file-store.js';
import { FilesService } from './files/files.service.js';
import { InboundMedia } from './messages/inbound-media.js';
import { EmailInbox } from './email-inbox/email-inbox.service.js';
import { PrivacyService } from './privacy/privacy.service.js';
import { ChatsService } from './chats/chats.service.js';
import { MessageReactions } from './chats/message-reactions.service.js';
import { CustomerStageService } from './customers/customer-stage.service.js';
import { CustomerTagsService } from './customers/customer-tags.service.js';
import { CustomersService } from './customers/customers.service.js';
import { EventsService } from './events/events.service.js';
import { EventSinksService } from './event-sinks/event-sinks.service.js';
import { EventCursors } from './events/event-cursor.js';
import { ServerSecret } from '../lib/server-secret.js';
import { EventStreams } from './events/event-streams.js';
import { FieldValuesService } from './customers/field-values.service.js';
import { NotesService } from './notes/notes.service.js';
import { ProviderCallbacksService } from './provider-callbacks/provider-callbacks.service.js';
import { SendService } from './send/send.service.js';
import { TagsService } from './tags/tags.service.js';
import { SlaTimers } from './sla/sla-timers.js';
import { CannedResponsesService } from './canned-responses/canned-responses.service.js';
import { ChatNotesService } from './chat-notes/chat-notes.service.js';
import { DeliveriesService } from './webhooks/deliveries.service.js';
import { EndpointsService } from './webhooks/endpoints.service.js';
import { WebhookSender } from './webhooks/webhook-sender.js';

export interface Services {
  // Organizations and their definitions.
  tenancy: TenancyService;
  /** Console sign-in: passwords checked, sessions opened and ended. */
  sessions: SessionsService;
  channels: ChannelsService;
  stages: StagesService;
  teams: TeamsService;
  customFields: CustomFieldsService;
  templates: TemplatesService;
  flows: FlowsService;
  // Automation: runs of flows (DESIGN §7).
  flowRunner: FlowRunner;
  flowRuns: FlowRunsService;
  // The CRM.
  customers: CustomersService;
  customerStages: CustomerStageService;
  customerTags: CustomerTagsService;
  tags: TagsService;
  /** SLA deadlines and their checks (DESIGN §12). */
  slaTimers: SlaTimers;
  cannedResponses: CannedResponsesService;
  chatNotes: ChatNotesService;
  notes: NotesService;
  fieldValues: FieldValuesService;
  /** A person's export and erasure (LGPD, DESIGN §14). */
  privacy: PrivacyService;
  // Conversations and messages.
  chatLifecycle: ChatLifecycle;
  delivery: ChatDelivery;
  /** The outbound governor (DESIGN §10): budgets, holds, provider signals; `isMarketingCapped` for campaigns. */
  governor: Governor;
  chatCreate: ChatCreateService;
  files: FilesService;
  messageSequences: MessageSequences;
  sendTemplate: SendTemplateService;
  /** Messages scheduled into chats (DESIGN §10), and their sending when due. */
  scheduledMessages: ScheduledMessages;
  scheduledSender: ScheduledSender;
  /** Supervisors' reports (DESIGN §12). */
  reports: ReportsService;
  /** Campaigns (DESIGN §10): the API, and the job that sends them. */
  campaigns: CampaignsService;
  campaignRunner: CampaignRunner;
  /** The chat API's commands (reply, status, assignee, collaborators). */
  chats: ChatsService;
  messageReactions: MessageReactions;
  /** Inbound media downloaded into our files (DESIGN §9 Media). */
  inboundMedia: InboundMedia;
  /** Mail read over IMAP taken into chats (email-inbox/). */
  emailInbox: EmailInbox;
  send: SendService;
  providerCallbacks: ProviderCallbacksService;
  // Events out.
  eventFeed: EventsService;
  /** The operator's streams of the event log into brokers (DESIGN §13). */
  eventSinks: EventSinksService;
  /** The realtime streams this process serves (`GET /events/stream`). */
  eventStreams: EventStreams;
  webhookEndpoints: EndpointsService;
  webhookDeliveries: DeliveriesService;
  /** The dev inspector's token and the demo's delivery URL to it (never enabled in production). */
  devInspector: InspectorAccess;
  /** Releases what the services hold (HTTP agents); call after the worker has stopped. */
  close(): Promise<void>;
}

/** What a route module is built from: the capabilities, the service graph and the authentication hook. */
export interface AppContext extends AppDeps {
  services: Services;
  requireApiKey: RequireApiKey;
  /** The console's session cookie: its name and attributes (http/session-cookie.ts). */
  sessionCookie: SessionCookie;
}

export function createServices(deps: AppDeps): Services {
  const { db, clock, config } = deps;
  // One outbound guard for every URL a user gave: webhook targets and message media alike. What a
  // refused name resolved to goes to the server log only; the tenant is told the address is not allowed.
  const allowPrivate = config.webhookAllowPrivateNetworks;
  const outboundLogger = deps.logger.child({ component: 'outbound' });
  const outboundAgent = createOutboundAgent(allowPrivate, (blocked) =>
    outboundLogger.warn(blocked, 'outbound call refused: the address is not allowed (WEBHOOK_ALLOW_PRIVATE_NETWORKS)'),
  );
  const serverSecret = new ServerSecret({ secret: config.files.signingSecret, dir: config.files.dir });
  const devInspector = new InspectorAccess({
    enabled: inspectorEnabled(config.nodeEnv),
    url: inspectorUrl(config),
    key: () => serverSecret.value(),
  });
  const providerDeps: ProviderDeps = {
    fetch: globalThis.fetch,
    fetchMedia: createGuardedFetch(outboundAgent, allowPrivate),
    logger: deps.logger,
  };
  const chatLifecycle = new ChatLifecycle(deps);
  const governor = new Governor(deps);
  const delivery = new ChatDelivery({ ...deps, providerDeps, send: sendTimings(config), governor });
  const satisfaction = new Satisfaction({ delivery, queue: deps.queue });
  chatLifecycle.listenForClose(satisfaction);
  const fileStore = new LocalFileStore(config.files.dir);
  const files = new FilesService({
    db,
    clock,
    store: fileStore,
    links: new FileLinks({ publicUrl: config.publicUrl, ttlSeconds: config.files.urlTtlSeconds, secret: serverSecret }),
    fetchUrl: providerDeps.fetchMedia,
    maxBytes: config.files.maxBytes,
    fetchTimeoutMs: config.files.fetchTimeoutMs,
  });
  const inboundMedia = new InboundMedia({ ...deps, files, providerDeps, timeoutMs: config.files.fetchTimeoutMs });
  const customerTags = new CustomerTagsService(deps);
  const customerStages = new CustomerStageService(deps);
  const fieldValues = new FieldValuesService(deps);
  const sendTemplate = new SendTemplateService({ db, delivery });
  const customers = new CustomersService(deps);
  const flowRunner = new FlowRunner({
    ...deps,
    delivery,
    sendTemplate,
    effects: { lifecycle: chatLifecycle, customerTags, customerStages, fieldValues },
    fetchGuarded: providerDeps.fetchMedia,
    http: { timeoutMs: config.flows.httpTimeoutMs, maxAnswerBytes: config.flows.httpMaxAnswerBytes },
  });
  const scheduledMessages = new ScheduledMessages({ ...deps, sendTemplate });
  const flowControl = new FlowRunControl(flowRunner, deps.logger.child({ component: 'flows' }));
  // What else hears of every customer's message, whichever way it came in.
  const slaTimers = new SlaTimers(deps);
  // Opt-out first: a keyword's reply goes before any away message.
  const customerWrote = [
    new OptOutKeywords({ delivery, queue: deps.queue }),
    scheduledMessages,
    new AwayMessages({ delivery, queue: deps.queue }),
    inboundMedia,
    slaTimers,
  ];
  const tenancy = new TenancyService(db, clock, deps.accessChanges);
  const eventFeed = new EventsService(db, deps.dialect, new EventCursors(() => serverSecret.derive('conversa event cursors v1')));
  const eventStreams = new EventStreams({
    feed: eventFeed,
    wakeups: deps.eventWakeups,
    config: config.eventStream,
    logger: deps.logger.child({ component: 'event-streams' }),
  });
  const eventSinks = new EventSinksService(db, deps.dialect, clock, async (id) =>
    Boolean(await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst()),
  );
  return {
    eventSinks,
    tenancy,
    sessions: new SessionsService({
      db,
      clock,
      access: deps.access,
      accessChanges: deps.accessChanges,
      tenancy,
      sessions: config.sessions,
      throttle: new SignInThrottle({ db, clock, limits: config.sessions }),
    }),
    channels: new ChannelsService(db, clock, config.publicUrl, deps.accessChanges),
    stages: new StagesService(db, clock),
    teams: new TeamsService(db, clock),
    customFields: new CustomFieldsService(db, clock),
    templates: new TemplatesService(db, clock),
    flows: new FlowsService(db, clock),
    flowRunner,
    flowRuns: new FlowRunsService({ ...deps, control: flowControl }),
    customers,
    customerStages,
    customerTags,
    tags: new TagsService(deps),
    slaTimers,
    cannedResponses: new CannedResponsesService(deps),
    chatNotes: new ChatNotesService(deps),
    notes: new NotesService(deps),
    fieldValues,
    privacy: new PrivacyService({ ...deps, store: fileStore, stages: customerStages }),
    chatLifecycle,
    delivery,
    governor,
    chatCreate: new ChatCreateService({ ...deps, lifecycle: chatLifecycle, delivery, flows: flowControl }),
    files,
    messageSequences: new MessageSequences({ ...deps, delivery, files }),
    sendTemplate,
    scheduledMessages,
    scheduledSender: new ScheduledSender({ ...deps, delivery }),
    reports: new ReportsService(deps),
    campaigns: new CampaignsService({ ...deps, sendTemplate, customers }),
    campaignRunner: new CampaignRunner({ ...deps, delivery }),
    chats: new ChatsService({ ...deps, lifecycle: chatLifecycle, delivery }),
    messageReactions: new MessageReactions({ ...deps, providerDeps }),
    inboundMedia,
    emailInbox: new EmailInbox({ ...deps, files, chatLifecycle, flows: flowControl, customerWrote }),
    send: new SendService({ db, delivery, accessChanges: deps.accessChanges }),
    providerCallbacks: new ProviderCallbacksService({
      ...deps,
      providerDeps,
      chatLifecycle,
      flows: flowControl,
      customerWrote,
      ratings: satisfaction,
    }),
    eventFeed,
    eventStreams,
    webhookEndpoints: new EndpointsService(db, clock, config.webhookAllowPrivateNetworks, devInspector),
    webhookDeliveries: new DeliveriesService({
      db,
      clock,
      sender: new WebhookSender(outboundAgent, allowPrivate, () => clock.now(), devInspector),
      retryScheduleMs: config.webhookRetryScheduleMs,
      logger: deps.logger.child({ component: 'webhooks' }),
    }),
    devInspector,
    async close() {
      eventStreams.closeAll();
      await outboundAgent.close();
    },
  };
}
