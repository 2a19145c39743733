import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { mapLighthouseResult, type LighthouseResultLike } from '@core/speed';
import type { SafeFetchOptions } from '../../http/safe-fetch';
import { ChromiumPool } from './chromium-pool';
import { GuardProxy } from './guard-proxy';
import { LabRunError, type LabResult, type LabRunRequest, type LabSpeedProvider } from './port';

/**
 * Lighthouse in Debian's Chromium, mobile (Lighthouse's default) or desktop preset, on a
 * bounded pool of browsers, with a per-run time limit.
 */
export class LocalLighthouseProvider implements LabSpeedProvider {
  readonly source = 'local-lighthouse' as const;
  private readonly pool: ChromiumPool;
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
    this.pool = new ChromiumPool(chromePath, concurrency, async () => [
      `--proxy-server=http://${await this.proxy.start()}`,
      '--proxy-bypass-list=<-loopback>',
    ]);
  }

  async run(request: LabRunRequest): Promise<LabResult> {
    if (request.signal.aborted) throw new LabRunError('cancelled', 'The run was cancelled.');
    return this.pool.use(async (port, chrome) => {
      request.onStage('loading');
      let timer: NodeJS.Timeout | undefined;
      const onAbort = () => void Promise.resolve(chrome.kill()).catch(() => undefined);
      request.signal.addEventListener('abort', onAbort, { once: true });
      try {
        const run = lighthouse(
          request.url,
          { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' },
          request.strategy === 'desktop' ? desktopConfig : undefined,
        );
        // Lighthouse reports no progress of its own; tracing follows the page load.
        const tracing = setTimeout(() => request.onStage('tracing'), 1500);
        const limit = new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            onAbort();
            reject(
              new LabRunError(
                'timeout',
                `The run took longer than ${Math.round(this.timeoutMs / 1000)} s.`,
              ),
            );
          }, this.timeoutMs);
        });
        const result = await Promise.race([run, limit]);
        clearTimeout(tracing);
        if (request.signal.aborted) throw new LabRunError('cancelled', 'The run was cancelled.');
        request.onStage('auditing');
        const lhr = result?.lhr as unknown as
          (LighthouseResultLike & { runtimeError?: { code: string; message: string } }) | undefined;
        if (!lhr) throw new LabRunError('failed', 'Lighthouse returned no result.');
        if (lhr.runtimeError)
          throw new LabRunError(
            'failed',
            `Lighthouse could not measure the page (${lhr.runtimeError.code}).`,
          );
        const mapped = mapLighthouseResult(lhr);
        if (!mapped) throw new LabRunError('failed', 'Lighthouse returned no performance score.');
        return { ...mapped, source: this.source };
      } catch (error) {
        if (error instanceof LabRunError) throw error;
        if (request.signal.aborted) throw new LabRunError('cancelled', 'The run was cancelled.');
        throw new LabRunError(
          'failed',
          `The browser failed during the run (${error instanceof Error ? error.message : String(error)}).`,
        );
      } finally {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
      }
    });
  }

  async close(): Promise<void> {
    await this.pool.close();
    await this.proxy.close();
  }
}
