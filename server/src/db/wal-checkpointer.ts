import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** The write-ahead log's file is cut back to this size once checkpointed. */
const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;
/** SQLite's own default, restored if the checkpoint thread stops working. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * Checkpoints an SQLite file from a worker thread. SQLite otherwise checkpoints inside
 * the commit that takes the log past a thousand pages, and better-sqlite3 runs it on the
 * event loop: under a steady write load every such commit held every request for
 * 100–300 ms. Should the thread fail, the connection checkpoints itself again.
 */
export class WalCheckpointer {
  private constructor(
    private readonly worker: Worker,
    private readonly database: SQLite.Database,
  ) {}

  static start(database: SQLite.Database, everyMs = 1000): WalCheckpointer {
    const worker = new Worker(new URL('./wal-checkpoint-worker.mjs', import.meta.url), {
      workerData: { path: database.name, everyMs, journalSizeLimit: JOURNAL_SIZE_LIMIT },
    });
    database.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
    database.pragma('wal_autocheckpoint = 0');
    worker.on('error', () => database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`));
    worker.unref();
    return new WalCheckpointer(worker, database);
  }

  /** Closes the thread's connection; the serving connection checkpoints as it closes. */
  async stop(): Promise<void> {
    this.database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
    const stopped = once(this.worker, 'message');
    this.worker.postMessage('stop');
    await Promise.race([stopped, once(this.worker, 'exit')]).catch(() => undefined);
    await this.worker.terminate();
  }
}
