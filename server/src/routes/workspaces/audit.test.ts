import { afterEach, expect, it } from 'vitest';
import { API_BASE } from '@core/endpoints/endpoint';
import type { AuditEntry } from '@core/schemas/workspace-audit';
import { retentionSweep } from '../../retention/retention-sweep';
import { describeOnDatabases } from '../../../test/backends';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { TestClock } from '../../../test/clock';
import { lastLinkTo } from '../../../test/outbox';
import { signUp } from '../../../test/users';
import { callsOf } from '../../../test/workspace-calls';

const WORKSPACES = `${API_BASE}/workspaces`;
const PAGES = `${API_BASE}/tracking/pages`;
const DAY = 24 * 60;

describeOnDatabases('workspace audit log', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const call = callsOf(() => t.app);

  /** Entry by entry, newest first: who (and through which token) did what. */
  const summary = (entries: AuditEntry[]) =>
    entries.map((e) =>
      [e.actor?.email ?? '-', e.token ?? '', e.action, e.subject, e.detail ?? ''].join(' | '),
    );

  it('records who did what, through which token, newest first and a page at a time', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock });
    const ana = await signUp(t.app, 4);
    const bo = await signUp(t.app, 1);
    const a = ana.user.email;
    const b = bo.user.email;
    const step = () => clock.advanceMinutes(1);
    const team = (await call('POST', WORKSPACES, ana, undefined, { name: 'Team' })).json();
    step();
    await call('POST', `${WORKSPACES}/${team.id}/invites`, ana, undefined, {
      email: b,
      role: 'member',
    });
    const token = lastLinkTo(t.config, b).searchParams.get('token');
    step();
    await call('POST', `${API_BASE}/invites/${token}/accept`, bo);
    step();
    const page = { url: 'http://scoops.sandbox.localhost:8080/' };
    const created = await call('POST', PAGES, bo, team.id, page);
    step();
    const made = (
      await call('POST', `${API_BASE}/tokens`, bo, undefined, {
        name: 'Nightly',
        workspaceId: team.id,
        scopes: ['write'],
      })
    ).json();
    step();
    const byToken = { headers: { authorization: `Bearer ${made.token}` } };
    await call('DELETE', `${PAGES}/${created.json().id}`, byToken);
    step();
    await call('PATCH', `${WORKSPACES}/${team.id}/members/${bo.userId}`, ana, undefined, {
      role: 'viewer',
    });
    step();
    // Refused, and read-only, calls write nothing.
    expect((await call('POST', PAGES, bo, team.id, page)).statusCode).toBe(403);
    expect((await call('GET', PAGES, bo, team.id)).statusCode).toBe(200);
    const viewers = await call('GET', `${WORKSPACES}/${team.id}/audit`, bo);
    expect(viewers.statusCode).toBe(403);

    const log = await call('GET', `${WORKSPACES}/${team.id}/audit`, ana);
    expect(log.statusCode).toBe(200);
    expect(summary(log.json().entries)).toEqual([
      `${a} |  | changed role | of a member | viewer`,
      `${b} | Nightly | deleted | tracked page | `,
      `${b} |  | created | API token | Nightly (write)`,
      `${b} |  | created | tracked page | ${page.url}`,
      `${b} |  | joined | workspace | member`,
      `${a} |  | invited | person | ${b}`,
      `${a} |  | created | workspace | Team`,
    ]);
    expect(log.json().next).toBeNull();
    const entries = log.json().entries as AuditEntry[];
    expect(entries[0]!.targetId).toBe(bo.userId);
    expect(entries[1]!.targetId).toBe(created.json().id);
    expect(entries[3]!.targetId).toBe(created.json().id);

    const first = (await call('GET', `${WORKSPACES}/${team.id}/audit?limit=3`, ana)).json();
    expect(first.entries.map((e: AuditEntry) => e.id)).toEqual(
      entries.slice(0, 3).map((e) => e.id),
    );
    const second = (
      await call('GET', `${WORKSPACES}/${team.id}/audit?limit=3&before=${first.next}`, ana)
    ).json();
    expect(second.entries.map((e: AuditEntry) => e.id)).toEqual(
      entries.slice(3, 6).map((e) => e.id),
    );
    const bad = await call('GET', `${WORKSPACES}/${team.id}/audit?limit=0`, ana);
    expect(bad.statusCode).toBe(400);
    // Another workspace's log is one that does not exist.
    expect((await call('GET', `${WORKSPACES}/${ana.userId}/audit`, bo)).statusCode).toBe(404);
  });

  it('keeps entries 13 months, and the acts of an account once it is gone, without its name', async () => {
    const clock = new TestClock();
    t = await buildTestApp({ postgres, clock, env: { SESSION_TTL_HOURS: String(400 * 24) } });
    const ana = await signUp(t.app, 4);
    const team = (await call('POST', WORKSPACES, ana, undefined, { name: 'Team' })).json();
    clock.advanceMinutes(396 * DAY);
    await call('PATCH', `${WORKSPACES}/${team.id}`, ana, undefined, { name: 'Team 2' });
    await retentionSweep.pass(t.app.services, t.app.log);
    const log = (await call('GET', `${WORKSPACES}/${team.id}/audit`, ana)).json();
    // 396 days is past 13 months: the workspace's making is gone, its renaming stays.
    expect(summary(log.entries)).toEqual([`${ana.user.email} |  | changed | workspace | Team 2`]);

    const bo = await signUp(t.app, 4);
    await t.db.kysely
      .insertInto('workspace_members')
      .values({ workspace_id: team.id, user_id: bo.userId, role: 'admin', created_at: 'x' })
      .execute();
    clock.advanceMinutes(1);
    await call('PATCH', `${WORKSPACES}/${team.id}`, bo, undefined, { name: 'Team 3' });
    await t.db.kysely.deleteFrom('users').where('id', '=', bo.userId).execute();
    const after = (await call('GET', `${WORKSPACES}/${team.id}/audit`, ana)).json();
    expect(summary(after.entries)[0]).toBe('- |  | changed | workspace | Team 3');
  });
});
