/**
 * A built-in request inspector for local development (never registered when NODE_ENV=production):
 * `POST /dev/inspector` (or any path under it) records what it receives, `GET /dev/inspector/requests`
 * lists it as JSON, newest first, and `GET /dev/inspector` shows it as a page. The demo
 * organization's webhook endpoint points here, so a newcomer sees webhook deliveries without writing
 * a receiver. Every route takes the inspector's token (`?token=` or `x-inspector-token`, printed in
 * the start banner); recording also takes the demo's delivery signature instead (inspector-access.ts).
 * Without either: 401. Hidden from the API reference: it is not part of the API.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { AppContext } from '../services.js';
import { INSPECTOR_PATH } from './inspector-access.js';
import { RequestInspector } from './inspector.js';
import { inspectorPage, refreshSeconds } from './inspector-page.js';

const TOKEN_HEADER = 'x-inspector-token';

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[TOKEN_HEADER];
  return typeof header === 'string' ? header : queryValue(request, 'token');
}

const missingToken = () =>
  new AppError('UNAUTHORIZED', `The dev inspector needs the token printed at start: ?token=<token> or the ${TOKEN_HEADER} header`);

function headersOf(request: FastifyRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]),
  );
}

export function devInspectorModule(deps: AppContext): FastifyPluginAsync {
  return async (app) => {
    const access = deps.services.devInspector;
    if (!access.enabled) return;
    const inspector = new RequestInspector();
    const reader = async (request: FastifyRequest) => {
      if (!access.allows(tokenOf(request))) throw missingToken();
    };
    const writer = async (request: FastifyRequest) => {
      if (access.allowsDelivery(queryValue(request, 'organization'), queryValue(request, 'signature'))) return;
      if (!access.allows(tokenOf(request))) throw missingToken();
    };
    // Any body a sender may post is kept as text when it is not JSON (the app's parser takes JSON).
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const hide = { schema: { hide: true } };

    const record = async (request: FastifyRequest) => {
      const entry = inspector.record({ method: request.method, url: request.url, headers: headersOf(request), body: request.body ?? null });
      return { success: true as const, data: { id: entry.id } };
    };
    for (const url of [INSPECTOR_PATH, `${INSPECTOR_PATH}/*`]) {
      app.route({ method: ['POST', 'PUT', 'PATCH'], url, ...hide, onRequest: writer, handler: record });
    }
    app.get(`${INSPECTOR_PATH}/requests`, { ...hide, onRequest: reader }, async () => ({ success: true as const, data: inspector.list() }));
    app.delete(`${INSPECTOR_PATH}/requests`, { ...hide, onRequest: reader }, async () => {
      inspector.clear();
      return { success: true as const, data: {} };
    });
    app.get(INSPECTOR_PATH, { ...hide, onRequest: reader }, async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(inspectorPage(inspector.list(), tokenOf(request)!, refreshSeconds(queryValue(request, 'refresh')))),
    );
  };
}
