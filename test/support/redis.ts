/**
 * The Redis the Redis-backed tests use: TEST_REDIS_URL (CI sets it; then Redis is required and an
 * unreachable one fails the test, never skips it), else a local default that is used if it answers.
 */
import net from 'node:net';

export const REDIS_URL = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
export const REDIS_REQUIRED = Boolean(process.env.TEST_REDIS_URL?.trim());

async function redisReachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export const redisUp = await redisReachable();

/** The `skip` of a Redis test: skipped (saying why) only when TEST_REDIS_URL is not set and the default Redis is not there. */
export function redisSkip(what: string): string | false {
  return redisUp || REDIS_REQUIRED ? false : `TEST_REDIS_URL is not set and no Redis at ${REDIS_URL}: ${what} skipped`;
}
