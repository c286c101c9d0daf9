/**
 * SQLite WAL checkpoints off the event loop. By default SQLite checkpoints inside the COMMIT that
 * takes the WAL past 1,000 pages: it copies those pages into the database file and fsyncs, and
 * better-sqlite3 runs that synchronously on the event loop. Under the send benchmark one commit in
 * about twenty took 10-15 ms that way (commit p50 0.3 ms, p99 11 ms): 14 % of the loop's time, in
 * the chunks that made the requests' p99. So a worker thread with its own connection checkpoints
 * PASSIVE every CHECKPOINT_INTERVAL_MS, on another core; PASSIVE never takes the write lock and never waits, so it
 * cannot make the service's transactions wait or fail.
 *
 * What the thread cannot do alone is let the WAL start over under sustained writes: that needs a
 * checkpoint that catches up with the last commit, and the writer keeps appending. The service's
 * connection keeps SQLite's own automatic checkpoint for that, at a high threshold (connection.ts,
 * `walResetFrames`): when it fires, the thread has already copied nearly every page, so the commit
 * copies only the rest (nothing is appended meanwhile: it is the writer) and the next write starts
 * the WAL over. A forced RESTART from the thread was tried and dropped: it holds the write lock, and
 * SQLite fails a transaction that read before it writes at once with SQLITE_BUSY instead of waiting.
 * If the thread dies, that same automatic checkpoint still bounds the WAL.
 *
 * The thread starts only once the WAL holds something worth copying (START_AFTER_WAL_BYTES): a
 * worker thread is a V8 isolate of its own, about 7 MB of resident memory, which a service that has
 * not written yet (just started, or a quiet instance) does not need. Until then SQLite's pages wait
 * in the WAL, where readers find them as before.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the thread checkpoints. Short, so that the service connection's own checkpoint (which
 * lets the WAL start over) finds little left to copy: measured under full load, that commit took
 * about 60 ms with a 100 ms interval, 10-12 ms with 25 ms, and no commit passed 1.5 ms with 10 ms.
 * An idle pass, with nothing new in the WAL, reads its header and returns.
 */
export const CHECKPOINT_INTERVAL_MS = 20;

/** The WAL's size at which the thread starts: 256 pages of 4 KiB, a few hundred small commits. */
export const START_AFTER_WAL_BYTES = 1024 * 1024;
/** How often the WAL's size is looked at until then (one stat call). */
const WAL_WATCH_MS = 500;

export interface CheckpointerOptions {
  /** How often the thread checkpoints (PASSIVE). */
  intervalMs?: number;
  /** The WAL size at which the thread starts (START_AFTER_WAL_BYTES); 0 starts it at once. */
  startAfterWalBytes?: number;
  /** Hears of a failed checkpoint (tried again at the next interval) or of the thread's end. */
  onError?: (message: string) => void;
}

// Plain JavaScript (the thread does not get tsx's loader): open, checkpoint periodically, close on 'stop'.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Whether the thread has started (it waits for the WAL to grow). */
  readonly started: boolean;
  stop(): Promise<void>;
}

/** Starts the checkpoint thread for the database `file` once its WAL passes `startAfterWalBytes`. */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const threshold = options.startAfterWalBytes ?? START_AFTER_WAL_BYTES;
  let thread: CheckpointThread | undefined;
  let stopped = false;
  const walGrown = () => {
    try {
      return fs.statSync(`${file}-wal`).size >= threshold;
    } catch {
      return false; // no WAL yet
    }
  };
  const watch = setInterval(() => {
    if (walGrown()) startNow();
  }, WAL_WATCH_MS);
  watch.unref();
  const startNow = () => {
    clearInterval(watch);
    if (!thread && !stopped) thread = startThread(file, options);
  };
  if (threshold <= 0 || walGrown()) startNow();
  return {
    get started() {
      return thread !== undefined;
    },
    async stop() {
      stopped = true;
      clearInterval(watch);
      await thread?.stop();
    },
  };
}

type CheckpointThread = Pick<Checkpointer, 'stop'>;

function startThread(file: string, options: CheckpointerOptions): CheckpointThread {
  const onError = options.onError ?? (() => undefined);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: options.intervalMs ?? CHECKPOINT_INTERVAL_MS },
  });
  let stopping = false;
  thread.on('message', (message: { error?: string }) => message.error && onError(message.error));
  thread.on('error', (err) => onError(err.message));
  thread.on('exit', () => stopping || onError('the checkpoint thread ended; SQLite checkpoints only at its automatic threshold now'));
  // The thread must never keep the process alive on its own.
  thread.unref();
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return {
    async stop() {
      // Held now, so the process waits for the thread to close its connection.
      stopping = true;
      thread.ref();
      thread.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await thread.terminate();
    },
  };
}
