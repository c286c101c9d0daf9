/**
 * A built-in request inspector for local development (never registered when NODE_ENV=production):
 * `POST /dev/inspector` (or any path under it) records what it receives, `GET /dev/inspector/requests`
 * lists it as JSON, newest first, and `GET /dev/inspector` shows it as a page. The demo
 * organization's webhook endpoint points here, so a newcomer sees webhook deliveries without writing
 * a receiver. Hidden from the API reference: it is not part of the API.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { AppContext } from '../services.js';
import { RequestInspector } from './inspector.js';
import { inspectorPage } from './inspector-page.js';

export const INSPECTOR_PATH = '/dev/inspector';

/** Whether the inspector exists: never in production. */
export function inspectorEnabled(nodeEnv: string): boolean {
  return nodeEnv !== 'production';
}

/**
 * The inspector's address as this process reaches itself: over loopback when it listens on a
 * wildcard or loopback host (the outbound guard's default lets loopback alone through outside
 * production), else at PUBLIC_URL.
 */
export function inspectorUrl(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string {
  if (['0.0.0.0', '127.0.0.1', 'localhost'].includes(config.host)) return `http://127.0.0.1:${config.port}${INSPECTOR_PATH}`;
  if (['::', '::1'].includes(config.host)) return `http://[::1]:${config.port}${INSPECTOR_PATH}`;
  return `${config.publicUrl}${INSPECTOR_PATH}`;
}

function headersOf(request: FastifyRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]),
  );
}

export function devInspectorModule(deps: AppContext): FastifyPluginAsync {
  return async (app) => {
    if (!inspectorEnabled(deps.config.nodeEnv)) return;
    const inspector = new RequestInspector();
    // Any body a sender may post is kept as text when it is not JSON (the app's parser takes JSON).
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const hide = { schema: { hide: true } };

    const record = async (request: FastifyRequest) => {
      const entry = inspector.record({ method: request.method, url: request.url, headers: headersOf(request), body: request.body ?? null });
      return { success: true as const, data: { id: entry.id } };
    };
    for (const url of [INSPECTOR_PATH, `${INSPECTOR_PATH}/*`]) {
      app.route({ method: ['POST', 'PUT', 'PATCH'], url, ...hide, handler: record });
    }
    app.get(`${INSPECTOR_PATH}/requests`, hide, async () => ({ success: true as const, data: inspector.list() }));
    app.delete(`${INSPECTOR_PATH}/requests`, hide, async () => {
      inspector.clear();
      return { success: true as const, data: {} };
    });
    app.get(INSPECTOR_PATH, hide, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(inspectorPage(inspector.list())),
    );
  };
}
