/** Time as a capability (STYLE.md 10): services take a Clock so tests can control it without patching globals. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function isoNow(clock: Clock = systemClock): string {
  return clock.now().toISOString();
}

export function isoIn(ms: number, clock: Clock = systemClock): string {
  return new Date(clock.now().getTime() + ms).toISOString();
}
