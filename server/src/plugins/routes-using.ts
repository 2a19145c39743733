import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Services } from '../services';

/** A route plugin and the services it uses: the app hands it those and nothing else. */
export type RoutesUsing<K extends keyof Services> = FastifyPluginAsync<{
  services: Pick<Services, K>;
}> & { readonly uses: readonly K[] };

/**
 * Declares a route plugin's services where the plugin is written: `uses` names each one,
 * and the plugin's `services` holds only those (the type and the object alike).
 */
export function routesUsing<const K extends keyof Services>(
  uses: readonly K[],
  plugin: FastifyPluginAsync<{ services: Pick<Services, K> }>,
): RoutesUsing<K> {
  return Object.assign(plugin, { uses });
}

/** The services `uses` names, taken from all of them. */
export function servicesFor<S extends object, K extends keyof S>(
  services: S,
  uses: readonly K[],
): Pick<S, K> {
  return Object.fromEntries(uses.map((key) => [key, services[key]])) as Pick<S, K>;
}

/** Registers `routes` in `scope`, handing it the services it uses and no other. */
export async function registerRoutes<K extends keyof Services>(
  scope: FastifyInstance,
  services: Pick<Services, NoInfer<K>>,
  routes: RoutesUsing<K>,
): Promise<void> {
  await scope.register(routes, { services: servicesFor(services, routes.uses) });
}
