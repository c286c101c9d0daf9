/**
 * Closing waits for requests still being handled. Node's server.close() resolves once every
 * connection has ended, and a client that gave up has ended its connection while our handler may
 * still be running (a send between its two transactions); closing the database under it turned into
 * "driver has already been destroyed" errors. onSend marks the end of a handler's work (it runs even
 * when nobody is listening any more); onResponse covers a request that ends without a send.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long close() waits for handlers; a stuck one must not hold a shutdown for ever. */
export const IN_FLIGHT_GRACE_MS = 10_000;

export function registerInFlightTracking(app: FastifyInstance, graceMs = IN_FLIGHT_GRACE_MS): void {
  const inFlight = new Set<FastifyRequest>();
  let allDone: (() => void) | undefined;
  const finished = async (request: FastifyRequest) => {
    if (inFlight.delete(request) && inFlight.size === 0) allDone?.();
  };
  app.addHook('onRequest', async (request) => {
    inFlight.add(request);
  });
  app.addHook('onSend', async (request) => finished(request));
  app.addHook('onResponse', finished);
  app.addHook('onClose', async () => {
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
