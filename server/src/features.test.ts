import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app';
import { FEATURES } from './features';
import { registerRoutes } from './plugins/routes-using';
import type { Services } from './services';

describe('the feature registry', () => {
  const routes = FEATURES.flatMap((feature) => [...(feature.api ?? []), ...(feature.root ?? [])]);

  it('hands each route plugin the services it declares, and no other', async () => {
    const all = new Proxy({} as Services, { get: (_, key) => ({ service: key }) });
    for (const plugin of routes) {
      const handed: unknown[] = [];
      const scope = {
        register: async (_: unknown, options: unknown) => void handed.push(options),
      } as unknown as FastifyInstance;
      await registerRoutes(scope, all, plugin);
      const { services } = handed[0] as { services: Record<string, unknown> };
      expect(Object.keys(services).sort(), plugin.name).toEqual([...plugin.uses].sort());
      for (const key of plugin.uses) expect(services[key]).toEqual({ service: key });
    }
  });

  it('lists each route plugin once, each declaring what it uses', () => {
    expect(new Set(routes).size).toBe(routes.length);
    for (const plugin of routes) expect(plugin.uses.length, plugin.name).toBeGreaterThan(0);
  });

  it('closes the app as the registry says: features stop their work, then close what they hold, then the queues', async () => {
    const t = await buildTestApp();
    await t.app.ready();
    const { services } = t.app;
    const order: string[] = [];
    const record = <T extends object>(target: T, method: keyof T & string, as: string) => {
      const original = (target[method] as () => Promise<void>).bind(target);
      Object.assign(target, { [method]: () => (order.push(as), original()) });
    };
    record(services.tracking, 'stop', 'tracking stops');
    record(services.rank, 'stop', 'rank tracking stops');
    record(services.speed, 'close', 'speed pool closes');
    record(services.rumBuffer, 'stop', 'RUM counts written');
    record(services.jobs, 'close', 'queues close');
    await t.close();
    expect(order).toEqual([
      'tracking stops',
      'rank tracking stops',
      'speed pool closes',
      'RUM counts written',
      'queues close',
    ]);
  });
});
