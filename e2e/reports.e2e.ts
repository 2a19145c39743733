import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@core/messages/reports';
import { percentText } from '@core/number-text';
import { ROUTES } from '@core/routes';
import {
  reportSubscriptionSchema,
  weeklyReportSchema,
  type WeeklyReport,
} from '@core/schemas/reports';
import { storeSession } from './support/accounts';
import { checkedSandboxKeywords } from './support/checked-keywords';
import { expectAccessible } from './support/axe';
import { useBrowser } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { storedToken, visitRoute } from './support/routes';

const h = useBrowser();
const api = (path: string) => `${h.baseUrl}/backend-service/v1${path}`;

/** The sandbox keywords checked once, and the week's report by API. */
async function checkedKeywords(page: Page, prefix: string) {
  const { auth, get } = await checkedSandboxKeywords(page, h.baseUrl, prefix);
  return { auth, report: weeklyReportSchema.parse(await get('/reports/weekly')) };
}

/** The section's rows when the API has some, else its empty state. */
async function expectRowsOrEmpty(page: Page, count: number, row: string, none: string) {
  if (count > 0) await expect.poll(() => page.getByTestId(row).count()).toBe(count);
  else await page.getByTestId(none).waitFor();
}

describe('weekly report', () => {
  it("shows the API's week, keeps the email choice, and prints without the site's chrome", async () => {
    const { page } = await h.newPage({ width: 1366, height: 900 });
    const { auth, report } = await checkedKeywords(page, 'report');
    await storeSession(page, auth);
    // The rank tracking list links to the report.
    await visitRoute(page, ROUTES.rankTracking, false);
    await page.getByTestId('rank-report-link').click();
    await page.waitForURL((url) => url.pathname === ROUTES.reports);

    expect(await page.getByTestId('report-workspace').textContent()).toBe(report.workspace.name);
    await page.getByTestId('rank-visibility-chart').waitFor();
    expect(await page.getByTestId('report-visibility-source').textContent()).toContain(
      report.rank.visibility.curve.source,
    );
    const latest = report.rank.visibility.points.findLast((p) => p.figures !== null)!.figures!;
    expect(latest).toHaveLength(2);
    for (const figure of latest) {
      const cell = page.locator(
        `[data-testid=report-visibility-row][data-domain="${figure.domain}"] [data-testid=report-visibility-value]`,
      );
      expect(await cell.textContent()).toBe(percentText(figure.visibility));
    }
    await expectRowsOrEmpty(page, report.rank.moves.length, 'report-move', 'report-moves-none');
    await expectRowsOrEmpty(
      page,
      report.rank.features.length,
      'report-feature',
      'report-features-none',
    );
    expect(report.speed.alerts).toEqual([]);
    expect(await page.getByTestId('report-speed-none').textContent()).toBe(
      REPORT_MESSAGES.noSpeedAlerts(report.speed.pages),
    );
    expect(await page.getByTestId('report-flows-none').textContent()).toBe(
      REPORT_MESSAGES.noFlowAlerts(report.flows.tracked),
    );
    await page.screenshot({ path: '/tmp/shots/report-1366.png', fullPage: true });

    // The weekly email: chosen, kept across a reload, and what the API says.
    const email = page.getByLabel(REPORT_MESSAGES.subscribe);
    await expect.poll(() => email.isEnabled()).toBe(true);
    expect(await email.isChecked()).toBe(false);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/reports/weekly/subscription') && r.request().method() === 'PUT',
    );
    await email.check();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect.poll(() => email.isEnabled()).toBe(true);
    expect(await email.isChecked()).toBe(true);
    const subscription = await page.request.get(api('/reports/weekly/subscription'), {
      headers: { authorization: `Bearer ${await storedToken(page)}` },
    });
    expect(reportSubscriptionSchema.parse(await subscription.json())).toEqual({ weekly: true });

    // A refused change says so, and the switch goes back.
    await page.route('**/reports/weekly/subscription', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'The server failed' } })
        : route.fallback(),
    );
    await email.click();
    await page.getByTestId('report-subscription-error').waitFor();
    await expect.poll(() => email.isChecked()).toBe(true);
    await page.unroute('**/reports/weekly/subscription');

    await page.getByTestId('rank-visibility-chart').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('header').isVisible()).toBe(false);
    expect(await page.getByTestId('footer').isVisible()).toBe(false);
    expect(await page.getByTestId('report-print').isVisible()).toBe(false);
    expect(await page.getByTestId('report-subscription').isVisible()).toBe(false);
    expect(await page.getByTestId('report-moves').isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/shots/report-print.png', fullPage: true });
  }, 120_000);

  it('on a phone (390 px), the report is no wider than the screen', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const { auth } = await checkedKeywords(page, 'report-phone');
    // A visitor is asked to sign in.
    await visitRoute(page, ROUTES.reports, true);
    await page.getByTestId('report-signed-out').waitFor();
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.reports, false);
    await page.getByTestId('rank-visibility-chart').waitFor();
    await page.getByTestId('report-speed').waitFor();
    await page.screenshot({ path: '/tmp/shots/report-390.png', fullPage: true });
    const found = await horizontalOverflow(page, 'weekly report');
    expect(found, found.join('\n')).toEqual([]);
  }, 120_000);
  it('lists moves, features won and lost, and speed and flow alerts, also on a phone', async () => {
    const { page } = await h.newPage({ width: 390, height: 844 });
    const { auth, report } = await checkedKeywords(page, 'report-rows');
    // A week the sandbox cannot make in a test: moves, features and alerts over the real figures.
    const week: WeeklyReport = {
      ...report,
      rank: {
        ...report.rank,
        moves: [
          {
            keywordId: 'k1',
            keyword: 'ice cream flavors',
            domain: 'gelato-lab.sandbox.localhost',
            device: 'mobile',
            from: 6,
            to: 3,
            depth: 100,
            change: 3,
          },
          {
            keywordId: 'k2',
            keyword: 'homemade ice cream',
            domain: 'gelato-lab.sandbox.localhost',
            device: 'desktop',
            from: 4,
            to: null,
            depth: 100,
            change: -97,
          },
        ],
        features: [
          {
            keywordId: 'k1',
            keyword: 'ice cream flavors',
            domain: 'gelato-lab.sandbox.localhost',
            kind: 'featured_snippet',
            change: 'won',
          },
          {
            keywordId: 'k2',
            keyword: 'homemade ice cream',
            domain: 'gelato-lab.sandbox.localhost',
            kind: 'people_also_ask',
            change: 'lost',
          },
        ],
      },
      speed: {
        pages: 3,
        alerts: [
          {
            pageId: 'p1',
            url: 'https://gelato-lab.sandbox.localhost/a-rather-long-path/to-a-page?with=query',
            device: 'mobile',
            kind: 'regression',
            at: report.to,
            reasons: ['LCP 2.1 s → 3.4 s', 'Performance score 91 → 72'],
            recovered: true,
          },
          {
            pageId: 'p2',
            url: 'https://gelato-lab.sandbox.localhost/',
            device: 'desktop',
            kind: 'unreachable',
            at: report.to,
            reasons: ['HTTP 503'],
            recovered: false,
          },
        ],
      },
      flows: {
        tracked: 1,
        alerts: [
          {
            flowId: 'f1',
            name: 'Checkout',
            kind: 'failing',
            step: 'Pay',
            at: report.to,
            reasons: ['The selector #pay was not found'],
          },
        ],
      },
    };
    await page.route('**/backend-service/v1/reports/weekly', (route) =>
      route.fulfill({ json: week }),
    );
    await storeSession(page, auth);
    await visitRoute(page, ROUTES.reports, false);
    await expect.poll(() => page.getByTestId('report-move').count()).toBe(2);
    expect(await page.getByRole('img', { name: 'Up 3 positions' }).textContent()).toBe('▲3');
    await page.getByRole('img', { name: 'Down 97 positions' }).waitFor();
    expect(await page.getByTestId('report-move').nth(1).textContent()).toContain(
      '#4 → not in the top 100',
    );
    expect(
      await page.locator('[data-testid=report-feature][data-change=won]').textContent(),
    ).toContain('Featured snippet');
    await page
      .locator('[data-testid=report-feature][data-change=lost]')
      .getByText('Lost')
      .waitFor();
    expect(await page.getByTestId('report-speed-alert').count()).toBe(2);
    expect(await page.getByTestId('report-recovered').count()).toBe(1);
    expect(await page.getByTestId('report-flow-alert').textContent()).toContain('Pay');
    await page.getByTestId('rank-visibility-chart').waitFor();
    await page.screenshot({ path: '/tmp/shots/report-rows-390.png', fullPage: true });
    const found = await horizontalOverflow(page, 'weekly report with rows');
    expect(found, found.join('\n')).toEqual([]);
    await expectAccessible(page, 'weekly report with rows');
  }, 120_000);
});
