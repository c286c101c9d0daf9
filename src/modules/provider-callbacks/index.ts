/**
 * The provider-callbacks module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { CALLBACK_TOKEN_KEEP_MS } from './provider-callbacks.service.js';
