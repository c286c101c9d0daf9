/** Types of build-server.mjs, for the tests that import it. */
export function sources(base?: string): string[];
export function isFresh(files: string[], stamp?: string): boolean;
export function buildServer(): Promise<void>;
export function ensureServerBuild(): Promise<string>;
/** The packages left out of the bundle, loaded from node_modules at run time. */
export const EXTERNAL: string[];
/** The banner that gives a bundled ES module CommonJS's `require`, `__filename` and `__dirname`. */
export const COMMONJS_GLOBALS: string;
