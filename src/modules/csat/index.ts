/**
 * The csat module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { CSAT_SETTINGS } from './csat-settings.js';
