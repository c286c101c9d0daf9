/**
 * A port for a server a test starts in another process (`conversa serve` on a PORT it must keep
 * across a restart, Dovecot from its config file). `listen(0)` hands out ports from the kernel's
 * ephemeral range, which every outgoing connection also draws from: under the suite's load another
 * test's connection took such a port between the check and the child's listen (EADDRINUSE, seen on
 * a 2-core machine). So the port is drawn below that range, where only listening servers go, and
 * checked free before it is answered.
 */
import fs from 'node:fs';
import net from 'node:net';

const FALLBACK_EPHEMERAL_LOW = 32768;

function ephemeralLow(): number {
  try {
    const [low] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || FALLBACK_EPHEMERAL_LOW;
  } catch {
    return FALLBACK_EPHEMERAL_LOW;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A free port on 127.0.0.1 between 10000 and the ephemeral range's start. */
export async function freeListeningPort(): Promise<number> {
  const low = 10_000;
  const high = Math.max(low + 1000, ephemeralLow());
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found between ${low} and ${high}`);
}
