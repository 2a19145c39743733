import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { signUp } from '../../test/users';
import { RumBuffer } from './rum-buffer';
import { RumCollector, type RumLimits } from './rum-collector';
import { RumCounts } from './rum-counts';

const ORIGIN = 'https://scoops.example';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('RUM collector', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup(limits: RumLimits) {
    const clock = new TestClock();
    t = await buildTestApp({ clock });
    const { userId } = await signUp(t.app);
    await t.db.kysely
      .insertInto('rum_sites')
      .values({
        id: crypto.randomUUID(),
        workspace_id: userId,
        name: 'Scoops',
        key: 'scoops-key',
        origins: JSON.stringify([ORIGIN]),
        sample_rate: 1,
        created_at: clock.now().toISOString(),
      })
      .execute();
    const log = { error: () => undefined } as unknown as FastifyBaseLogger;
    const buffer = new RumBuffer(new RumCounts(t.db, clock), clock, log);
    const collector = new RumCollector(t.db, buffer, limits, () => clock.now().getTime());
    const send = (client: string) =>
      collector.collect(
        {
          site: 'scoops-key',
          path: '/',
          device: 'mobile',
          connection: '4g',
          metrics: [{ name: 'LCP', value: 1000 }],
        },
        { origin: ORIGIN, userAgent: BROWSER, gpc: false, client },
      );
    return { clock, send };
  }

  it('counts a bounded number of clients a minute: those past it go uncounted, and every count ends with its minute', async () => {
    const { clock, send } = await setup({ perSite: 100, perClient: 1, clientsTracked: 2 });
    expect([await send('a'), await send('a'), await send('b'), await send('b')]).toEqual([
      'stored',
      'too-many',
      'stored',
      'too-many',
    ]);
    // A third client finds no room: it is let through, not remembered.
    expect([await send('c'), await send('c'), await send('c')]).toEqual([
      'stored',
      'stored',
      'stored',
    ]);
    clock.advanceMinutes(1);
    expect([await send('c'), await send('c'), await send('a')]).toEqual([
      'stored',
      'too-many',
      'stored',
    ]);
  });

  it('still holds the site to its limit when its clients go uncounted', async () => {
    const { send } = await setup({ perSite: 3, perClient: 1, clientsTracked: 0 });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await send(`client-${i}`));
    expect(answers).toEqual(['stored', 'stored', 'stored', 'too-many', 'too-many']);
  });
});
