/**
 * The governor module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { holdMessage } from './governor-holds.js';
export { GOVERNOR_ORG_SETTINGS } from './governor-settings.js';
export { type GovernedMessage, Governor } from './governor.js';
export { customersMarketingCapped } from './marketing-cap.js';
export { hearStatusSignal } from './status-signals.js';
export { type Traffic, trafficOf } from './traffic.js';
