/**
 * Time as a capability (STYLE.md 10): services take a Clock so tests can control it without
 * patching globals. The job queue, its claims and worker, the event log and the timers they keep
 * read the time from the injected Clock only.
 */
export interface Clock {
  now(): Date;
  /**
   * Hears that the clock jumped (a test clock's `advance`): whoever keeps a timer against this clock
   * (the job worker) looks again at once instead of waiting for its real timer. The system clock
   * never jumps, so it leaves this out.
   */
  onJump?(listener: () => void): () => void;
}

export const systemClock: Clock = { now: () => new Date() };

export function isoNow(clock: Clock = systemClock): string {
  return clock.now().toISOString();
}

export function isoIn(ms: number, clock: Clock = systemClock): string {
  return new Date(clock.now().getTime() + ms).toISOString();
}

/**
 * A clock a test moves by hand: it runs with real time from where it was set, and `advance(ms)`
 * moves it forward at once, waking the worker, so a job due in three minutes runs now and a test
 * waits for no timer. Wired through `createRuntime({ clock })`; nothing else changes in the service.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  private readonly listeners = new Set<() => void>();

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves the clock forward by `ms` and tells the listeners (the worker claims what became due). */
  advance(ms: number): void {
    this.offsetMs += ms;
    for (const listener of this.listeners) listener();
  }

  onJump(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
