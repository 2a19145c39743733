import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { awaitRunningRequests } from './shutdown';

/**
 * A request whose client went away no longer holds the server open, yet its handler runs
 * on: closing waits for it (up to a bound) before the database goes.
 */
describe('closing the app with requests still running', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** The app listening, with a route that works `handlerMs` and then reads the database. */
  async function appWithSlowRoute(handlerMs: number, wait: boolean) {
    const app = await buildTestApp();
    t = app;
    if (wait) awaitRunningRequests(app.app, 2_000);
    let clientGone = () => {};
    const gone = new Promise<void>((resolve) => (clientGone = resolve));
    const outcome: { read?: unknown; error?: string } = {};
    const handler = new AbortController();
    app.app.get('/slow', async (request) => {
      request.raw.once('close', clientGone);
      try {
        await sleep(handlerMs, undefined, { signal: handler.signal });
        outcome.read = (await sql<{ one: number }>`select 1 as one`.execute(app.db.kysely)).rows;
      } catch (error) {
        outcome.error = (error as Error).message;
      }
      return { ok: true };
    });
    const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
    /** Requests the route, and disconnects once the handler runs. */
    const abandon = async () => {
      const client = new AbortController();
      const request = fetch(`${address}/slow`, { signal: client.signal }).catch(() => null);
      await sleep(100);
      client.abort();
      await request;
      await gone;
    };
    return { app, address, abandon, outcome, stopHandler: () => handler.abort() };
  }

  it('lets the handler of a client that disconnected finish with the database', async () => {
    const { app, abandon, outcome } = await appWithSlowRoute(400, true);
    await abandon();
    const started = performance.now();
    await app.close();
    t = undefined;
    expect(outcome).toEqual({ read: [{ one: 1 }] });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('without the wait, the handler finds the database destroyed', async () => {
    const { app, abandon, outcome } = await appWithSlowRoute(400, false);
    await abandon();
    await app.close();
    t = undefined;
    await sleep(500);
    expect(outcome.error).toMatch(/destroyed/);
  });

  it('waits no longer than its bound for a handler that never ends', async () => {
    const { app, abandon, outcome, stopHandler } = await appWithSlowRoute(60_000, true);
    await abandon();
    const started = performance.now();
    await app.close();
    t = undefined;
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(outcome).toEqual({});
    stopHandler();
  });

  it('answers a keep-alive request running as the close begins, then lets its connection go', async () => {
    const { app, address } = await appWithSlowRoute(300, true);
    const agent = new http.Agent({ keepAlive: true });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`${address}/slow`, { agent }, (res) => {
          res.resume();
          res.once('end', () => resolve(res));
        })
        .once('error', reject),
    );
    await sleep(100);
    const started = performance.now();
    await app.close();
    t = undefined;
    const response = await answered;
    expect(response.statusCode).toBe(200);
    expect(response.headers.connection).toBe('close');
    // Not Fastify's keep-alive timeout (72 s) of an idle connection.
    expect(performance.now() - started).toBeLessThan(2_000);
    agent.destroy();
  });
});
