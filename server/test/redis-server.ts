import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pingRedis } from '../../scripts/redis.mjs';
import { freePort } from './free-port';

/**
 * A Redis of one test's own on a fixed loopback port, which the test can stop and restart
 * mid-run (clients reconnect to the same URL). With `persist`, every write goes to an
 * append-only file first, so a restart keeps the queues as a production Redis with AOF
 * would; without it a restart starts empty.
 */
export class TestRedisServer {
  private child: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly persist: boolean,
  ) {}

  static async start(options: { persist?: boolean } = {}): Promise<TestRedisServer> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speedrank-test-redis-'));
    const server = new TestRedisServer(await freePort(), dir, options.persist ?? false);
    try {
      await server.restart();
    } catch (error) {
      await server.close();
      throw error;
    }
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== null;
  }

  /** Starts it (again) on the same port, resolving once it answers PING. */
  async restart(): Promise<void> {
    await this.stop();
    const persistence = this.persist
      ? ['--appendonly', 'yes', '--appendfsync', 'always']
      : ['--appendonly', 'no'];
    const child = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(this.port),
        '--dir',
        this.dir,
        '--logfile',
        path.join(this.dir, 'redis.log'),
        '--save',
        '',
        ...persistence,
      ],
      { stdio: 'ignore' },
    );
    this.child = child;
    // A test process that ends without closing it (a timed-out hook) must not leave it running.
    const orphaned = () => {
      child.kill('SIGKILL');
      fs.rmSync(this.dir, { recursive: true, force: true });
    };
    process.once('exit', orphaned);
    child.once('exit', () => process.off('exit', orphaned));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        this.child = null;
        throw new Error(`redis-server exited at start; see ${this.dir}/redis.log`);
      }
      try {
        await pingRedis(this.port);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  }

  /** Kills it at once (as a crash would) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Stops it and removes its folder. */
  async close(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
