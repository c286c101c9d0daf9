/** Types of test-groups.mjs, for the tests and the test helpers that import it. */
export function testFileOf(text: string): string | undefined;
export function readDurations(file: string): Record<string, number>;
export function assignProcesses(files: string[], durations: Record<string, number>, processCount: number, concurrency: number): number[];
