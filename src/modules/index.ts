/**
 * The feature modules, in registration order. Each is a function of the app's dependencies that
 * returns a Fastify plugin registering its routes (and, through deps.jobHandlers, its jobs).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../deps.js';
import { customersModule } from './customers/customers.routes.js';
import { eventsModule } from './events/events.routes.js';
import { fieldsModule } from './custom-fields/field-values.routes.js';
import { messagesModule } from './messages/messages.routes.js';
import { notesModule } from './notes/notes.routes.js';
import { providerCallbacksModule } from './provider-callbacks/provider-callbacks.routes.js';
import { tagsModule } from './tags/tags.routes.js';
import { webhooksModule } from './webhooks/webhooks.routes.js';

export type FeatureModule = (deps: AppDeps) => FastifyPluginAsync;

export const featureModules: FeatureModule[] = [
  tagsModule,
  customersModule,
  notesModule,
  fieldsModule,
  messagesModule,
  providerCallbacksModule,
  webhooksModule,
  eventsModule,
];
