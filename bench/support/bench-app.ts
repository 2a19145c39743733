import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connectDb } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { warmServices } from '../../server/src/services';
import { freePort } from '../../server/test/free-port';

/**
 * The whole app on a fresh SQLite file, listening on a free loopback port; on `dataDir`'s
 * file instead when given (a restart: what was stored stays, memory starts empty), which
 * closing then leaves in place. `log` receives each line of its info log; without it the
 * app logs nothing.
 */
export async function startBenchApp(
  env: Record<string, string> = {},
  options: { dataDir?: string; log?: (line: string) => void } = {},
) {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-bench-'));
  const config = loadConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: options.log ? 'info' : 'silent',
    ...env,
  });
  const db = connectDb({ sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    ...(options.log && { logStream: { write: options.log } }),
  });
  await app.listen({ port, host: '127.0.0.1' });
  // As `npm start` does: the index, dictionary and browsers load with the app, not on first use.
  await warmServices(app.services, app.log);
  return {
    app,
    db,
    config,
    port,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
