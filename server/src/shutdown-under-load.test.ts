import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { startAppProcess } from '../test/app-process';
import { describeOnDatabases, testDatabaseUrl } from '../test/backends';
import { createPgDatabase } from '../test/build-test-app';

const API = '/backend-service/v1';

/**
 * The server told to stop (SIGTERM) in the middle of a load of sign-ups, sign-ins, reads
 * and settings, with clients that give up on their requests as it stops: it must end with
 * code 0 and log no error (a handler finding the database closed under it, say). Its
 * samples are the sandbox's stand-in lab's: this load measures nothing, and a stop with
 * Chromium mid-run is main.test.ts's (the browsers a real lab starts made this file 90 s
 * beside the others, for nothing it asks).
 */
describeOnDatabases('stopping the server', ({ postgres }) => {
  it('stops under load with exit code 0 and no error in its log', async () => {
    const pgDb = postgres ? await createPgDatabase(testDatabaseUrl!) : null;
    const app = await startAppProcess(
      { LOG_LEVEL: 'info', ...(pgDb && { DATABASE_URL: pgDb.url }) },
      { webBuild: false, captureOutput: true, lab: 'stand-in' },
    );
    const post = (url: string, body: object, signal: AbortSignal, headers = {}) =>
      fetch(`${app.baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal,
      });
    const password = 'password123';
    const registered = await post(
      `${API}/auth/register`,
      { email: 'stays@example.com', password },
      AbortSignal.timeout(10_000),
    );
    const { token } = (await registered.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const clients = new AbortController();
    let answered = 0;
    const worker = async (n: number) => {
      for (let i = 0; !clients.signal.aborted; i++) {
        const requests = [
          () =>
            post(
              `${API}/auth/register`,
              { email: `load-${n}-${i}@example.com`, password },
              clients.signal,
            ),
          () => post(`${API}/auth/login`, { email: 'stays@example.com', password }, clients.signal),
          () =>
            fetch(`${app.baseUrl}${API}/tracking/pages`, { headers: auth, signal: clients.signal }),
          () => post(`${API}/settings`, { country: 'de' }, clients.signal, auth),
          () => fetch(`${app.baseUrl}${API}/rum/sites`, { headers: auth, signal: clients.signal }),
        ];
        try {
          await requests[(n + i) % requests.length]!();
          answered++;
        } catch {
          // Refused once the server stops listening, or given up: the client's side of a stop.
          if (!clients.signal.aborted) await sleep(20);
        }
      }
    };
    const load = Promise.all(Array.from({ length: 16 }, (_, n) => worker(n)));
    await expect.poll(() => answered, { timeout: 60_000, interval: 50 }).toBeGreaterThan(20);
    app.child.kill('SIGTERM');
    // Clients leave while their requests run, as impatient browsers do.
    await sleep(150);
    clients.abort();
    await load;
    await app.exited;

    expect(app.child.exitCode).toBe(0);
    const lines = app.output().split('\n').filter(Boolean);
    const errors = lines.filter((line) => {
      try {
        return (JSON.parse(line) as { level: number }).level >= 50;
      } catch {
        return /error/i.test(line);
      }
    });
    expect(errors).toEqual([]);
    expect(lines.some((line) => line.includes('SIGTERM'))).toBe(true);
    await app.stop();
    await pgDb?.drop();
  }, 120_000);
});
