import { afterEach, expect, it } from 'vitest';
import { API_BASE } from '@core/endpoints/endpoint';
import { WORKSPACE_ERROR_CODES, WORKSPACE_MESSAGES as M } from '@core/messages/workspaces';
import { ACCOUNT_DATA_MESSAGES } from '@core/messages';
import { ROUTES } from '@core/routes';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { lastLinkTo } from '../../../test/outbox';
import { signUp } from '../../../test/users';
import { callIn } from '../../../test/workspace-calls';

const WORKSPACES = `${API_BASE}/workspaces`;
const PAGES = `${API_BASE}/tracking/pages`;
type Person = Awaited<ReturnType<typeof signUp>>;

describeOnDatabases('workspace members and invitations', ({ postgres }) => {
  let t: TestApp;
  let clock: TestClock;
  afterEach(async () => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    who: Person,
    payload?: object,
    workspaceId?: string,
  ) => callIn(t.app, method, url, who, workspaceId, payload);

  async function setup(ownerPlan = 3) {
    clock = new TestClock();
    t = await buildTestApp({ postgres, clock, env: { SESSION_TTL_HOURS: String(30 * 24) } });
    const owner = await signUp(t.app, ownerPlan);
    const team = (await call('POST', WORKSPACES, owner, { name: 'Scoops team' })).json();
    return { owner, team: team as { id: string } };
  }

  /** Invites `who` by their address and returns the emailed link's token. */
  async function invite(by: Person, workspaceId: string, who: Person, role: string) {
    const sent = await call('POST', `${WORKSPACES}/${workspaceId}/invites`, by, {
      email: who.user.email.toUpperCase(),
      role,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const link = lastLinkTo(t.config, who.user.email);
    expect(link.pathname).toBe(ROUTES.invite);
    return link.searchParams.get('token')!;
  }
  const accept = (who: Person, token: string) =>
    call('POST', `${API_BASE}/invites/${token}/accept`, who);

  it('invites by email with a one-use link; the viewer then reads the pages and changes nothing', async () => {
    const { owner, team } = await setup();
    await call('POST', PAGES, owner, { url: 'http://scoops.sandbox.localhost:8080/' }, team.id);
    const viewer = await signUp(t.app);
    const token = await invite(owner, team.id, viewer, 'viewer');
    const invites = (await call('GET', `${WORKSPACES}/${team.id}/invites`, owner)).json();
    expect(invites).toEqual([
      expect.objectContaining({ email: viewer.user.email, role: 'viewer' }),
    ]);

    const joined = await accept(viewer, token);
    expect(joined.json()).toEqual({ id: team.id, name: 'Scoops team', role: 'viewer' });
    const again = await accept(viewer, token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(M.inviteUsed);
    expect((await call('GET', `${WORKSPACES}/${team.id}/invites`, owner)).json()).toEqual([]);

    const pages = await call('GET', PAGES, viewer, undefined, team.id);
    expect(pages.json().pages).toHaveLength(1);
    const add = await call(
      'POST',
      PAGES,
      viewer,
      { url: 'http://x.sandbox.localhost:8080/' },
      team.id,
    );
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(M.roleNeeded('member', 'viewer'));
    const people = (await call('GET', `${WORKSPACES}/${team.id}/members`, viewer)).json();
    expect(
      people.map((p: { email: string; role: string; billingOwner: boolean }) => [
        p.email,
        p.role,
        p.billingOwner,
      ]),
    ).toEqual([
      [owner.user.email, 'owner', true],
      [viewer.user.email, 'viewer', false],
    ]);
    // A viewer manages no one.
    expect((await call('GET', `${WORKSPACES}/${team.id}/invites`, viewer)).statusCode).toBe(403);
  });

  it('refuses an expired link, another address, a member invited again, and seats past the plan', async () => {
    const { owner, team } = await setup(2);
    const bo = await signUp(t.app);
    const cy = await signUp(t.app);
    const token = await invite(owner, team.id, bo, 'member');

    const wrong = await accept(cy, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(M.inviteOtherEmail(bo.user.email));
    expect((await accept(cy, 'x'.repeat(43))).statusCode).toBe(404);

    clock.advanceMinutes(7 * 24 * 60 + 1);
    const late = await accept(bo, token);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(M.inviteExpired);

    // Lite has 3 seats: the owner, then two people (members or open invitations).
    expect((await accept(bo, await invite(owner, team.id, bo, 'member'))).statusCode).toBe(200);
    const again = await call('POST', `${WORKSPACES}/${team.id}/invites`, owner, {
      email: bo.user.email,
      role: 'admin',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(WORKSPACE_ERROR_CODES.alreadyMember);
    await invite(owner, team.id, cy, 'viewer');
    const dee = await signUp(t.app);
    const full = await call('POST', `${WORKSPACES}/${team.id}/invites`, owner, {
      email: dee.user.email,
      role: 'viewer',
    });
    expect(full.statusCode).toBe(403);
    expect(full.json()).toEqual({ message: M.seatsTaken('Lite', 3), code: 'seat_limit' });

    // The personal workspace is never shared.
    const personal = await call('POST', `${WORKSPACES}/${owner.userId}/invites`, owner, {
      email: dee.user.email,
      role: 'viewer',
    });
    expect(personal.statusCode).toBe(409);
    expect(personal.json().message).toBe(M.personalNotShared);
  });

  it('keeps an owner and the plan’s owner; roles change, members leave or are removed, the plan moves on transfer', async () => {
    const { owner, team } = await setup();
    const ada = await signUp(t.app, 4);
    const bo = await signUp(t.app);
    await accept(ada, await invite(owner, team.id, ada, 'admin'));
    await accept(bo, await invite(owner, team.id, bo, 'member'));
    const role = (who: Person, userId: string, next: string) =>
      call('PATCH', `${WORKSPACES}/${team.id}/members/${userId}`, who, { role: next });

    // An admin changes members' roles, but gives or takes no owner role.
    expect((await role(ada, bo.userId, 'viewer')).json()).toMatchObject({ role: 'viewer' });
    expect((await role(ada, bo.userId, 'owner')).json().message).toBe(M.ownerOnly);
    expect((await role(ada, owner.userId, 'admin')).json().message).toBe(M.ownerOnly);
    // The last owner, who also holds the plan, stays.
    const alone = await role(owner, owner.userId, 'admin');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().message).toBe(M.billingOwner);
    const leaving = await call('POST', `${WORKSPACES}/${team.id}/leave`, owner);
    expect(leaving.json().message).toBe(M.billingOwner);

    // Transferring makes Ada the owner on her Pro plan; the first owner may then leave.
    const moved = await call('POST', `${WORKSPACES}/${team.id}/transfer`, owner, {
      userId: ada.userId,
    });
    expect(moved.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: ada.userId, role: 'owner', billingOwner: true }),
      ]),
    );
    const listed = (await call('GET', WORKSPACES, bo)).json();
    expect(listed.find((w: { id: string }) => w.id === team.id).plan).toEqual({
      id: 4,
      name: 'Pro',
      seats: 50,
    });
    expect((await call('POST', `${WORKSPACES}/${team.id}/leave`, owner)).json()).toEqual({
      left: true,
    });
    expect((await call('GET', PAGES, owner, undefined, team.id)).statusCode).toBe(404);

    // Ada removes Bo: his calls in the workspace are refused at once.
    expect(
      (await call('DELETE', `${WORKSPACES}/${team.id}/members/${bo.userId}`, ada)).json(),
    ).toEqual({ deleted: true });
    expect((await call('GET', PAGES, bo, undefined, team.id)).statusCode).toBe(404);
    expect(
      (await call('DELETE', `${WORKSPACES}/${team.id}/members/${bo.userId}`, ada)).statusCode,
    ).toBe(404);
  });

  it('keeps an account that holds the plan of a workspace others use until it is transferred', async () => {
    const { owner, team } = await setup();
    const bo = await signUp(t.app);
    await accept(bo, await invite(owner, team.id, bo, 'member'));
    const remove = () => call('DELETE', `${API_BASE}/account`, owner, { password: 'password123' });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ACCOUNT_DATA_MESSAGES.sharedWorkspaces(['Scoops team']));
    expect((await call('GET', WORKSPACES, bo)).json()).toHaveLength(2);

    // Once Bo holds the plan, the first owner's account goes, and the workspace stays his.
    await call('PATCH', `${WORKSPACES}/${team.id}/members/${bo.userId}`, owner, { role: 'owner' });
    await call('POST', `${WORKSPACES}/${team.id}/transfer`, owner, { userId: bo.userId });
    expect((await remove()).json()).toMatchObject({ status: 'DELETED' });
    const left = (await call('GET', `${WORKSPACES}/${team.id}/members`, bo)).json();
    expect(left).toEqual([expect.objectContaining({ userId: bo.userId, billingOwner: true })]);
  });
});
