/**
 * Which SLA deadline a chat row counts down to (docs/sla.md): the first reply's while no agent
 * has replied, the resolution's while the chat is open; the nearer of the two. Shown only when it
 * is near (`NEAR_MS`) or past. Plain TypeScript (no React), so Node tests check it without a browser.
 */
export const NEAR_MS = 30 * 60_000;
/** How often the rows' countdowns are redrawn. */
export const TICK_MS = 30_000;

export interface SlaFields {
  status: string;
  sla: {
    firstResponseDueAt: string | null;
    resolutionDueAt: string | null;
    firstResponseAt?: string | null;
  } | null;
}

export interface Countdown {
  target: 'firstResponse' | 'resolution';
  /** Milliseconds left; negative when overdue. */
  leftMs: number;
  overdue: boolean;
}

export function slaCountdown(chat: SlaFields, now: number, near = NEAR_MS): Countdown | null {
  if (!chat.sla || chat.status === 'closed') return null;
  const pending: Countdown[] = [];
  const { firstResponseDueAt, resolutionDueAt, firstResponseAt } = chat.sla;
  if (firstResponseDueAt && !firstResponseAt) pending.push(countdown('firstResponse', firstResponseDueAt, now));
  if (resolutionDueAt) pending.push(countdown('resolution', resolutionDueAt, now));
  const next = pending.sort((a, b) => a.leftMs - b.leftMs)[0];
  return next && next.leftMs <= near ? next : null;
}

function countdown(target: Countdown['target'], dueAt: string, now: number): Countdown {
  const leftMs = Date.parse(dueAt) - now;
  return { target, leftMs, overdue: leftMs <= 0 };
}

/** Whole minutes either way, rounded up: 30 s left is "1 min", 30 s overdue is "overdue by 1 min". */
export function minutesOf(ms: number): number {
  return Math.max(1, Math.ceil(Math.abs(ms) / 60_000));
}
