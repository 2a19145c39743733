import type { SafeFetchOptions } from '../../http/safe-fetch';
import { GuardProxy } from './guard-proxy';
import { LabPool, type LabSlot } from './lab-pool';
import { LabRunError, type LabResult, type LabRunRequest, type LabSpeedProvider } from './port';

const cancelled = () => new LabRunError('cancelled', 'The run was cancelled.');

/** Rejects when the browser process exits; `dispose` stops listening. */
function whenExits(chrome: LabSlot['chrome']) {
  let listener = () => {};
  const promise = new Promise<never>((_, reject) => {
    listener = () => reject(new LabRunError('failed', 'The browser stopped during the run.'));
    chrome.process.once('exit', listener);
  });
  return { promise, dispose: () => chrome.process.off('exit', listener) };
}

/**
 * Lighthouse in Debian's Chromium, mobile (Lighthouse's default) or desktop preset, on a
 * bounded pool of browser + Lighthouse process slots, with a per-run time limit.
 */
export class LocalLighthouseProvider implements LabSpeedProvider {
  readonly source = 'local-lighthouse' as const;
  private readonly pool: LabPool;
  private readonly proxy: GuardProxy;

  constructor(
    chromePath: string,
    concurrency: number,
    private readonly timeoutMs: number,
    guard: SafeFetchOptions,
  ) {
    this.proxy = new GuardProxy(guard);
    // Every request of the browser goes through the guard; '<-loopback>' keeps even
    // loopback names from bypassing it.
    this.pool = new LabPool(chromePath, concurrency, async () => [
      `--proxy-server=http://${await this.proxy.start()}`,
      '--proxy-bypass-list=<-loopback>',
    ]);
  }

  /** Runs `task` in a pool slot; tests use it to reach the browser itself. */
  useSlot<T>(task: (slot: LabSlot) => Promise<T>): Promise<T> {
    return this.pool.use(task);
  }

  async run(request: LabRunRequest): Promise<LabResult> {
    if (request.signal.aborted) throw cancelled();
    return this.pool.use(async ({ chrome, lighthouse }) => {
      let timer: NodeJS.Timeout | undefined;
      // Killing the browser ends the run at once; the pool replaces the slot.
      const stop = () => void Promise.resolve(chrome.kill()).catch(() => undefined);
      request.signal.addEventListener('abort', stop, { once: true });
      // Lighthouse itself would wait out its load timeout on a dead browser.
      const browserGone = whenExits(chrome);
      try {
        const limit = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            stop();
            lighthouse.kill();
            reject(
              new LabRunError(
                'timeout',
                `The run took longer than ${Math.round(this.timeoutMs / 1000)} s.`,
              ),
            );
          }, this.timeoutMs);
        });
        const job = { url: request.url, strategy: request.strategy, port: chrome.port };
        const measurement = await Promise.race([
          lighthouse.run(job, request.onStage),
          limit,
          browserGone.promise,
        ]);
        if (request.signal.aborted) throw cancelled();
        return { ...measurement, source: this.source };
      } catch (error) {
        if (request.signal.aborted) throw cancelled();
        if (error instanceof LabRunError) throw error;
        throw new LabRunError('failed', error instanceof Error ? error.message : String(error));
      } finally {
        clearTimeout(timer);
        browserGone.dispose();
        request.signal.removeEventListener('abort', stop);
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.proxy.close();
  }
}
