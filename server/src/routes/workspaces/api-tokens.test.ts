import crypto from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { API_BASE } from '@core/endpoints/endpoint';
import { TOKEN_ERROR_CODES, TOKEN_MESSAGES } from '@core/messages/api-tokens';
import { WORKSPACE_ERROR_CODES, WORKSPACE_MESSAGES } from '@core/messages/workspaces';
import { policyOfRoute, WORKSPACE_POLICY } from '@core/workspaces/policy';
import { TOKEN_PREFIX } from '@core/workspaces/scopes';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { listOperations, type OpenApiDocument } from '../../../test/fuzz/openapi-operations';
import { signUp } from '../../../test/users';
import { callIn, callsOf } from '../../../test/workspace-calls';

const WORKSPACES = `${API_BASE}/workspaces`;
const TOKENS = `${API_BASE}/tokens`;
const PAGES = `${API_BASE}/tracking/pages`;
type Person = Awaited<ReturnType<typeof signUp>>;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describeOnDatabases('API tokens', ({ postgres }) => {
  let t: TestApp;
  let clock: TestClock;
  afterEach(async () => t?.close());

  type Method = Parameters<typeof callIn>[1];
  const call = callsOf(() => t.app);

  async function setup() {
    clock = new TestClock();
    t = await buildTestApp({ postgres, clock, env: { SESSION_TTL_HOURS: String(30 * 24) } });
    const owner = await signUp(t.app, 4);
    const team = (await call('POST', WORKSPACES, owner, undefined, { name: 'Team' })).json() as {
      id: string;
    };
    return { owner, team };
  }

  const join = (workspaceId: string, userId: string, role: 'viewer' | 'member' | 'admin') =>
    t.db.kysely
      .insertInto('workspace_members')
      .values({ workspace_id: workspaceId, user_id: userId, role, created_at: '2026-11-29' })
      .execute();

  async function makeToken(who: Person, workspaceId: string, scopes: string[], more = {}) {
    const made = await call('POST', TOKENS, who, undefined, {
      name: `CI ${scopes.join('+')}`,
      workspaceId,
      scopes,
      ...more,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: string; token: string };
  }

  it('shows a token once, keeps its hash, and signs in with it in its workspace only', async () => {
    const { owner, team } = await setup();
    const made = await makeToken(owner, team.id, ['read', 'run']);
    expect(made.token.startsWith(TOKEN_PREFIX)).toBe(true);
    const stored = await t.db.kysely.selectFrom('api_tokens').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(made.token);

    const token = bearer(made.token);
    await call('POST', PAGES, owner, team.id, { url: 'http://scoops.sandbox.localhost:8080/' });
    const pages = await call('GET', PAGES, token);
    expect(pages.statusCode).toBe(200);
    expect(pages.json().pages).toHaveLength(1);
    expect((await call('GET', PAGES, token, team.id)).statusCode).toBe(200);
    // Its maker's personal workspace is not the token's.
    const elsewhere = await call('GET', PAGES, token, owner.userId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe(WORKSPACE_ERROR_CODES.notFound);

    const write = await call('POST', PAGES, token, undefined, {
      url: 'http://gelato.sandbox.localhost:8080/',
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      message: TOKEN_MESSAGES.scopeNeeded('write'),
      code: TOKEN_ERROR_CODES.scopeNeeded,
    });
    expect(await t.db.kysely.selectFrom('tracked_pages').select('url').execute()).toHaveLength(1);

    const listed = (await call('GET', TOKENS, owner)).json();
    expect(listed).toEqual([
      {
        id: made.id,
        name: 'CI read+run',
        workspaceId: team.id,
        workspaceName: 'Team',
        scopes: ['read', 'run'],
        createdAt: clock.now().toISOString(),
        lastUsedAt: clock.now().toISOString(),
        expiresAt: null,
      },
    ]);

    // A token manages no tokens, members or account.
    for (const [method, url] of [
      ['GET', TOKENS],
      ['POST', TOKENS],
      ['DELETE', `${TOKENS}/${made.id}`],
      ['GET', `${WORKSPACES}/${team.id}/members`],
      ['POST', `${WORKSPACES}/${team.id}/invites`],
      ['GET', `${API_BASE}/account/export`],
    ] as const) {
      const refused = await call(method, url, token, undefined, {});
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code, `${method} ${url}`).toBe(TOKEN_ERROR_CODES.notForTokens);
    }

    expect((await call('DELETE', `${TOKENS}/${made.id}`, owner)).json()).toEqual({ deleted: true });
    const revoked = await call('GET', PAGES, token);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual({
      message: TOKEN_MESSAGES.invalid,
      code: TOKEN_ERROR_CODES.invalid,
    });
    expect((await call('DELETE', `${TOKENS}/${made.id}`, owner)).statusCode).toBe(404);
    // A dead token is refused even where visitors are welcome.
    expect((await call('POST', `${API_BASE}/rate-limit`, token, undefined, {})).statusCode).toBe(
      401,
    );
  });

  it('runs a search with the run scope, spending its workspace’s allowance, written to its log', async () => {
    const { owner, team } = await setup();
    const runner = bearer((await makeToken(owner, team.id, ['run'])).token);
    const search = { searchTerm: 'dog food', device: 1 };
    const ran = await call('POST', `${API_BASE}/serp-search`, runner, undefined, search);
    expect(ran.statusCode, ran.body).toBe(200);
    expect(await t.app.services.quotas.used(team.id, 'serp')).toBe(1);
    expect(await t.app.services.quotas.used(owner.userId, 'serp')).toBe(0);
    const log = (await call('GET', `${WORKSPACES}/${team.id}/audit`, owner)).json();
    // The token's making and the search share an instant: found by what was done.
    expect(log.entries.find((e: { action: string }) => e.action === 'ran')).toMatchObject({
      actor: { userId: owner.userId },
      token: 'CI run',
      action: 'ran',
      subject: 'SERP analysis',
      detail: 'dog food',
    });
  });

  it('ends at its expiry, with its maker’s membership, and within its maker’s role', async () => {
    const { owner, team } = await setup();
    const brief = await makeToken(owner, team.id, ['read'], { expiresInDays: 1 });
    const bo = await signUp(t.app);
    await join(team.id, bo.userId, 'member');
    const bos = await makeToken(bo, team.id, ['read', 'write']);
    const cy = await signUp(t.app);
    await join(team.id, cy.userId, 'viewer');
    const cys = await makeToken(cy, team.id, ['read', 'run', 'write']);

    const page = { url: 'http://scoops.sandbox.localhost:8080/' };
    expect((await call('POST', PAGES, bearer(bos.token), undefined, page)).statusCode).toBe(201);
    // A viewer's token writes nothing, whatever its scopes.
    const viewers = await call('POST', PAGES, bearer(cys.token), undefined, page);
    expect(viewers.statusCode).toBe(403);
    expect(viewers.json().message).toBe(WORKSPACE_MESSAGES.roleNeeded('member', 'viewer'));
    expect((await call('GET', PAGES, bearer(cys.token))).statusCode).toBe(200);

    const removed = await call('DELETE', `${WORKSPACES}/${team.id}/members/${bo.userId}`, owner);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', PAGES, bearer(bos.token))).statusCode).toBe(401);
    const left = await t.db.kysely.selectFrom('api_tokens').select('user_id').execute();
    expect(left.map((row) => row.user_id).sort()).toEqual([owner.userId, cy.userId].sort());

    expect((await call('GET', PAGES, bearer(brief.token))).statusCode).toBe(200);
    clock.advanceMinutes(24 * 60 + 1);
    expect((await call('GET', PAGES, bearer(brief.token))).statusCode).toBe(401);
  });

  it('refuses a token for another’s workspace, a bad body, and past the limit, writing nothing', async () => {
    const { owner, team } = await setup();
    const stranger = await signUp(t.app);
    const foreign = await call('POST', TOKENS, stranger, undefined, {
      name: 'Mine',
      workspaceId: team.id,
      scopes: ['read'],
    });
    expect(foreign.statusCode).toBe(404);
    for (const body of [
      { name: ' ', workspaceId: team.id, scopes: ['read'] },
      { name: 'CI', workspaceId: team.id, scopes: [] },
      { name: 'CI', workspaceId: team.id, scopes: ['read', 'read'] },
      { name: 'CI', workspaceId: team.id, scopes: ['admin'] },
      { name: 'CI', workspaceId: team.id, scopes: ['read'], expiresInDays: 0 },
    ]) {
      const bad = await call('POST', TOKENS, owner, undefined, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const blank = await call('POST', TOKENS, owner, undefined, {
      name: ' ',
      workspaceId: team.id,
      scopes: ['read'],
    });
    expect(blank.json().message).toContain(TOKEN_MESSAGES.nameRequired);
    expect(await t.db.kysely.selectFrom('api_tokens').select('id').execute()).toEqual([]);
    for (let i = 0; i < 20; i++) await makeToken(owner, team.id, ['read']);
    const over = await call('POST', TOKENS, owner, undefined, {
      name: 'One more',
      workspaceId: team.id,
      scopes: ['read'],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(TOKEN_MESSAGES.limit);
    // Another workspace has its own 20.
    await makeToken(owner, owner.userId, ['read']);
  });

  it('is refused by every documented call outside the policy, and by its scope inside it', async () => {
    const { owner, team } = await setup();
    const only = {
      read: await makeToken(owner, team.id, ['read']),
      run: await makeToken(owner, team.id, ['run']),
      write: await makeToken(owner, team.id, ['write']),
    };
    await t.app.ready();
    const operations = listOperations(t.app.swagger() as unknown as OpenApiDocument);
    let outside = 0;
    let inside = 0;
    for (const op of operations) {
      const template = op.path.slice(API_BASE.length).replace(/\{(\w+)\}/g, ':$1');
      const policy = policyOfRoute(op.method.toUpperCase(), `${API_BASE}${template}`);
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'id' && policy?.from === 'path' ? team.id : crypto.randomUUID(),
      );
      const where = `${op.method} ${op.path}`;
      const method = op.method.toUpperCase() as Method;
      if (!policy) {
        if (!op.secured) continue;
        outside++;
        const answer = await call(method, path, bearer(only.write.token), undefined, {});
        expect(answer.statusCode, where).toBe(403);
        expect(answer.json().code, where).toBe(TOKEN_ERROR_CODES.notForTokens);
        continue;
      }
      inside++;
      expect(op.tokens, where).toBe(policy.scope !== null);
      for (const [scope, made] of Object.entries(only)) {
        const answer = await call(method, path, bearer(made.token), undefined, {});
        const code = answer.json().code;
        if (!policy.scope) expect(code, `${scope} ${where}`).toBe(TOKEN_ERROR_CODES.notForTokens);
        else if (policy.scope === scope) {
          expect(answer.statusCode, `${scope} ${where}`).not.toBe(500);
          expect(code, `${scope} ${where}`).not.toBe(TOKEN_ERROR_CODES.scopeNeeded);
          expect(code, `${scope} ${where}`).not.toBe(TOKEN_ERROR_CODES.notForTokens);
        } else {
          expect(answer.statusCode, `${scope} ${where}`).toBe(403);
          expect(code, `${scope} ${where}`).toBe(TOKEN_ERROR_CODES.scopeNeeded);
        }
      }
    }
    expect(outside).toBeGreaterThan(10);
    expect(inside).toBe(Object.keys(WORKSPACE_POLICY).length);
  });
});
