import { afterEach, expect, it } from 'vitest';
import { FLOW_ERROR_CODES, FLOW_MESSAGES, SIGN_IN_MESSAGES } from '@core/messages';
import type { HistoryResponse, TrackedPage } from '@core/schemas/tracking';
import { describeOnDatabases } from '../../../test/backends';
import type { TestApp } from '../../../test/build-test-app';
import { buildProfileLabApp, type ProfileLab } from '../../../test/profile-lab';
import { signUp } from '../../../test/users';

const API = '/backend-service/v1';
const URL = 'http://petshop.sandbox.localhost:8080/account';
const SESSION = 'petshop-session-token-of-the-test';
const PASSWORD = 'the shop password of the test';

describeOnDatabases('tracked pages measured signed in', ({ postgres }) => {
  let t: TestApp;
  let lab: ProfileLab;
  afterEach(async () => t?.close());

  it('signs in with a flow and a cookie from secrets: refused until both exist, then each sample carries the session and each check says it was signed in', async () => {
    ({ t, lab } = await buildProfileLabApp(postgres, { SESSION_TTL_HOURS: '48' }));
    const user = await signUp(t.app, 2);
    const call = (
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url: `${API}${url}`,
        headers: user.headers,
        ...(payload && { payload }),
      });
    const flow = await call('POST', '/flows', {
      name: 'Sign in',
      steps: [
        { kind: 'navigate', url: 'http://petshop.sandbox.localhost:8080/account/sign-in' },
        { kind: 'type', selector: '#email', text: 'demo@petshop.example' },
        { kind: 'type', selector: '#password', secret: 'SHOP_PASSWORD' },
        { kind: 'click', selector: 'aria/Sign in[role="button"]', navigates: true },
      ],
    });
    const flowId = flow.json<{ id: string }>().id;
    const signIn = { flowId, cookies: [{ name: 'petshop_session', secret: 'SHOP_SESSION' }] };

    // Neither secret yet: refused by name, nothing stored.
    const missing = await call('POST', '/tracking/pages', { url: URL, samples: 2, signIn });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(
      FLOW_MESSAGES.missingSecrets(['SHOP_PASSWORD', 'SHOP_SESSION']),
    );
    const empty = await call('POST', '/tracking/pages', { url: URL, signIn: { cookies: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(SIGN_IN_MESSAGES.signInEmpty);
    const other = await signUp(t.app, 2);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `${API}/tracking/pages`,
      headers: other.headers,
      payload: { url: URL, signIn: { flowId } },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(SIGN_IN_MESSAGES.signInFlowNotFound);
    expect(await t.db.kysely.selectFrom('tracked_pages').select('id').execute()).toEqual([]);

    expect((await call('PUT', '/secrets/SHOP_PASSWORD', { value: PASSWORD })).statusCode).toBe(200);
    expect((await call('PUT', '/secrets/SHOP_SESSION', { value: SESSION })).statusCode).toBe(200);
    const created = await call('POST', '/tracking/pages', { url: URL, samples: 2, signIn });
    expect(created.statusCode, created.body).toBe(201);
    const { id, page } = created.json<{ id: string; page: TrackedPage }>();
    expect(page.signIn).toEqual(signIn);

    const run = await call('POST', `/tracking/pages/${id}/run`);
    expect(run.statusCode, run.body).toBe(202);
    await t.app.services.tracking.scheduler.idle();
    // Both samples in the session: the flow's steps, the cookie's value, the secrets opened.
    expect(lab.runs).toHaveLength(2);
    for (const request of lab.runs) {
      expect(request.session?.steps).toHaveLength(4);
      expect(request.session?.cookies).toEqual([{ name: 'petshop_session', value: SESSION }]);
      expect(request.session?.secrets).toEqual({
        SHOP_PASSWORD: PASSWORD,
        SHOP_SESSION: SESSION,
      });
    }
    const history = (await call('GET', `/tracking/pages/${id}/history`)).json<HistoryResponse>();
    expect(history.checks.map((check) => [check.state, check.signedIn])).toEqual([['ok', true]]);
    // The secrets' values are in no answer.
    expect(JSON.stringify(history) + created.body).not.toMatch(
      /petshop-session-token|shop password/,
    );

    // The sign-in flow stays while a page signs in with it.
    const busy = await call('DELETE', `/flows/${flowId}`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({
      message: FLOW_MESSAGES.usedToSignIn([URL]),
      code: FLOW_ERROR_CODES.usedToSignIn,
    });

    // Signed out again: the next check measures without a session, and says so.
    const out = await call('PATCH', `/tracking/pages/${id}`, { signIn: null });
    expect(out.json<TrackedPage>().signIn).toBeNull();
    await call('POST', `/tracking/pages/${id}/run`);
    await t.app.services.tracking.scheduler.idle();
    expect(lab.runs.slice(2).map((request) => request.session)).toEqual([undefined, undefined]);
    const after = (await call('GET', `/tracking/pages/${id}/history`)).json<HistoryResponse>();
    expect(after.checks.map((check) => check.signedIn).sort()).toEqual([false, true]);
    expect((await call('DELETE', `/flows/${flowId}`)).statusCode).toBe(200);
  });
});
