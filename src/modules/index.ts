/**
 * The feature modules: their routes, in registration order. Routes are built from the app context
 * (capabilities and service graph); job handlers (the job catalogue, ./jobs.ts) from the service
 * graph alone, so a worker process registers them without building the HTTP app.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './services.js';
import { auditModule } from './audit/audit.routes.js';
import { authModule } from './auth/auth.routes.js';
import { chatCreateModule } from './chats/chat-create.routes.js';
import { chatSendsModule } from './chats/chat-sends.routes.js';
import { chatsModule } from './chats/chats.routes.js';
import { messageReactionsModule } from './chats/message-reactions.routes.js';
import { consoleModule } from './console/console.routes.js';
import { customersModule } from './customers/customers.routes.js';
import { customerOptOutModule } from './customers/opt-out.routes.js';
import { devInspectorModule } from './dev-inspector/inspector.routes.js';
import { directoryModule } from './directory/directory.routes.js';
import { eventsModule } from './events/events.routes.js';
import { fieldsModule } from './customers/field-values.routes.js';
import { filesModule } from './files/files.routes.js';
import { flowsModule } from './flows/flows.routes.js';
import { governorModule } from './governor/governor.routes.js';
import { notesModule } from './notes/notes.routes.js';
import { orgAdminModule } from './org-admin/org-admin.module.js';
import { privacyModule } from './privacy/privacy.routes.js';
import { profileKeysModule } from './profile-keys/profile-keys.routes.js';
import { providerCallbacksModule } from './provider-callbacks/provider-callbacks.routes.js';
import { campaignsModule } from './campaigns/campaigns.routes.js';
import { scheduledMessagesModule } from './scheduled-messages/scheduled-messages.routes.js';
import { reportsModule } from './reports/reports.routes.js';
import { searchModule } from './search/search.routes.js';
import { cannedResponsesModule } from './canned-responses/canned-responses.routes.js';
import { chatNotesModule } from './chat-notes/chat-notes.routes.js';
import { sendModule } from './send/send.routes.js';
import { tagsModule } from './tags/tags.routes.js';
import { webhooksModule } from './webhooks/webhooks.routes.js';

export type FeatureModule = (context: AppContext) => FastifyPluginAsync;

/** The console takes no context (its files' folder is its only option). */
const consoleFeature: FeatureModule = () => consoleModule();

export const featureModules: FeatureModule[] = [
  authModule,
  tagsModule,
  customersModule,
  customerOptOutModule,
  privacyModule,
  auditModule,
  notesModule,
  fieldsModule,
  sendModule,
  chatCreateModule,
  filesModule,
  chatSendsModule,
  chatsModule,
  scheduledMessagesModule,
  campaignsModule,
  searchModule,
  reportsModule,
  cannedResponsesModule,
  chatNotesModule,
  governorModule,
  messageReactionsModule,
  flowsModule,
  providerCallbacksModule,
  webhooksModule,
  eventsModule,
  directoryModule,
  orgAdminModule,
  profileKeysModule,
  devInspectorModule,
  consoleFeature,
];
