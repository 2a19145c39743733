import * as chromeLauncher from 'chrome-launcher';

/** The flags this machine's headless Chromium needs (no sandbox as root, no network chatter). */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

type Chrome = chromeLauncher.LaunchedChrome;

/**
 * A bounded pool of Chromium processes: at most `size` runs at once, warm browsers
 * reused, and a browser that crashed or hung replaced instead of reused.
 */
export class ChromiumPool {
  private idle: Chrome[] = [];
  private busy = 0;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly chromePath: string,
    readonly size: number,
    /** Extra flags, e.g. the guard proxy every request must go through. */
    private readonly extraFlags: () => Promise<string[]> = async () => [],
  ) {}

  private async acquire(): Promise<Chrome> {
    while (this.busy >= this.size) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.busy++;
    const warm = this.idle.pop();
    if (warm && warm.process.exitCode === null && !warm.process.killed) return warm;
    try {
      return await chromeLauncher.launch({
        chromePath: this.chromePath,
        chromeFlags: CHROMIUM_FLAGS,
        logLevel: 'silent',
      });
    } catch (error) {
      this.release(null);
      throw error;
    }
  }

  private release(chrome: Chrome | null, healthy = true): void {
    this.busy--;
    if (chrome && healthy && chrome.process.exitCode === null && !chrome.process.killed)
      this.idle.push(chrome);
    else if (chrome) void Promise.resolve(chrome.kill()).catch(() => undefined);
    this.waiters.shift()?.();
  }

  /** Runs `task` with a Chromium port; a failed task's browser is not reused. */
  async use<T>(task: (port: number, chrome: Chrome) => Promise<T>): Promise<T> {
    const chrome = await this.acquire();
    try {
      const result = await task(chrome.port, chrome);
      this.release(chrome, true);
      return result;
    } catch (error) {
      this.release(chrome, false);
      throw error;
    }
  }

  async close(): Promise<void> {
    const all = this.idle.splice(0);
    await Promise.all(all.map((c) => Promise.resolve(c.kill()).catch(() => undefined)));
  }
}
