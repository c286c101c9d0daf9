/**
 * Closing waits for requests still being handled. Node's server.close() resolves once every
 * connection has ended, and a client that gave up has ended its connection while our handler may
 * still be running (a send between its two transactions); closing the database under it turned into
 * "driver has already been destroyed" errors. A request counts from the moment its route's handler
 * starts (one aborted earlier never runs a handler, so nothing waits for it) until the last onSend
 * hook of its route, which runs even when nobody is listening any more. Both are attached in
 * onRoute to every route registered afterwards, so the onSend runs after e.g. the idempotency
 * store's. The wait happens at preClose: Fastify has already closed the routes (new requests get
 * 503) and nothing has been torn down yet.
 */
import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler } from 'fastify';

/**
 * How long close() waits for handlers; a stuck one must not hold a shutdown for ever. Below
 * Fastify's plugin timeout (10 s), which also bounds a preClose hook.
 */
export const IN_FLIGHT_GRACE_MS = 8_000;

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
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function handleTracked(this: FastifyInstance, request, reply) {
      inFlight.add(request);
      return handler.call(this, request, reply);
    } as typeof route.handler;
    const onSend = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...onSend, lastOnSend] as typeof route.onSend;
  });
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
