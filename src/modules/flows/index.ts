/**
 * The flows module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { builtInScope, render } from './flow-variables.js';
export { CreateFlowBody, type CreateFlowInput, Flow, UpdateFlowBody } from './flows.schemas.js';
