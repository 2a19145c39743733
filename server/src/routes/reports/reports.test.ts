import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@core/messages';
import { weeklyReportSchema } from '@core/schemas/reports';
import { ownedKinds } from '@core/schemas/serp-features';
import { sandboxDay } from '@sandbox';
import { dueWeek } from '../../reports/weekly-reports';
import { describeOnDatabases } from '../../../test/backends';
import type { TestApp } from '../../../test/build-test-app';
import { outboxMessagesTo } from '../../../test/outbox';
import { checkedPickleballWeek, PICKLEBALL, sandboxIndexOn } from '../../../test/sandbox-rank-week';
import { signUp } from '../../../test/users';

const REPORTS = '/backend-service/v1/reports/weekly';

describe('the week a report is due for', () => {
  it('is the one whose Monday 06:00 UTC has passed', () => {
    expect(dueWeek(new Date('2025-12-08T06:00:00Z'))).toBe('2025-12-08');
    expect(dueWeek(new Date('2025-12-08T05:59:00Z'))).toBe('2025-12-01');
    expect(dueWeek(new Date('2025-12-14T23:00:00Z'))).toBe('2025-12-08');
  });
});

describeOnDatabases('Weekly reports', ({ postgres }) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function week() {
    const checked = await checkedPickleballWeek(postgres);
    t = checked.t;
    return checked;
  }

  it("reports the week's moves, visibility and features from the checks, and the speed alerts", async () => {
    const { user, index, clock } = await week();
    // A tracked page that regressed on mobile and recovered, and one still regressed.
    const page = (url: string) => ({
      id: crypto.randomUUID(),
      workspace_id: user.workspace.id,
      url,
      devices: 'mobile',
      schedule: 'daily' as const,
      samples: 3,
      budgets: '{}',
      paused: 0,
      sign_in: null,
      next_due_at: clock.now().toISOString(),
      lease_owner: null,
      lease_until: null,
      created_at: clock.now().toISOString(),
      updated_at: clock.now().toISOString(),
    });
    const [fixed, slow] = [page('https://shop.example/'), page('https://shop.example/cart')];
    await t.db.kysely.insertInto('tracked_pages').values([fixed, slow]).execute();
    const alert = (pageId: string, kind: 'regression' | 'recovery', hoursAgo: number) => ({
      id: crypto.randomUUID(),
      page_id: pageId,
      check_id: null,
      kind,
      device: 'mobile' as const,
      reasons: JSON.stringify(
        kind === 'regression'
          ? [
              {
                kind: 'budget',
                metric: 'lcp',
                value: 4200,
                reference: 2500,
                pValue: null,
                text: 'LCP 4.2 s over its budget of 2.5 s',
              },
            ]
          : [],
      ),
      created_at: new Date(clock.now().getTime() - hoursAgo * 3_600_000).toISOString(),
      emailed_at: null,
      email_error: null,
    });
    await t.db.kysely
      .insertInto('tracking_alerts')
      .values([
        alert(fixed.id, 'regression', 48),
        alert(fixed.id, 'recovery', 24),
        alert(slow.id, 'regression', 5),
      ])
      .execute();

    const response = await t.app.inject({ method: 'GET', url: REPORTS, headers: user.headers });
    expect(response.statusCode).toBe(200);
    const report = weeklyReportSchema.parse(response.json());
    expect(report.rank.keywords).toBe(3);

    // Each keyword's move: from its position on the first day to the last, in the index.
    const firstDay = sandboxDay(new Date(`${PICKLEBALL.first}T00:00:00Z`));
    const lastDay = firstDay + PICKLEBALL.days - 1;
    const positionOn = (keyword: string, day: number) => {
      const at = index
        .rank(keyword, 'en', day)
        .findIndex((p) => new URL(p.url).hostname === PICKLEBALL.domain);
      return at < 0 ? null : at + 1;
    };
    const expectedMoves = PICKLEBALL.keywords
      .map((keyword) => ({
        keyword,
        from: positionOn(keyword, firstDay),
        to: positionOn(keyword, lastDay),
      }))
      .map((m) => ({ ...m, change: (m.from ?? 101) - (m.to ?? 101) }))
      .filter((m) => m.change !== 0);
    expect(expectedMoves.length).toBeGreaterThan(0);
    expect(
      report.rank.moves.map(({ keyword, from, to, change }) => ({ keyword, from, to, change })),
    ).toEqual(
      expectedMoves.sort(
        (a, b) => Math.abs(b.change) - Math.abs(a.change) || a.keyword.localeCompare(b.keyword),
      ),
    );

    // Features won and lost: the sandbox's first page of the first and last days.
    const featuresOn = async (keyword: string, day: number) => {
      const page = await sandboxIndexOn(day).search({
        query: keyword,
        device: 'desktop',
        pageNum: 1,
        googleDomain: 'google.com',
        gl: 'us',
        hl: 'en',
      });
      return new Set(ownedKinds(page.features!, PICKLEBALL.domain));
    };
    const expectedFeatures: { keyword: string; kind: string; change: string }[] = [];
    for (const keyword of PICKLEBALL.keywords) {
      const [had, has] = [await featuresOn(keyword, firstDay), await featuresOn(keyword, lastDay)];
      for (const kind of has)
        if (!had.has(kind)) expectedFeatures.push({ keyword, kind, change: 'won' });
      for (const kind of had)
        if (!has.has(kind)) expectedFeatures.push({ keyword, kind, change: 'lost' });
    }
    expect(
      report.rank.features.map(({ keyword, kind, change }) => ({ keyword, kind, change })),
    ).toEqual(expectedFeatures.sort((a, b) => a.keyword.localeCompare(b.keyword)));

    expect(report.rank.visibility.points).toHaveLength(7);
    expect(report.speed).toEqual({
      pages: 2,
      alerts: [
        expect.objectContaining({
          url: fixed.url,
          kind: 'regression',
          recovered: true,
          reasons: ['LCP 4.2 s over its budget of 2.5 s'],
        }),
        expect.objectContaining({ url: slow.url, kind: 'regression', recovered: false }),
      ],
    });
    expect(report.flows).toEqual({ tracked: 0, alerts: [] });
  });

  it('emails it on Monday to the members who chose it, once a week, with its chart', async () => {
    const { user, clock } = await week();
    const other = await signUp(t.app, 3);
    const call = (method: 'GET' | 'PUT', headers: Record<string, string>, payload?: object) =>
      t.app.inject({
        method,
        url: `${REPORTS}/subscription`,
        headers,
        ...(payload && { payload }),
      });
    // Mail is opt-in: nobody gets it before choosing it.
    expect((await call('GET', user.headers)).json()).toEqual({ weekly: false });
    expect((await call('PUT', user.headers, { weekly: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', user.headers, { weekly: true })).json()).toEqual({ weekly: true });
    expect((await call('GET', user.headers)).json()).toEqual({ weekly: true });
    expect((await call('GET', other.headers)).json()).toEqual({ weekly: false });

    // The week's checks end on Sunday 7 Dec; its report goes out from Monday 06:00 UTC.
    clock.advanceMinutes(24 * 60 + 30);
    expect(clock.now().toISOString()).toBe('2025-12-08T06:30:00.000Z');
    expect(await t.app.services.reports.sendDue()).toBe(1);
    expect(await t.app.services.reports.sendDue()).toBe(0);
    const mails = outboxMessagesTo(t.config, user.user.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // The subject, encoded as headers are: "Weekly report: Personal, 1 Dec – 7 Dec 2025" (the calendar week before the Monday).
    expect(mail).toMatch(/^Subject: =\?UTF-8\?Q\?Weekly_report=3A_Personal=2C_1_Dec_/m);
    expect(mail).toContain('Weekly report: Personal, 1 Dec =E2=80=93 7 Dec 2025.');
    expect(mail).toContain(REPORT_MESSAGES.rankMoves);
    // Monday's first check to Sunday's: dink-daily went from 5th to 1st for each keyword.
    expect(mail).toContain(
      'pickleball courts=E2=80=9D (dink-daily.sandbox.localhost, desktop): #5 =E2=86=92 #1',
    );
    expect(mail).toContain(`${PICKLEBALL.domain}: 100 %`);
    expect(mail).toContain('Content-Type: image/png');
    expect(mail).toContain('cid:visibility');
    expect(mail).toContain(`/reports?ws=${user.workspace.id}`);
    expect(outboxMessagesTo(t.config, other.user.email)).toEqual([]);
    const sent = await t.db.kysely.selectFrom('weekly_reports_sent').selectAll().execute();
    expect(sent).toEqual([expect.objectContaining({ week: '2025-12-08', recipients: 1 })]);

    // Unsubscribed (the week-old session has expired: straight through the service), the
    // next week sends nothing.
    expect(await t.app.services.reports.subscribe(user.workspace.id, user.userId, false)).toBe(
      false,
    );
    clock.advanceMinutes(7 * 24 * 60);
    expect(await t.app.services.reports.sendDue()).toBe(0);
  });
});
