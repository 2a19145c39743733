import type { FastifyBaseLogger } from 'fastify';

export interface PeriodicTask {
  /** A pass now, or the one under way; resolves when it ends, failed or not. */
  run(): Promise<void>;
  /** Stops the timer and waits for a pass under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs `task` every `everyMs`, one pass at a time; a failed pass is logged and the next
 * runs as planned. The timer never keeps the process alive.
 */
export function startPeriodicTask(
  what: string,
  task: () => Promise<void>,
  everyMs: number,
  log: FastifyBaseLogger,
): PeriodicTask {
  let running: Promise<void> | null = null;
  const run = () =>
    (running ??= task()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = null;
      }));
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return {
    run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
