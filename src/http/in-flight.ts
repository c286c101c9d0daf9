/**
 * Closing waits for requests still being handled. Node's server.close() resolves once every
 * connection has ended, and a client that gave up has ended its connection while our handler may
 * still be running (a send between its two transactions); closing the database under it turned into
 * "driver has already been destroyed" errors. A request is done after the last onSend hook of its
 * route (appended to every route registered afterwards, so it runs after e.g. the idempotency
 * store's: onSend runs even when nobody is listening any more), or at onResponse (requests that
 * match no route). The wait happens at preClose: Fastify has already closed the routes (new
 * requests get 503) and nothing has been torn down yet.
 */
import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler } from 'fastify';

/** How long close() waits for handlers; a stuck one must not hold a shutdown for ever. */
export const IN_FLIGHT_GRACE_MS = 10_000;

/** Register after every plugin that appends route hooks in onRoute (idempotency). */
export function registerInFlightTracking(app: FastifyInstance, graceMs = IN_FLIGHT_GRACE_MS): void {
  const inFlight = new Set<FastifyRequest>();
  let allDone: (() => void) | undefined;
  const finished = (request: FastifyRequest) => {
    if (inFlight.delete(request) && inFlight.size === 0) allDone?.();
  };
  const lastOnSend: onSendAsyncHookHandler<unknown> = async (request, _reply, payload) => {
    finished(request);
    return payload;
  };
  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
  });
  app.addHook('onRoute', (route) => {
    const onSend = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...onSend, lastOnSend] as typeof route.onSend;
  });
  app.addHook('onResponse', async (request) => finished(request));
  app.addHook('preClose', async () => {
    if (inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => (allDone = resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    app.log.info({ unfinished: inFlight.size }, 'closed after waiting for in-flight requests');
  });
}
