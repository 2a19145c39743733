import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { App } from './app';
import type { Db } from './db/connect';

/** How long closing the app waits for request handlers still running. */
export const RUNNING_REQUESTS_GRACE_MS = 5_000;

/**
 * Makes closing the app wait, up to `graceMs`, for the requests whose handlers still run.
 * The server stops waiting for a request once its client disconnects, yet the handler (a
 * slow argon2 sign-in, say) goes on, and must not find the database or the services
 * closed under it. A request is done once its reply is sent, or, hijacked (a stream), once
 * it closes. The wait runs right after the server stops listening, before the app's other
 * `onClose` hooks (they run last registered first), so add it once the app is built.
 */
export function awaitRunningRequests(
  app: FastifyInstance,
  graceMs = RUNNING_REQUESTS_GRACE_MS,
): void {
  const running = new Set<FastifyRequest>();
  let closing = false;
  let idle = () => {};
  const done = (request: FastifyRequest) => {
    if (running.delete(request) && running.size === 0) idle();
  };
  app.addHook('onRequest', async (request, reply) => {
    running.add(request);
    reply.raw.once('close', () => {
      if (reply.sent) done(request);
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A keep-alive connection whose request was running as the server began to close would
  // otherwise stay open, idle, for Fastify's keep-alive timeout (72 s), and the close with it.
  app.addHook('onSend', async (request, reply) => {
    if (closing) reply.header('connection', 'close');
    done(request);
  });
  app.addHook('onClose', async () => {
    if (running.size > 0) {
      app.log.info(`waiting for ${running.size} running requests (up to ${graceMs} ms)`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (running.size > 0) app.log.warn(`closing with ${running.size} requests still running`);
    }
    // Answered just before the close began, a connection turns idle after the server's one
    // sweep of idle connections.
    app.server.closeIdleConnections();
  });
}

/**
 * Stops the server gracefully on SIGTERM or SIGINT: running speed samples get `drainMs` to
 * finish while new ones are refused (503), then the app (its browsers with it, once the
 * running requests are done: `awaitRunningRequests`) and the database close. A second
 * signal ends the process at once; the Lighthouse processes still take their browsers
 * down as it goes (lighthouse-child.ts).
 */
export function stopOnSignals(app: App, db: Db, drainMs: number): void {
  awaitRunningRequests(app);
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
