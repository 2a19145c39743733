import type { App } from './app';
import type { Db } from './db/connect';

/**
 * Stops the server gracefully on SIGTERM or SIGINT: running speed samples get `drainMs` to
 * finish while new ones are refused (503), then the app (its browsers with it) and the
 * database close. A second signal ends the process at once; the Lighthouse processes still
 * take their browsers down as it goes (lighthouse-child.ts).
 */
export function stopOnSignals(app: App, db: Db, drainMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: finishing running speed samples (up to ${drainMs} ms), then stopping`);
    try {
      await app.services.speed.drain(drainMs);
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error(error);
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
}
