/** What a force-closed worker aborts its running handlers with. */
export class WorkerClosedError extends Error {
  override readonly name = 'WorkerClosedError';
  constructor() {
    super('The worker was closed; the job goes back to the queue.');
  }
}

/**
 * Job ids as BullMQ takes them (a custom id may be neither all digits nor hold a colon),
 * checked by both adapters alike so that code tried on the default works on Redis too.
 */
export function checkJobId(id: string): void {
  if (id === '' || /^\d+$/.test(id) || id.includes(':')) {
    throw new Error(`Job id "${id}" must not be empty, all digits or hold a colon.`);
  }
}

/**
 * Settles with `work`, or rejects with the signal's reason as soon as it is aborted: a
 * handler that ignores its signal still loses its slot at the timeout. `work` settling
 * later is swallowed.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}
