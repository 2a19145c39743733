import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { requireSignedIn, type RequireUserOptions } from './authenticate';

describe('requireSignedIn', () => {
  const app = Fastify({ logger: false });
  afterAll(async () => app.close());
  const routes: RouteOptions[] = [];
  const asked: RequireUserOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.decorateRequest('auth', null);
  // Stands in for registerAuth's hook: a bearer header signs in, its absence is a 401.
  app.decorate('requireUser', (options: RequireUserOptions = {}) => {
    asked.push(options);
    return async (request, reply) => {
      if (!request.headers.authorization) return reply.status(401).send({ message: 'Sign in.' });
      request.auth = { user: { id: 'u1' }, claims: {} } as NonNullable<typeof request.auth>;
    };
  });
  app.get('/public', { schema: { tags: ['t'] } }, async () => ({ ok: true }));
  app.register(async (scope) => {
    requireSignedIn(scope, { settle: true });
    scope.get('/mine', { schema: { tags: ['t'] } }, async (request) => ({
      id: (request.auth as { user: { id: string } }).user.id,
    }));
    scope.get('/usage', { config: { usage: () => 'speed' } }, async () => ({ ok: true }));
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  it("answers the scope's 401 to a visitor and lets the signed-in user through", async () => {
    expect((await get('/mine')).statusCode).toBe(401);
    expect((await get('/mine', { authorization: 'Bearer x' })).json()).toEqual({ id: 'u1' });
    expect((await get('/public')).statusCode).toBe(200);
  });

  it('describes every route of the scope, and only those, with bearer security', async () => {
    await app.ready();
    const security = (url: string) =>
      (routes.find((r) => r.url === url && r.method === 'GET')?.schema as { security?: unknown })
        ?.security;
    expect(security('/mine')).toEqual([{ bearer: [] }]);
    expect(security('/usage')).toEqual([{ bearer: [] }]);
    expect(security('/public')).toBeUndefined();
  });

  it("keeps the scope's options and adds the route's usage tool", async () => {
    await get('/usage', { authorization: 'Bearer x' });
    const withUsage = asked.find((options) => options.usage);
    expect(withUsage).toMatchObject({ settle: true });
    expect(withUsage?.usage?.({} as never)).toBe('speed');
  });
});
