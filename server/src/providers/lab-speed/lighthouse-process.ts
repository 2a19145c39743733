import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FlowRunResult } from '@core/flows/flow-result';
import type { FlowJob } from './lighthouse-flow';
import type { LabStage } from './port';
import type {
  LighthouseServerMessage,
  LighthouseChildMessage,
  LighthouseJob,
  LighthouseMeasurement,
  LighthouseTimings,
} from './lighthouse-protocol';

/** A run's timings in the child, and what its result cost to reach the server. */
export type LighthouseProfile = LighthouseTimings & { transferMs: number; resultBytes: number };

const CHILD_ENTRY = fileURLToPath(new URL('./lighthouse-child.ts', import.meta.url));
/** The child is TypeScript like the rest of the server; tsx's loader runs it. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** A run Lighthouse itself reported as failed, with its runtime error code. */
export class LighthouseFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One Lighthouse child process (lighthouse-child.ts): one job at a time, reusable. */
export class LighthouseProcess {
  private readonly child: ChildProcess;
  private exited = false;
  /** Resolves once Lighthouse and its audits are loaded, or the process is gone. */
  readonly ready: Promise<void>;

  constructor() {
    this.child = fork(CHILD_ENTRY, [], {
      execArgv: ['--import', TSX_LOADER],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.once('exit', () => {
      this.exited = true;
    });
    this.ready = new Promise((resolve) => {
      const onReady = (message: LighthouseChildMessage) => {
        if (message.type !== 'ready') return;
        this.child.off('message', onReady);
        resolve();
      };
      this.child.on('message', onReady);
      // A process that dies first is not waited for: its run reports the death.
      this.child.once('exit', () => resolve());
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return !this.exited && this.child.connected;
  }

  /**
   * Resolves with the measurement; rejects with Lighthouse's reported failure, the child's
   * message, or its death.
   */
  run(
    job: LighthouseJob,
    onStage: (stage: LabStage) => void,
  ): Promise<{ measurement: LighthouseMeasurement; profile: LighthouseProfile }> {
    return this.ask({ type: 'run', job }, (message) => {
      if (message.type === 'stage') return void onStage(message.stage);
      if (message.type !== 'done') return undefined;
      return {
        measurement: message.measurement,
        profile: {
          ...message.timings,
          transferMs: Math.max(0, Date.now() - message.sentAt),
          resultBytes: message.resultBytes,
        },
      };
    });
  }

  /**
   * Measures the machine in the browser on `port` before the first run; resolves when done
   * or left to that run, or when the process is gone.
   */
  measureMachine(port: number): Promise<void> {
    return this.ask({ type: 'measureMachine', port }, (message) =>
      message.type === 'machineMeasured' ? true : undefined,
    ).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Resolves with the flow's result, its failed step included; rejects as `run` does. */
  flow(job: FlowJob): Promise<FlowRunResult> {
    return this.ask({ type: 'flow', job }, (message) =>
      message.type === 'flowDone' ? message.result : undefined,
    );
  }

  /**
   * Sends `request` and settles with the first answer `read` returns a value for (it returns
   * undefined for messages on the way), or rejects on a failure or the child's death.
   */
  private ask<T>(
    request: LighthouseServerMessage,
    read: (message: LighthouseChildMessage) => T | undefined,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      const onMessage = (message: LighthouseChildMessage) => {
        if (message.type === 'failed') {
          cleanup();
          return reject(
            message.code
              ? new LighthouseFailure(message.code, message.message)
              : new Error(message.message),
          );
        }
        const answer = read(message);
        if (answer === undefined) return;
        cleanup();
        resolve(answer);
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
        cleanup();
        reject(new Error(`The Lighthouse process stopped (${signal ?? `exit ${code}`}).`));
      };
      this.child.on('message', onMessage);
      this.child.once('exit', onExit);
      if (!this.alive) return onExit(this.child.exitCode, this.child.signalCode);
      this.child.send(request);
    });
  }

  /**
   * The profile folder of the browser this process drives, named before the browser
   * starts: browser and folder go with the process if the server dies.
   */
  guard(profileDir: string): void {
    if (this.alive)
      this.child.send({ type: 'guard', profileDir } satisfies LighthouseServerMessage);
  }

  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
  }
}
