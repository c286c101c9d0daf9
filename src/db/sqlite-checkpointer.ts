/**
 * SQLite WAL checkpoints off the event loop. By default SQLite checkpoints inside the COMMIT that
 * takes the WAL past 1,000 pages: it copies those pages into the database file and fsyncs, and
 * better-sqlite3 runs that synchronously on the event loop. Under the send benchmark one commit in
 * about twenty took 10-15 ms that way (commit p50 0.3 ms, p99 11 ms): 14 % of the loop's time, in
 * the chunks that made the requests' p99. So the service's connection does not checkpoint
 * (`wal_autocheckpoint = 0`) and a worker thread with its own connection does, PASSIVE (it never
 * blocks the writer) every 100 ms, on another core.
 *
 * A PASSIVE checkpoint can only restart the WAL from its beginning when it catches up between two
 * commits; under sustained writes it may not, and the file would grow. Past `restartFrames` the
 * thread runs a RESTART checkpoint, which makes the writer wait for it once (as an automatic
 * checkpoint would have) and lets the WAL start over. The connection's journal_size_limit then
 * truncates the file back (connection.ts).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface CheckpointerOptions {
  /** How often the thread checkpoints (PASSIVE). */
  intervalMs?: number;
  /**
   * WAL frames (pages, 4 KiB by default) past which it forces the WAL to start over. Default 65,536
   * (256 MiB): measured under the send benchmark, the forced restart stalls the writer for 20-40 ms;
   * at 16,384 frames that came every 1.2 s of full load and set the p99, at 65,536 every 5 s.
   */
  restartFrames?: number;
  /** Hears of a failed checkpoint (it is tried again at the next interval). */
  onError?: (message: string) => void;
}

// Plain JavaScript (the thread does not get tsx's loader): open, checkpoint periodically, close on 'stop'.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    // log: frames in the WAL since it last started over; a RESTART lets the writer start it over.
    const [{ log }] = db.pragma('wal_checkpoint(PASSIVE)');
    if (log > workerData.restartFrames) db.pragma('wal_checkpoint(RESTART)');
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
  stop(): Promise<void>;
}

/** Starts the checkpoint thread for the database `file` (whose connection has wal_autocheckpoint off). */
export function startCheckpointer(file: string, options: CheckpointerOptions = {}): Checkpointer {
  const onError = options.onError ?? (() => undefined);
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const thread = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: options.intervalMs ?? 100, restartFrames: options.restartFrames ?? 65_536 },
  });
  thread.on('message', (message: { error?: string }) => message.error && onError(message.error));
  thread.on('error', (err) => onError(err.message));
  // The thread must never keep the process alive on its own.
  thread.unref();
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  return {
    async stop() {
      // Held now, so the process waits for the thread to close its connection.
      thread.ref();
      thread.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2000)))]);
      clearTimeout(timer);
      await thread.terminate();
    },
  };
}
