/**
 * The sla module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { assertSlaTeams, SLA_SETTINGS } from './sla-settings.js';
