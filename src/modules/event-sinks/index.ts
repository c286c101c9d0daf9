/**
 * The event-sinks module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { eventSinkRoutes } from './event-sinks.routes.js';
