/**
 * The Redis the Redis-backed tests use: TEST_REDIS_URL (CI sets it; then Redis is required and an
 * unreachable one fails the test, never skips it), else a local default that is used if it answers.
 */
import net from 'node:net';

export const REDIS_URL = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
export const REDIS_REQUIRED = Boolean(process.env.TEST_REDIS_URL?.trim());

/**
 * Whether Redis answers a connection. The probe runs as the test file loads, when a loaded machine
 * may hold the event loop for more than a second (CI once failed both databases' Redis test on a
 * 1 s wait with Redis up): it waits up to 5 s a try and tries three times.
 */
async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  const attempt = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: hostname, port: Number(port || 6379) });
      socket.setTimeout(5000, () => (socket.destroy(), resolve(false)));
      socket.once('connect', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  for (let tries = 0; tries < 3; tries++) {
    if (await attempt()) return true;
    if (!REDIS_REQUIRED) return false; // outside CI a missing Redis is the common case: say so at once
  }
  return false;
}

export const redisUp = await redisReachable();

/** The `skip` of a Redis test: skipped (saying why) only when TEST_REDIS_URL is not set and the default Redis is not there. */
export function redisSkip(what: string): string | false {
  return redisUp || REDIS_REQUIRED ? false : `TEST_REDIS_URL is not set and no Redis at ${REDIS_URL}: ${what} skipped`;
}
