#!/usr/bin/env node
// The `conversa` command (npm start, npm run conversa, npx conversa): runs the compiled service in
// dist/, rebuilt first when src/ changed (scripts/build-server.mjs). CONVERSA_FROM_SOURCE=1 runs
// src/main.ts through tsx's loader instead.
import { pathToFileURL } from 'node:url';

if (process.env.CONVERSA_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
} else {
  const { ensureServerBuild } = await import('../scripts/build-server.mjs');
  await import(pathToFileURL(await ensureServerBuild()).href);
}
