import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@core/endpoints/endpoint';
import { WORKSPACE_ERROR_CODES, WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import { ENDPOINTS } from '@core/endpoints';
import { routeKey, WORKSPACE_POLICY, type WorkspacePolicy } from '@core/workspaces/policy';
import { ROLES, roleAllows, type Role } from '@core/workspaces/roles';
import { z } from 'zod';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { signUp } from '../../../test/users';
import { callIn } from '../../../test/workspace-calls';

const WORKSPACES = `${API_BASE}/workspaces`;
const PAGES = `${API_BASE}/tracking/pages`;

describeOnDatabases('workspaces API', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  type Method = Parameters<typeof callIn>[1];
  const call = (...args: Parameters<typeof callIn> extends [unknown, ...infer R] ? R : never) =>
    callIn(t.app, ...args);

  /** Makes `user` a member of `workspaceId` with `role`, as an accepted invitation does. */
  const join = (workspaceId: string, userId: string, role: Role) =>
    t.db.kysely
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: userId, role, created_at: '2026-11-29' })
      .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
      .execute();

  it('gives every account its personal workspace, and makes, lists and renames shared ones', async () => {
    t = await buildTestApp({ postgres });
    const ana = await signUp(t.app, 3);
    const personal = {
      id: ana.userId,
      name: 'Personal',
      role: 'owner',
      members: 1,
      plan: { id: 3, name: 'Guru', seats: 10 },
      personal: true,
    };
    expect((await call('GET', WORKSPACES, ana)).json()).toEqual([personal]);

    const created = await call('POST', WORKSPACES, ana, undefined, { name: '  Scoops agency ' });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    expect(team).toEqual({ id: expect.any(String), name: 'Scoops agency', role: 'owner' });
    const empty = await call('POST', WORKSPACES, ana, undefined, { name: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(WORKSPACE_MESSAGES.nameRequired);

    const renamed = await call('PATCH', `${WORKSPACES}/${team.id}`, ana, undefined, {
      name: 'Scoops',
    });
    expect(renamed.json()).toEqual({ ...personal, id: team.id, name: 'Scoops', personal: false });
    expect(
      (await call('GET', WORKSPACES, ana)).json().map((w: { name: string }) => w.name),
    ).toEqual(['Personal', 'Scoops']);
    // Someone else's workspace is one that does not exist.
    const bo = await signUp(t.app);
    const foreign = await call('PATCH', `${WORKSPACES}/${team.id}`, bo, undefined, {
      name: 'Mine',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      message: WORKSPACE_MESSAGES.notFound,
      code: WORKSPACE_ERROR_CODES.notFound,
    });
    expect((await call('GET', WORKSPACES, bo)).json()).toHaveLength(1);
  });

  it('keeps each workspace’s tracked pages apart, under the limit of its owner’s plan', async () => {
    t = await buildTestApp({ postgres });
    const ana = await signUp(t.app, 1);
    const team = (await call('POST', WORKSPACES, ana, undefined, { name: 'Team' })).json();
    const page = (url: string, workspaceId?: string) =>
      call('POST', PAGES, ana, workspaceId, { url, devices: ['mobile'] });

    expect((await page('http://scoops.sandbox.localhost:8080/', team.id)).statusCode).toBe(201);
    // The free plan tracks one page per workspace: the team's is full, the personal one not.
    expect((await page('http://scoops.sandbox.localhost:8080/b', team.id)).statusCode).toBe(403);
    expect((await page('http://gelato.sandbox.localhost:8080/')).statusCode).toBe(201);

    const urls = async (workspaceId?: string) =>
      (await call('GET', PAGES, ana, workspaceId)).json().pages.map((p: { url: string }) => p.url);
    expect(await urls(team.id)).toEqual(['http://scoops.sandbox.localhost:8080/']);
    expect(await urls()).toEqual(['http://gelato.sandbox.localhost:8080/']);
    expect(await urls(ana.userId)).toEqual(['http://gelato.sandbox.localhost:8080/']);

    // A workspace the caller is not in, or one that does not exist, is a 404.
    const bo = await signUp(t.app, 4);
    for (const id of [team.id, crypto.randomUUID(), 'not-an-id']) {
      const refused = await call('GET', PAGES, bo, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe(WORKSPACE_ERROR_CODES.notFound);
    }
    // Limits follow the owner's plan, whoever calls: Bo on Pro adds nothing to Ana's Free.
    await join(team.id, bo.userId, 'member');
    expect(
      (await call('POST', PAGES, bo, team.id, { url: 'http://gelato.sandbox.localhost:8080/c' }))
        .statusCode,
    ).toBe(403);
    const listed = (await call('GET', PAGES, bo, team.id)).json();
    expect(listed.limit).toBe(1);
  });

  it('counts the month’s speed tests per workspace, from its owner’s plan', async () => {
    t = await buildTestApp({ postgres });
    const ana = await signUp(t.app, 2);
    const team = (await call('POST', WORKSPACES, ana, undefined, { name: 'Team' })).json();
    const bo = await signUp(t.app, 1);
    await join(team.id, bo.userId, 'viewer');
    await t.app.services.quotas.consume(team.id, 'speed', 50, 45);
    const left = async (who: typeof ana, workspaceId?: string) =>
      (await call('GET', `${API_BASE}/usage/website-speed-tool`, who, workspaceId)).json()
        .numOfwebsiteSearchesLeft;
    // Lite allows 50 a month: the team has 5 left whoever asks; each personal one its own.
    expect(await left(ana, team.id)).toBe(5);
    expect(await left(bo, team.id)).toBe(5);
    expect(await left(ana)).toBe(50);
    expect(await left(bo)).toBe(10);
  });

  it('lets each role do what the policy says on every route of a workspace, and no more', async () => {
    t = await buildTestApp({ postgres });
    const owner = await signUp(t.app, 4);
    const team = (await call('POST', WORKSPACES, owner, undefined, { name: 'Team' })).json();
    const people = new Map<Role, Awaited<ReturnType<typeof signUp>>>([['owner', owner]]);
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      const person = await signUp(t.app, 4);
      await join(team.id, person.userId, role);
      people.set(role, person);
    }
    const stranger = await signUp(t.app, 4);
    for (const [key, policy] of Object.entries(WORKSPACE_POLICY) as [string, WorkspacePolicy][]) {
      const [method, template] = key.split(' ') as [Method, string];
      const contract = { method, path: template };
      // Ids of nothing: a role let through meets the route's own 404 or 400, never a 403.
      const path = contract.path.replace(/:(\w+)/g, (_, name: string) =>
        policy.from === 'path' && name === 'id' ? team.id : crypto.randomUUID(),
      );
      const url = `${API_BASE}${path}`;
      const named = policy.from === 'header' ? team.id : undefined;
      for (const role of ROLES) {
        const answer = await call(contract.method, url, people.get(role)!, named, {});
        const where = `${role} ${contract.method} ${contract.path}`;
        // Leaving is let through to every role: the next route finds them back in.
        if (role !== 'owner') await join(team.id, people.get(role)!.userId, role);
        if (roleAllows(role, policy.role)) {
          expect(answer.json().code, where).not.toBe(WORKSPACE_ERROR_CODES.roleNeeded);
          expect(answer.statusCode, where).not.toBe(500);
        } else {
          expect(answer.statusCode, where).toBe(403);
          expect(answer.json(), where).toEqual({
            message: WORKSPACE_MESSAGES.roleNeeded(policy.role, role),
            code: WORKSPACE_ERROR_CODES.roleNeeded,
          });
        }
      }
      const outsider = await call(contract.method, url, stranger, named, {});
      expect(outsider.statusCode, `stranger ${contract.method} ${contract.path}`).toBe(404);
    }
  });

  it('deletes a shared workspace and all in it with its owner’s password, and nothing else', async () => {
    t = await buildTestApp({ postgres });
    const ana = await signUp(t.app, 4);
    const team = (await call('POST', WORKSPACES, ana, undefined, { name: 'Team' })).json();
    await call('POST', PAGES, ana, team.id, { url: 'http://scoops.sandbox.localhost:8080/' });
    await call('POST', PAGES, ana, undefined, { url: 'http://gelato.sandbox.localhost:8080/' });
    const remove = (id: string, password: string) =>
      call('DELETE', `${WORKSPACES}/${id}`, ana, undefined, { password });

    const personal = await remove(ana.userId, 'password123');
    expect(personal.statusCode).toBe(409);
    expect(personal.json().message).toBe(WORKSPACE_MESSAGES.personalKept);
    const wrong = await remove(team.id, 'not-it');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(WORKSPACE_MESSAGES.passwordWrong);
    expect((await call('GET', PAGES, ana, team.id)).json().pages).toHaveLength(1);

    expect((await remove(team.id, 'password123')).json()).toEqual({ deleted: true });
    expect((await call('GET', PAGES, ana, team.id)).statusCode).toBe(404);
    const left = await t.db.kysely.selectFrom('tracked_pages').select('url').execute();
    expect(left).toEqual([{ url: 'http://gelato.sandbox.localhost:8080/' }]);
  });
});

describe('the workspace policy', () => {
  it('names as an audit entry’s detail a field of its call’s body', () => {
    const contracts = Object.values(ENDPOINTS).flatMap((group) => Object.values(group));
    const named = (Object.entries(WORKSPACE_POLICY) as [string, WorkspacePolicy][]).filter(
      ([, policy]) => policy.audit?.detail,
    );
    expect(named.length).toBeGreaterThan(10);
    for (const [key, policy] of named) {
      const body = contracts.find((c) => routeKey(c) === key)?.body;
      const fields = body instanceof z.ZodObject ? Object.keys(body.shape) : [];
      expect(fields, key).toContain(policy.audit!.detail);
    }
  });

  it('names only endpoints the API has, each with a workspace to read', () => {
    const contracts = Object.values(ENDPOINTS).flatMap((group) => Object.values(group));
    for (const [key, policy] of Object.entries(WORKSPACE_POLICY) as [string, WorkspacePolicy][]) {
      const contract = contracts.find((c) => routeKey(c) === key);
      expect(contract, key).toBeDefined();
      if (policy.from === 'path') expect(contract!.path, key).toMatch(/^\/workspaces\/:id\b/);
    }
  });
});
