#!/usr/bin/env node
// The `conversa` command (npm start, npm run conversa, npx conversa): runs the compiled service in
// dist/, rebuilt first when src/ changed (scripts/build-server.mjs), from V8's code cache
// (scripts/load-server.mjs). CONVERSA_FROM_SOURCE=1 runs src/main.ts through tsx's loader instead.

if (process.env.CONVERSA_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
} else {
  const [{ ensureServerBuild }, { loadServer }] = await Promise.all([
    import('../scripts/build-server.mjs'),
    import('../scripts/load-server.mjs'),
  ]);
  loadServer(await ensureServerBuild());
}
