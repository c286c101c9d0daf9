/**
 * The files module's surface: what other modules may import from it (test/unit/architecture.test.ts
 * checks that every import from another module comes through this file).
 */
export { type FileStore } from './file-store.js';
export { type FileRow, FilesService } from './files.service.js';
export { deleteFilesIn, REMOVE_FILES_JOB } from './file-removal.js';
