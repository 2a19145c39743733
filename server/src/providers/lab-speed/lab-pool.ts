import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS } from './chromium-flags';
import { LighthouseProcess } from './lighthouse-process';

/** What one run needs: a Chromium and a Lighthouse process to drive it. */
export interface LabSlot {
  chrome: chromeLauncher.LaunchedChrome;
  lighthouse: LighthouseProcess;
}

const alive = (slot: LabSlot) =>
  slot.chrome.process.exitCode === null && !slot.chrome.process.killed && slot.lighthouse.alive;

const discard = (slot: LabSlot) => {
  slot.lighthouse.kill();
  void Promise.resolve(slot.chrome.kill()).catch(() => undefined);
};

/**
 * A bounded pool of run slots: at most `size` runs at once, warm slots reused, and a slot
 * whose browser or Lighthouse process crashed, hung or was cancelled replaced, not reused.
 */
export class LabPool {
  private idle: LabSlot[] = [];
  private busy = 0;
  private waiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly chromePath: string,
    readonly size: number,
    /** Extra flags, e.g. the guard proxy every request must go through. */
    private readonly extraFlags: () => Promise<string[]> = async () => [],
  ) {}

  private async acquire(): Promise<LabSlot> {
    while (this.busy >= this.size) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.busy++;
    let warm: LabSlot | undefined;
    while ((warm = this.idle.pop())) {
      if (alive(warm)) return warm;
      discard(warm);
    }
    const lighthouse = new LighthouseProcess();
    try {
      const chrome = await chromeLauncher.launch({
        chromePath: this.chromePath,
        chromeFlags: [...CHROMIUM_FLAGS, ...(await this.extraFlags())],
        logLevel: 'silent',
      });
      if (chrome.pid) lighthouse.guard(chrome.pid);
      return { chrome, lighthouse };
    } catch (error) {
      lighthouse.kill();
      this.release(null);
      throw error;
    }
  }

  private release(slot: LabSlot | null, healthy = false): void {
    this.busy--;
    if (slot && healthy && !this.closed && alive(slot)) this.idle.push(slot);
    else if (slot) discard(slot);
    this.waiters.shift()?.();
  }

  /** Runs `task` in a slot; a failed task's slot is not reused. */
  async use<T>(task: (slot: LabSlot) => Promise<T>): Promise<T> {
    const slot = await this.acquire();
    try {
      const result = await task(slot);
      this.release(slot, true);
      return result;
    } catch (error) {
      this.release(slot, false);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const slot of this.idle.splice(0)) discard(slot);
  }
}
