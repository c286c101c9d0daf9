/**
 * The stages module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { CreateStageBody, ListStagesQuery, Stage, UpdateStageBody } from './stages.schemas.js';
