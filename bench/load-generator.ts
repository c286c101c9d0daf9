/**
 * The load generator, run as its own process by bench/lib.ts `load()`: the service under test then
 * has its event loop and its core to itself, as it would in production, instead of sharing them with
 * autocannon. Reads its options as JSON from argv[2] and prints autocannon's summary as one JSON line.
 */
import autocannon from 'autocannon';
import * as factories from './requests.js';
import type { GeneratorOptions } from './lib.js';

const options = JSON.parse(process.argv[2] ?? '{}') as GeneratorOptions;
const requests = options.requests
  ? (factories[options.requests.factory] as (...args: unknown[]) => autocannon.Request[])(...options.requests.args)
  : undefined;
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
  body: options.body,
  requests,
  connections: options.connections ?? 50,
  duration: options.amount ? undefined : options.durationSeconds,
  amount: options.amount,
});
process.stdout.write(
  `${JSON.stringify({
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  })}\n`,
);
