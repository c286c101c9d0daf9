/**
 * Serves the agent console (console/, docs/console.md) at /app: the files Vite built during
 * `npm install` (console/dist), hashed assets cached for a year, and index.html (never cached) for
 * every other path under /app, so a deep link such as /app/o/{org}/inbox/{chat} opens the app,
 * which routes in the browser. Without a build the console answers 503 saying how to build it.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { projectRoot } from '../../lib/project-root.js';

const DEFAULT_DIST = path.join(projectRoot(import.meta.url), 'console', 'dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The app talks only to its own origin; media of messages may come from provider URLs (https).
 * Style sheets only from our files (the emoji picker's own sheet is adopted as a constructable
 * sheet, EmojiPanel.tsx); style *attributes* are allowed, because the picker lays out its category
 * bar and grid with them and is unusable without: an attribute holds no selector, so it cannot read
 * the page the way an injected <style> could.
 */
const CSP = [
  "default-src 'self'",
  "img-src 'self' https: data: blob:",
  "media-src 'self' https: blob:",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

function sendIndex(reply: FastifyReply, html: string) {
  return reply
    .header('cache-control', 'no-cache')
    .header('content-security-policy', CSP)
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

export function consoleModule(dist = DEFAULT_DIST): FastifyPluginAsync {
  return async (app) => {
    const schema = { hide: true };
    app.get('/', { schema }, (_req, reply) => reply.redirect('/app/'));
    const indexFile = path.join(dist, 'index.html');
    if (!fs.existsSync(indexFile)) {
      app.get('/app/*', { schema }, (_req, reply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The console is not built: run `npm run build:console` (npm install does it).\n'),
      );
      return;
    }
    const html = fs.readFileSync(indexFile, 'utf8');
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/app/',
      // One route per built file (read at start), so /app/* below is the app's fallback.
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      preCompressed: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply: FastifyReply, filePath: string) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
        reply.header('x-content-type-options', 'nosniff');
      },
    });
    // With the router's ignoreTrailingSlash, '/app' also answers '/app/'.
    app.get('/app', { schema }, (_req, reply) => sendIndex(reply, html));
    app.get('/app/*', { schema }, (req, reply) => {
      // A missing hashed asset is a 404, not the page (a stale tab after a release would parse HTML as JS).
      if (req.url.startsWith('/app/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
      return sendIndex(reply, html);
    });
  };
}
