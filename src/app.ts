/**
 * Builds the Fastify app from its parts (STYLE.md 1): external plugins, then cross-cutting HTTP
 * plumbing, then the feature modules. It never listens; `main.ts` (or a test) does.
 */
import http from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from './modules/services.js';
import { registerBodyDepthLimit } from './http/body-depth.js';
import { registerErrorHandling, writeClientError } from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerJsonBodyParser } from './http/json-body.js';
import { registerRateLimits } from './http/rate-limit.js';
import { registerInFlightTracking } from './http/in-flight.js';
import { registerRequestMetrics } from './http/request-metrics.js';
import { ErrorEnvelope } from './http/schemas.js';
import { validatorCompiler } from './http/validation.js';
import { newId } from './lib/ids.js';
import { adminModule } from './modules/admin/admin.routes.js';
import { healthModule } from './modules/health/health.routes.js';
import { featureModules } from './modules/index.js';
import { webhooksDocument } from './modules/webhooks/webhooks-openapi.js';

export type App = FastifyInstance;

function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(deps: AppContext): Promise<App> {
  const { config } = deps;
  const app = Fastify<http.Server>({
    loggerInstance: deps.logger,
    // A hop count trusts that many proxies nearest to us; a list trusts those addresses.
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => newId(),
    // One log line per request costs throughput; at debug and trace Fastify logs each request.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    ajv: { customOptions: { allErrors: true } },
    routerOptions: { ignoreTrailingSlash: true },
    // A client that announces a body and never sends it must not hold a request (or a shutdown)
    // open. Node checks request timeouts on an interval (30 s by default), so check as often as needed.
    serverFactory: (handler) =>
      http.createServer(
        { requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(30_000, Math.ceil(config.requestTimeoutMs / 2)) },
        handler,
      ),
    clientErrorHandler: writeClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Every body is JSON (spec); anything else is 415 rather than a confusing validation error.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  app.addSchema(ErrorEnvelope);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  registerBodyDepthLimit(app);
  registerRequestMetrics(app, deps.metrics);

  await app.register(swagger, {
    openapi: {
      // 3.1 speaks JSON Schema, so TypeBox's nullable unions render as written (3.0 has no null type).
      openapi: '3.1.0',
      info: {
        title: 'Conversa API',
        version: '1.0.0',
        description:
          'Customer-conversation platform: messages, chats, automation flows, customers and CRM, signed webhooks. ' +
          'Errors use the envelope `{ success: false, error: { code, message, details? } }`.',
      },
      tags: [
        {
          name: 'flows',
          description:
            'Automation flows: 1 to 100 steps (send_message, send_template, wait, wait_for_reply, branch, goto, add_tag, ' +
            'remove_tag, set_stage, set_field, assign, set_chat_status, http_request, end) with `{{variable}}` placeholders, run ' +
            'durably for one chat at a time; each step kind is listed in the flow schema. Guide: docs/flows.md.',
        },
      ],
      components: {
        securitySchemes: {
          bearerKey: { type: 'http', scheme: 'bearer', description: 'API key (send endpoint, chat create)' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'API key (organization routes)' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN (admin API)' },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'conversa_session',
            description:
              'Console session (POST /auth/sign-in). Accepted wherever an API key is, as the signed-in profile; ' +
              'POST, PUT, PATCH and DELETE made with it need the x-csrf-token header',
          },
        },
      },
      // What the service POSTs to webhook endpoints: one entry per event type, with its schema and example.
      webhooks: webhooksDocument(),
    },
    // Wherever a key is accepted, so is the console's session cookie (http/auth.ts): say so on each such route.
    transform: ({ schema, url }) => {
      const security = (schema as { security?: Record<string, string[]>[] } | undefined)?.security;
      if (!security?.some((s) => 'apiKeyHeader' in s || 'bearerKey' in s)) return { schema, url };
      return { schema: { ...schema, security: [...security, { sessionCookie: [] }] } as typeof schema, url };
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Both add hooks to routes as they are registered (onRoute), so they come before every module.
  await registerRateLimits(app, deps);
  registerIdempotency(app, deps, {
    staleMs: deps.config.idempotencyStaleMs,
    crashBeforeAnswer: deps.config.crashBeforeIdempotentAnswer,
  });
  // After idempotency: a request counts as handled only once its answer is stored.
  registerInFlightTracking(app);

  await app.register(healthModule(deps));
  await app.register(adminModule(deps), { prefix: '/admin/v1' });
  for (const module of featureModules) await app.register(module(deps));

  return app;
}
