// Copies the write-ahead log back into the SQLite database file on its own thread and
// connection, so the serving thread's commits never wait for it (see wal-checkpointer.ts).
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.path);
db.pragma(`journal_size_limit = ${workerData.journalSizeLimit}`);
// PASSIVE never waits for or blocks a writer: what it cannot copy now, the next round does.
const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage('stopped');
});
