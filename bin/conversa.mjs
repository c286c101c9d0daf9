#!/usr/bin/env node
// The `conversa` command (npm link / npx conversa): runs src/main.ts through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
