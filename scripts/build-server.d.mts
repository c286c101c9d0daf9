/** Types of build-server.mjs, for the tests that import it. */
export function sources(base?: string): string[];
export function isFresh(files: string[], stamp?: string): boolean;
export function buildServer(): Promise<void>;
export function ensureServerBuild(): Promise<string>;
