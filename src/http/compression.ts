/**
 * Compression of answers (DESIGN §11): the console's static files and JSON go out as brotli or gzip,
 * whichever the client prefers (brotli first), so the console's first load stays under 150 kB on
 * the wire. The event stream (`text/event-stream`) is never compressed: a compressor holds bytes
 * until it has a block, and a live event must leave at once.
 *
 * Registered after idempotency, in-flight tracking and the audit trail: @fastify/compress appends
 * its onSend to each route as the route registers, so it runs last, after the hooks that read the
 * answer's JSON (the idempotency store keeps the plain body, not compressed bytes).
 */
import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** What is worth compressing: text, JSON, JavaScript, SVG; never a stream of live events. */
export function compressible(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return type.startsWith('text/') || /^application\/([\w.+-]*\+)?(json|javascript)$/.test(type) || type === 'image/svg+xml';
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: compressible,
    // Quality 5: most of brotli's gain at a fraction of its top setting's CPU, per answer.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
