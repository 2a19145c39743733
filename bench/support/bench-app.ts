import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connectDb } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { freePort } from '../../server/test/free-port';

/**
 * The whole app on a fresh SQLite file, listening on a free loopback port; on `dataDir`'s
 * file instead when given (a restart: what was stored stays, memory starts empty), which
 * closing then leaves in place.
 */
export async function startBenchApp(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
) {
  const port = await freePort();
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-bench-'));
  const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const db = connectDb({ sqlitePath: config.sqlitePath });
  await migrateToLatest(db);
  const app = await buildApp({ config, db });
  await app.listen({ port, host: '127.0.0.1' });
  // As `npm start` does: the lab's browsers start with the app, not with the first run.
  await app.services.speed.warm();
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
