import { Launcher, type LaunchedChrome } from 'chrome-launcher';
import { CHROMIUM_FLAGS } from './chromium-flags';
import { LighthouseProcess } from './lighthouse-process';
import type { RunPriority } from './port';
import { PrioritySlots } from './priority-slots';

/** What one run needs: a Chromium and a Lighthouse process to drive it. */
export interface LabSlot {
  chrome: LaunchedChrome;
  lighthouse: LighthouseProcess;
}

/** How long a run waited for its slot (ms), and of that how long a browser took to start. */
export interface SlotWait {
  slotMs: number;
  launchMs: number;
}

const alive = (slot: LabSlot) =>
  slot.chrome.process.exitCode === null && !slot.chrome.process.killed && slot.lighthouse.alive;

const discard = (slot: LabSlot) => {
  slot.lighthouse.kill();
  void Promise.resolve(slot.chrome.kill()).catch(() => undefined);
};

/**
 * Chromium in a profile folder of chrome-launcher's making (removed by its kill), named to
 * the Lighthouse process before the browser starts: the browser writes its pid there at
 * once, so a server killed even mid-launch leaves nothing behind (lighthouse-child.ts).
 * Launcher, not `launch()`: that one also ends the whole server on Ctrl-C, draining nothing.
 */
async function launchGuarded(
  chromePath: string,
  chromeFlags: string[],
  lighthouse: LighthouseProcess,
): Promise<LaunchedChrome> {
  const launcher = new Launcher({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    launcher.prepare();
    lighthouse.guard(launcher.userDataDir!);
    await launcher.launch();
  } catch (error) {
    launcher.kill();
    launcher.destroyTmp();
    throw error;
  }
  return {
    pid: launcher.pid!,
    port: launcher.port!,
    process: launcher.chromeProcess!,
    remoteDebuggingPipes: launcher.remoteDebuggingPipes,
    kill: () => launcher.kill(),
  };
}

/**
 * A bounded pool of run slots: at most `size` runs at once, interactive runs served before
 * background ones, warm slots reused, and a slot whose browser or Lighthouse process
 * crashed, hung or was cancelled replaced, not reused.
 */
export class LabPool {
  private idle: LabSlot[] = [];
  /** Slots running a task: closing the pool takes their browsers down too. */
  private readonly inUse = new Set<LabSlot>();
  private readonly slots: PrioritySlots;
  private closed = false;
  private readonly launching = new Set<Promise<LabSlot>>();

  constructor(
    private readonly chromePath: string,
    readonly size: number,
    /** Extra flags, e.g. the guard proxy every request must go through. */
    private readonly extraFlags: () => Promise<string[]> = async () => [],
  ) {
    this.slots = new PrioritySlots(size);
  }

  /** Runs holding a slot now: a run asking from inside its task counts itself. */
  get running(): number {
    return this.inUse.size;
  }

  /**
   * Fills the pool with warm slots before any run asks: each browser started and its
   * Lighthouse process done importing Lighthouse, so the first runs wait for neither.
   */
  async warm(): Promise<void> {
    const launches: Promise<void>[] = [];
    for (let free = this.size - this.idle.length - this.inUse.size; free > 0; free--) {
      launches.push(
        (async () => {
          if (this.closed || !this.slots.tryAcquire()) return;
          let slot: LabSlot | null = null;
          try {
            slot = await this.launch();
          } finally {
            this.release(slot, slot !== null);
          }
        })(),
      );
    }
    await Promise.all(launches);
  }

  /** Starts a slot; closing the pool waits for starts under way, so none outlives it. */
  private launch(): Promise<LabSlot> {
    const launched = this.start();
    this.launching.add(launched);
    const settled = () => this.launching.delete(launched);
    launched.then(settled, settled);
    return launched;
  }

  private async start(): Promise<LabSlot> {
    const lighthouse = new LighthouseProcess();
    try {
      const flags = [...CHROMIUM_FLAGS, ...(await this.extraFlags())];
      const chrome = await launchGuarded(this.chromePath, flags, lighthouse);
      // A slot is warm once its Lighthouse process has loaded and measured the machine too.
      await lighthouse.ready;
      await lighthouse.measureMachine(chrome.port);
      return { chrome, lighthouse };
    } catch (error) {
      lighthouse.kill();
      throw error;
    }
  }

  private async acquire(priority: RunPriority): Promise<{ slot: LabSlot; launchMs: number }> {
    await this.slots.acquire(priority);
    let warm: LabSlot | undefined;
    while ((warm = this.idle.pop())) {
      if (alive(warm)) return { slot: warm, launchMs: 0 };
      discard(warm);
    }
    const start = performance.now();
    try {
      return { slot: await this.launch(), launchMs: performance.now() - start };
    } catch (error) {
      this.release(null);
      throw error;
    }
  }

  private release(slot: LabSlot | null, healthy = false): void {
    if (slot) this.inUse.delete(slot);
    if (slot && healthy && !this.closed && alive(slot)) this.idle.push(slot);
    else if (slot) discard(slot);
    this.slots.release();
  }

  /**
   * Runs `task` in a slot, telling it how long it waited for the slot and, of that, for a
   * browser to start; a failed task's slot is not reused.
   */
  async use<T>(
    task: (slot: LabSlot, wait: SlotWait) => Promise<T>,
    priority: RunPriority = 'interactive',
  ): Promise<T> {
    const start = performance.now();
    const { slot, launchMs } = await this.acquire(priority);
    this.inUse.add(slot);
    try {
      const result = await task(slot, { slotMs: performance.now() - start, launchMs });
      this.release(slot, true);
      return result;
    } catch (error) {
      this.release(slot, false);
      throw error;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    // A slot that finishes starting now is discarded as it is released (the pool is closed).
    await Promise.allSettled([...this.launching]);
    for (const slot of [...this.idle.splice(0), ...this.inUse]) discard(slot);
  }
}
