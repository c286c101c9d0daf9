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
import { registerRouteTable } from './http/route-table.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerCompression } from './http/compression.js';
import { openApiOptions } from './http/openapi.js';
import { ErrorEnvelope, FlatError } from './http/schemas.js';
import { LazySchemas } from './http/lazy-schemas.js';
import { validatorCompiler } from './http/validation.js';
import { newId } from './lib/ids.js';
import { adminModule } from './modules/admin/admin.routes.js';
import { healthModule } from './modules/health/health.routes.js';
import { featureModules } from './modules/index.js';
import { registerAuditTrail } from './modules/audit/audit-trail.js';
import { webhooksDocument } from './modules/webhooks/webhooks-openapi.js';
import { namedPlugin } from './http/plugin-name.js';

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** Compiles every route schema not compiled yet (they compile on first use); answers how many. */
    compileAllSchemas(): number;
  }
}

function hopCount(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp(deps: AppContext): Promise<App> {
  const { config } = deps;
  const schemas = new LazySchemas();
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
    // Response serializers compiled on first use, like the validators below (http/lazy-schemas.ts).
    schemaController: { compilersFactory: { buildSerializer: schemas.serializerFactory() } },
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

  app.setValidatorCompiler(schemas.validatorCompiler(validatorCompiler));
  app.decorate('compileAllSchemas', () => schemas.compileAll());
  // Every body is JSON (spec); anything else is 415 rather than a confusing validation error.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  app.addSchema(ErrorEnvelope);
  app.addSchema(FlatError);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRouteTable(app);
  registerSecurityHeaders(app);
  registerErrorHandling(app);
  registerBodyDepthLimit(app);
  registerRequestMetrics(app, deps.metrics);

  // The webhooks section: what the service POSTs to endpoints, one entry per event type (its schema and example).
  await app.register(
    swagger,
    openApiOptions(config.publicUrl, { webhooks: webhooksDocument(), sessionCookieName: deps.sessionCookie.name }),
  );
  // /docs over 120 operations: a filter box by tag, sections folded until opened, the key kept across reloads.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    uiConfig: { filter: true, docExpansion: 'none', persistAuthorization: true, displayRequestDuration: true, defaultModelsExpandDepth: 0 },
  });

  // Both add hooks to routes as they are registered (onRoute), so they come before every module.
  await registerRateLimits(app, deps);
  registerIdempotency(app, deps, {
    staleMs: deps.config.idempotencyStaleMs,
    crashBeforeAnswer: deps.config.crashBeforeIdempotentAnswer,
  });
  // After idempotency: a request counts as handled only once its answer is stored.
  registerInFlightTracking(app);
  // Every mutating route writes its audit row (modules/audit): attached as routes register.
  registerAuditTrail(app, deps);
  // Last of the onSend hooks every route gets (http/compression.ts says why).
  await registerCompression(app);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(namedPlugin('health', healthModule(deps)));
  await app.register(namedPlugin('admin', adminModule(deps)), { prefix: '/admin/v1' });
  for (const module of featureModules) await app.register(namedPlugin(module.name, module(deps)));

  return app;
}
