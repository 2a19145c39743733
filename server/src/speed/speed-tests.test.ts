import { afterEach, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TestClock } from '../../test/clock';
import { SpeedTests } from './speed-tests';
import { describeOnDatabases } from '../../test/backends';

const A = 'https://a.example/';
const B = 'https://b.example/';

describeOnDatabases('open tests and their allowances', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const clock = new TestClock();
  /** Two API instances: two stores on one database. */
  const instances = async () => {
    t = await buildTestApp({ postgres, clock });
    return [new SpeedTests(t.db, clock), new SpeedTests(t.db, clock)] as const;
  };

  it('gives the last run of a test to one of many racing requests', async () => {
    const [one, two] = await instances();
    // One sample on each device: the first is running, one run is left.
    const test = await one.open('user:1', null, A, 1, null);
    const granted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).next(test, 'user:1', A)),
    );
    expect(granted.filter(Boolean)).toHaveLength(1);
  });

  it('reads a search’s page facts once, all or nothing', async () => {
    const [one, two] = await instances();
    const search = await one.openForResults('ip:10.0.0.1', [A, B, 'https://c.example']);
    const racing = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? one : two).readFacts(search, 'ip:10.0.0.1', i % 3 ? [A, B] : [B]),
      ),
    );
    expect(racing.filter(Boolean)).toHaveLength(1);
    // A link outside the results, a repeated link or a read one: nothing is spent.
    expect(await one.readFacts(search, 'ip:10.0.0.1', ['https://c.example', B])).toBe(false);
    expect(await one.readFacts(search, 'ip:10.0.0.1', ['https://d.example'])).toBe(false);
    expect(await two.readFacts(search, 'ip:10.0.0.1', ['https://c.example/'])).toBe(true);
    // The search's cards may run on each device, with one retry each.
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => two.next(search, 'ip:10.0.0.1', A)),
    );
    expect(runs.filter(Boolean)).toHaveLength(4);
  });

  it('honours a test only for its subject and within its lifetime', async () => {
    const [one, two] = await instances();
    const test = await one.open('user:1', null, A, 3, null);
    expect(await two.next(test, 'user:2', A)).toBe(false);
    expect(await two.next(test, 'user:1', B)).toBe(false);
    expect(await two.next(test, 'user:1', A)).toBe(true);
    clock.advanceMinutes(61);
    expect(await one.next(test, 'user:1', A)).toBe(false);
  });
});
