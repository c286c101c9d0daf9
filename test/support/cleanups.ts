/** Empties `cleanups` and runs them last first (a service closes before its database is dropped). */
export async function runInReverse(cleanups: (() => Promise<void>)[]): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await fn();
}
